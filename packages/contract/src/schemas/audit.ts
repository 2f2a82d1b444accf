// The audit trail as staff read it: who changed what, when, from where, the fields before and after.
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from '../rules/audit.ts';
import { idParam, pageQuery } from './common.ts';
import { isoDate } from './statistics.ts';
import { paginatedSchema } from './catalog.ts';

// Here, not beside the labels: browser code imports the rules, and a top-level call stays in its chunk.
const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
const AUDIT_ENTITY_KEYS = Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]];

export const AUDIT_SORTS = ['-at', 'at'] as const;

/** GET /api/admin/school/audit/ */
export const auditQuerySchema = z.object({
  search: z.string().trim().max(100, 'Не длиннее 100 символов.').optional().describe('часть e-mail того, кто действовал, или описания'),
  action: z.enum(AUDIT_ACTION_KEYS, { error: 'Нет такого действия.' }).optional(),
  entity: z.enum(AUDIT_ENTITY_KEYS, { error: 'Нет такого вида записей.' }).optional(),
  entity_id: z.string().trim().max(60, 'Не длиннее 60 символов.').optional().describe('id записи; вместе с entity'),
  course: idParam.optional().describe('id курса: изменения этого курса'),
  actor: idParam.optional().describe('id пользователя, который действовал'),
  from: isoDate.optional().describe('первый день (по Москве), YYYY-MM-DD, включительно'),
  to: isoDate.optional().describe('последний день (по Москве), YYYY-MM-DD, включительно'),
  sort: z.enum(AUDIT_SORTS, { error: 'Ожидается -at или at.' }).default('-at').describe('-at — сначала новые'),
  page: pageQuery(),
  page_size: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(100, 'Не больше 100.').default(50),
});
/** The journal's query as a client sends it (every parameter optional). */
export type AuditQuery = Partial<z.output<typeof auditQuerySchema>>;

export const auditEventSchema = z
  .object({
    id: z.number().int(),
    at: z.string().describe('ISO 8601'),
    actor: z.object({
      id: z.number().int().nullable().describe('null — аккаунт удалён'),
      email: z.string(),
      role: z.enum(['staff', 'owner']),
    }),
    ip: z.string(),
    action: z.enum(AUDIT_ACTION_KEYS),
    entity: z.enum(AUDIT_ENTITY_KEYS),
    entity_id: z.string().nullable(),
    course_id: z.number().int().nullable(),
    summary: z.string(),
    before: z.record(z.string(), z.unknown()).nullable().describe('изменённые поля до (персональные данные скрыты)'),
    after: z.record(z.string(), z.unknown()).nullable().describe('изменённые поля после'),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEventOut = z.infer<typeof auditEventSchema>;

export const auditPageSchema = paginatedSchema(auditEventSchema, 'AuditEventPage');
