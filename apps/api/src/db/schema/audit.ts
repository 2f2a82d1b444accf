import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The audit trail: one row per change made by staff or a course owner, written in the change's own
 * transaction (a change rolled back leaves no record, a record never lacks its change). Personal
 * data in `before`/`after` is masked when written; rows older than the retention are deleted.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Who acted; null once their account is deleted (the row keeps `actorEmail`). */
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The actor's e-mail as it was when they acted: who did it stays known. */
    actorEmail: text().notNull(),
    /** 'staff' or 'owner': the role the actor held when acting. */
    actorRole: text().notNull(),
    /** The client's address (or a job's label). */
    ip: text().notNull(),
    /** What was done: a key of the contract's AUDIT_ACTIONS. */
    action: text().notNull(),
    /** What it was done to: a key of AUDIT_ENTITIES and the row's id (a text key for a few, e.g. a section). */
    entity: text().notNull(),
    entityId: text(),
    /** The course the change belongs to, when it belongs to one (for filtering a course's history). */
    courseId: integer(),
    /** A short human summary: the title or name of what changed. */
    summary: text().notNull().default(''),
    /** The changed fields' values before and after (masked, long texts shortened); null for none. */
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index().on(t.at),
    index().on(t.actorId, t.at),
    index().on(t.entity, t.entityId),
    index().on(t.courseId, t.at),
    index('audit_events_action_at_idx').on(t.action, sql`${t.at} desc`),
    // The journal's search for any part of who or what (ILIKE '%…%').
    index('audit_events_actor_email_trgm_idx').using('gin', t.actorEmail.op('gin_trgm_ops')),
    index('audit_events_summary_trgm_idx').using('gin', t.summary.op('gin_trgm_ops')),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
