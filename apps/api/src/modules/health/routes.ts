import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@crema/contract';

const startedAt = Date.now();

/** GET /api/health/: the process is up; the database state is measured, not assumed. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/',
    {
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
