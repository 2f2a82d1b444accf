import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Idempotency keys of requests (plugins/idempotency.ts): one row per caller's scope, route and key.
 * `running` while the first request is being answered (until `locked_until`: a process that died
 * leaves a row another may take over), `done` with the stored answer, sealed (it may carry
 * personal data or a session). Rows are deleted after `expires_at` (pruneIdempotencyKeys).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** A digest of the scope (user, guest device or none), the route and the client's key. */
    id: text().primaryKey(),
    /** A digest of the request's body: the same key with another body is refused (422). */
    requestHash: text().notNull(),
    status: text({ enum: ['running', 'done'] }).notNull().default('running'),
    lockedUntil: timestamp({ withTimezone: true }).notNull(),
    /** The stored answer's status code and its sealed status, headers and body; null while running. */
    responseStatus: integer(),
    response: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);
