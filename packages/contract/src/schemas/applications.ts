// Applications sent through the site's forms as the school's staff handle them
// (/api/admin/school/applications/), and the school's dashboard (/api/admin/school/dashboard/).
import { z } from 'zod';
import { APPLICATION_STATUSES, APPLICATION_TEXTS, type ApplicationStatus } from '../rules/applications.ts';
import { idField, idParam, pageQuery } from './common.ts';
import { paginatedSchema } from './catalog.ts';
import { isoDate } from './statistics.ts';

const STATUS_KEYS = APPLICATION_STATUSES.map((s) => s.id) as [ApplicationStatus, ...ApplicationStatus[]];
const statusEnum = z.enum(STATUS_KEYS, { error: 'Допустимые значения: new, in_work, done, spam.' });

export const APPLICATION_SORTS = ['-created_at', 'created_at', 'status'] as const;

/** GET /api/admin/school/applications/ */
export const applicationsQuerySchema = z.object({
  search: z.string().trim().max(100, 'Не длиннее 100 символов.').optional().describe('часть имени, e-mail или телефона (цифры)'),
  status: statusEnum.optional(),
  form: z.string().trim().max(60, 'Не длиннее 60 символов.').optional().describe('ключ формы, например course_form'),
  course: idParam.optional().describe('id курса, со страницы которого отправлена заявка'),
  assignee: z
    .union([z.literal('me'), z.literal('none'), idParam], { error: 'Ожидается id сотрудника, me или none.' })
    .optional()
    .describe('id сотрудника, me — мои, none — ничьи'),
  from: isoDate.optional().describe('первый день (по Москве), YYYY-MM-DD, включительно'),
  to: isoDate.optional().describe('последний день (по Москве), YYYY-MM-DD, включительно'),
  sort: z.enum(APPLICATION_SORTS, { error: 'Допустимые значения: -created_at, created_at, status.' }).default('-created_at'),
  page: pageQuery(),
  page_size: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(100, 'Не больше 100.').default(20),
});
export type ApplicationsQuery = Partial<z.output<typeof applicationsQuerySchema>>;

const staffRef = z.object({ id: z.number().int(), name: z.string() });

const applicationBase = {
  id: z.number().int(),
  form: z.object({ key: z.string(), title: z.string() }),
  course: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }).nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe('+7XXXXXXXXXX'),
  status: statusEnum,
  assignee: staffRef.nullable(),
  created_at: z.string(),
};

export const applicationCardSchema = z.object(applicationBase).meta({ id: 'ApplicationCard' });
export type ApplicationCard = z.infer<typeof applicationCardSchema>;
export const applicationsPageSchema = paginatedSchema(applicationCardSchema, 'ApplicationPage');

export const applicationSchema = z
  .object({
    ...applicationBase,
    fields: z.array(z.object({ name: z.string(), title: z.string(), type: z.string(), value: z.string() })).describe('поля формы, как их заполнил человек'),
    consents: z.array(z.object({ kind: z.string(), version: z.number().int().nullable() })),
    sender_id: z.number().int().nullable().describe('аккаунт, с которого отправлена заявка'),
    person: z
      .object({ id: z.number().int(), email: z.string(), name: z.string() })
      .nullable()
      .describe('аккаунт с тем же e-mail (или отправивший заявку)'),
    orders: z.array(
      z.object({ id: z.number().int(), code: z.string(), course: z.string(), status: z.string(), amount: z.number().int().describe('копейки'), created_at: z.string() }),
    ),
    notes: z.array(z.object({ id: z.number().int(), text: z.string(), author: z.string(), created_at: z.string() })),
    staff: z.array(staffRef).describe('кому можно назначить заявку'),
    updated_at: z.string(),
  })
  .meta({ id: 'Application' });
export type Application = z.infer<typeof applicationSchema>;

export const applicationParamsSchema = z.object({ id: idParam });

/** POST /api/admin/school/applications/{id}/status/ */
export const applicationStatusBodySchema = z.object({ status: statusEnum }).strict().meta({ id: 'ApplicationStatusBody' });
export type ApplicationStatusBody = z.infer<typeof applicationStatusBodySchema>;

/** POST /api/admin/school/applications/{id}/assign/ */
export const applicationAssignBodySchema = z
  .object({ assignee_id: idField('Выберите сотрудника.').nullable().describe('null — снять назначение') })
  .strict()
  .meta({ id: 'ApplicationAssignBody' });
export type ApplicationAssignBody = z.infer<typeof applicationAssignBodySchema>;

/** POST /api/admin/school/applications/{id}/notes/ */
export const applicationNoteBodySchema = z
  .object({ text: z.string({ error: APPLICATION_TEXTS.noteEmpty }).trim().min(1, APPLICATION_TEXTS.noteEmpty).max(2000, 'Не длиннее 2000 символов.') })
  .strict()
  .meta({ id: 'ApplicationNoteBody' });
export type ApplicationNoteBody = z.infer<typeof applicationNoteBodySchema>;

export const applicationsNewCountSchema = z.object({ count: z.number().int() }).meta({ id: 'ApplicationsNewCount' });

const salesSchema = z.object({
  paid_count: z.number().int(),
  paid_sum: z.number().int().describe('копейки'),
  refunded_count: z.number().int(),
  refunded_sum: z.number().int().describe('копейки'),
});

/** GET /api/admin/school/dashboard/ */
export const dashboardSchema = z
  .object({
    today: z.string().describe('сегодняшний день по Москве, YYYY-MM-DD'),
    sales: z.object({ today: salesSchema, week: salesSchema, month: salesSchema }).describe('неделя — с понедельника, месяц — с 1-го числа, по Москве'),
    new_applications: z.number().int(),
    awaiting_payment: z.object({ count: z.number().int(), sum: z.number().int().describe('копейки') }),
    groups: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        course: z.object({ id: z.number().int(), title: z.string() }),
        starts_on: z.string(),
        taken: z.number().int(),
        capacity: z.number().int().nullable().describe('null — без ограничения'),
      }),
    ),
    daily: z.array(z.object({ day: z.string(), count: z.number().int(), sum: z.number().int().describe('копейки') })).describe('продажи по дням за 30 дней, по Москве'),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;
