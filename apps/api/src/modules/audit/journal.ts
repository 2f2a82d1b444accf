// Reading the audit trail (staff only) and keeping it no longer than configured.
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { moscowInstant, type AuditEventOut, type Paginated, type auditQuerySchema } from '@crema/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { auditEvents, type AuditEvent } from '../../db/schema/index.ts';
import { pageLinks } from '../../lib/paging.ts';
import type { JobDefinition } from '../../lib/jobs.ts';

type AuditQuery = z.output<typeof auditQuerySchema>;

const DAY_MS = 86_400_000;

function toEvent(row: AuditEvent): AuditEventOut {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, email: row.actorEmail, role: row.actorRole === 'staff' ? 'staff' : 'owner' },
    ip: row.ip,
    action: row.action as AuditEventOut['action'],
    entity: row.entity as AuditEventOut['entity'],
    entity_id: row.entityId,
    course_id: row.courseId,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** GET /api/admin/school/audit/: the journal, newest first unless asked otherwise, filtered on the server. */
export async function listAuditEvents(db: Executor, query: AuditQuery, url: string): Promise<Paginated<AuditEventOut>> {
  const like = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const conditions: (SQL | undefined)[] = [
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.entity ? eq(auditEvents.entity, query.entity) : undefined,
    query.entity_id ? eq(auditEvents.entityId, query.entity_id) : undefined,
    query.course ? eq(auditEvents.courseId, query.course) : undefined,
    query.actor ? eq(auditEvents.actorId, query.actor) : undefined,
    query.from ? gte(auditEvents.at, moscowInstant(query.from, '00:00')) : undefined,
    query.to ? lt(auditEvents.at, new Date(moscowInstant(query.to, '00:00').getTime() + DAY_MS)) : undefined,
    like ? or(ilike(auditEvents.actorEmail, like), ilike(auditEvents.summary, like)) : undefined,
  ];
  const where = and(...conditions);
  const order = query.sort === 'at' ? [asc(auditEvents.at), asc(auditEvents.id)] : [desc(auditEvents.at), desc(auditEvents.id)];
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(auditEvents).where(where),
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  return { count: total, ...pageLinks(url, query.page, query.page_size, total), results: rows.map(toEvent) };
}

/** Deletes the records older than `days`; returns how many. */
export async function pruneAuditEvents(db: Executor, days: number): Promise<number> {
  const deleted = await db
    .delete(auditEvents)
    .where(lt(auditEvents.at, sql`now() - make_interval(days => ${days})`))
    .returning({ id: auditEvents.id });
  return deleted.length;
}

/** The pruning as an hourly job (lib/jobs.ts). */
export function auditRetentionJob(db: Executor, days: number): JobDefinition {
  return { name: 'audit.retention', everyMs: 3_600_000, run: async () => ({ deleted: await pruneAuditEvents(db, days) }) };
}
