// Writing the audit trail: what staff and course owners change, recorded by the service that makes
// the change, with the change's own executor (its transaction), so a record exists exactly when its
// change does. Values are kept as the journal needs them: only the fields that changed, personal
// data masked, long texts shortened.
import { AUDIT_MASKED_FIELDS, type AuditAction, type AuditEntity } from '@crema/contract/rules';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { isStaffActor, type SignedInActor } from '../auth/actor.ts';

/** One change as a service describes it. */
export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: number | string | null;
  /** The course the change belongs to, if any: the journal filters a course's history by it. */
  courseId?: number | null;
  /** The title or name of what changed, as a person recognises it. */
  summary?: string | null;
  /** The record before the change (an update or a deletion); any shape with plain values. */
  before?: object | null;
  /** The record after the change (a creation or an update). */
  after?: object | null;
}

/** Fields never kept: bookkeeping columns, search vectors, and secrets (a link's token opens a course). */
const SKIPPED = new Set(['updated_at', 'created_at', 'search_vector', 'search', 'token', 'token_hash', 'password', 'password_hash', 'secret']);
const MASKED = new Set<string>(AUDIT_MASKED_FIELDS);
/** Longer texts (rich-text bodies) keep their start and their length. */
const MAX_TEXT = 300;

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** An e-mail as the journal shows it: first letter and domain ('i•••@mail.ru'). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** A personal value as the journal keeps it: that it is there, hardly what it is. */
export function maskValue(field: string, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value ?? null;
  if (field === 'email' && typeof value === 'string') return maskEmail(value);
  if (field === 'phone' && typeof value === 'string') {
    const digits = value.replace(/\D/g, '');
    return `•••${digits.slice(-2)}`;
  }
  return '•••';
}

/** A value made plain and short enough for the journal. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length} симв.)` : value;
  if (typeof value === 'bigint') return value.toString();
  if (value !== null && typeof value === 'object') {
    const text = JSON.stringify(value);
    return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length} симв.)` : value;
  }
  return value ?? null;
}

/** A record's fields with snake_case names, bookkeeping left out, personal data masked. */
export function journalFields(record: object | null | undefined): Record<string, unknown> | null {
  if (!record) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const field = snakeCase(key);
    if (SKIPPED.has(field) || typeof value === 'function') continue;
    out[field] = MASKED.has(field) ? maskValue(field, value) : plain(value);
  }
  return out;
}

/**
 * The fields that differ between `before` and `after` (both as `journalFields` made them): for an
 * update only those are kept, so the journal says what changed. A field absent from one side is
 * compared with null.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before, after };
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[field] ?? null;
    const b = after[field] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    was[field] = a;
    now[field] = b;
  }
  return { before: was, after: now };
}

/** The role an actor changes things in: staff act as staff wherever they act; a curator who owns no course, as a curator. */
function roleOf(actor: SignedInActor): 'staff' | 'owner' | 'curator' {
  if (isStaffActor(actor)) return 'staff';
  return actor.user.isCourseOwner || !actor.user.isCurator ? 'owner' : 'curator';
}

/**
 * Writes one audit record with `db` — the executor of the change's transaction. An update whose
 * `before` and `after` do not differ in any kept field is not a change and leaves no record.
 */
export async function recordAudit(db: Executor, actor: SignedInActor, entry: AuditEntry): Promise<void> {
  const { before, after } = changedFields(journalFields(entry.before), journalFields(entry.after));
  if (entry.before && entry.after && before && Object.keys(before).length === 0) return;
  await db.insert(auditEvents).values({
    actorId: actor.user.id,
    actorEmail: actor.user.email,
    actorRole: roleOf(actor),
    ip: actor.ip,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    courseId: entry.courseId ?? null,
    summary: (entry.summary ?? '').slice(0, MAX_TEXT),
    before,
    after,
  });
}
