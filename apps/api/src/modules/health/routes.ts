import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema } from '@crema/contract';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE, SHUTTING_DOWN } from '../../errors.ts';

const probeSchema = z.object({ status: z.enum(['live', 'ready']) });
const notReadySchema = z.object({ detail: z.string() });

const startedAt = Date.now();

/**
 * GET /api/health/: the process is up; the database state is measured, not assumed.
 * GET /api/health/live/: the process serves (no database call): restart it when this fails.
 * GET /api/health/ready/: it can serve a request now — the database answers and it is not shutting
 * down: send it traffic only while this is 200 (decision 0075).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/live/',
    {
      config: { access: 'public' },
      schema: { summary: 'Процесс отвечает (без обращения к базе данных)', tags: ['service'], response: { 200: probeSchema } },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: 'live' as const };
    },
  );

  app.get(
    '/health/ready/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Готов принимать запросы: база данных доступна, процесс не останавливается',
        tags: ['service'],
        response: { 200: probeSchema, 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const notReady = (detail: string) => reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({ detail });
      if (app.lifecycle.stopping) return notReady(SHUTTING_DOWN);
      try {
        await app.deps.pool.query('select 1');
      } catch {
        return notReady(DATABASE_UNAVAILABLE);
      }
      // Shutdown may have begun while the database answered.
      if (app.lifecycle.stopping) return notReady(SHUTTING_DOWN);
      return reply.send({ status: 'ready' as const });
    },
  );

  app.get(
    '/health/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Состояние сервиса и базы данных',
        tags: ['service'],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      let up = true;
      try {
        await app.deps.pool.query('select 1');
      } catch {
        up = false;
      }
      const latency = up ? Math.round((performance.now() - started) * 100) / 100 : null;
      void reply.header('cache-control', 'no-store');
      return reply.status(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: { status: up ? 'up' : 'down', latency_ms: latency, embedded: app.deps.embeddedDatabase ?? false },
        version: process.env.npm_package_version ?? '0.0.0',
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
      });
    },
  );
};
