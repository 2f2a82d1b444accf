// Groups and their timetables for the school's staff (/api/admin/school/groups/): every course's
// groups with seats and fill, a group's form (dates, format, capacity, teacher, the version the
// form saw), publishing and closing, its sessions in Moscow time and its members.
import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { paginatedSchema } from './catalog.ts';
import { idParam, pageQuery } from './common.ts';
import { isoDate } from './statistics.ts';

const id = z.number().int();
const pickId = (message: string) => z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const SCHOOL_GROUP_STATUSES = ['draft', 'published', 'closed'] as const;
export type SchoolGroupStatus = (typeof SCHOOL_GROUP_STATUSES)[number];
export const SCHOOL_GROUP_SORTS = ['starts_on', '-starts_on', 'title', '-fill'] as const;
export const SCHOOL_GROUP_FORMATS = ['offline', 'online'] as const;

/** GET /api/admin/school/groups/ */
export const schoolGroupsQuerySchema = z.object({
  search: z.string().trim().max(100, 'Не длиннее 100 символов.').optional().describe('часть названия группы или курса'),
  course: idParam.optional().describe('id курса'),
  status: z.enum(SCHOOL_GROUP_STATUSES, { error: 'Допустимые значения: draft, published, closed.' }).optional(),
  sort: z.enum(SCHOOL_GROUP_SORTS, { error: 'Допустимые значения: starts_on, -starts_on, title, -fill.' }).default('starts_on'),
  page: pageQuery(),
  page_size: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(100, 'Не больше 100.').default(20),
});
export type SchoolGroupsQuery = Partial<z.output<typeof schoolGroupsQuerySchema>>;

const teacherSchema = z.object({ id, first_name: z.string(), last_name: z.string() });

export const schoolGroupCardSchema = z
  .object({
    id,
    title: z.string(),
    course: z.object({ id, slug: z.string(), title: z.string() }),
    starts_on: z.string().describe('YYYY-MM-DD'),
    ends_on: z.string().nullable(),
    status: z.enum(SCHOOL_GROUP_STATUSES).describe('draft — черновик, published — в расписании, closed — закрыта'),
    format: z.string().describe('offline — очно, online — онлайн'),
    teacher: teacherSchema.nullable(),
    capacity: z.number().int().nullable().describe('мест в группе; null — без ограничения'),
    seats_taken: z.number().int().describe('места заказов (оплаченных и ждущих оплаты) и добавленных вручную'),
    seats_left: z.number().int().nullable(),
    waiting_orders: z.number().int().describe('заказы в группу, ещё не оплаченные'),
    fill_rate: z.number().int().nullable().describe('заполненность, %; null — без ограничения мест'),
    members_count: z.number().int(),
    sessions_count: z.number().int(),
  })
  .meta({ id: 'SchoolGroupCard' });
export type SchoolGroupCard = z.infer<typeof schoolGroupCardSchema>;
export const schoolGroupsPageSchema = paginatedSchema(schoolGroupCardSchema, 'SchoolGroupPage');

export const schoolSessionSchema = z
  .object({
    id,
    title: z.string(),
    date: z.string().describe('день по Москве, YYYY-MM-DD'),
    starts: z.string().describe('начало по Москве, ЧЧ:ММ'),
    ends: z.string().describe('конец по Москве, ЧЧ:ММ'),
    starts_at: z.string(),
    ends_at: z.string(),
    location: z.string().nullable().describe('своё место занятия; null — место группы'),
    lesson: z.object({ id, title: z.string() }).nullable(),
    test: z.object({ id, title: z.string() }).nullable(),
    is_past: z.boolean(),
  })
  .meta({ id: 'SchoolSession' });
export type SchoolSession = z.infer<typeof schoolSessionSchema>;

export const schoolGroupSchema = z
  .object({
    ...schoolGroupCardSchema.shape,
    location: z.string().nullable().describe('адрес очной группы'),
    online_url: z.string().nullable().describe('ссылка на онлайн-занятия; видят только участники группы'),
    bring: z.string().nullable().describe('что взять с собой на первое занятие (в письме накануне)'),
    version: z.number().int().describe('версия формы: пришлите её в PATCH, чтобы не затереть чужую правку'),
    sessions: z.array(schoolSessionSchema),
    programme: z.object({
      lessons: z.array(z.object({ id, title: z.string() })),
      tests: z.array(z.object({ id, title: z.string() })),
    }).describe('опубликованные уроки и тесты курса — что может открывать занятие'),
  })
  .meta({ id: 'SchoolGroup' });
export type SchoolGroup = z.infer<typeof schoolGroupSchema>;

/** GET /api/admin/school/groups/options/: what the group form chooses from. */
export const schoolGroupOptionsSchema = z
  .object({
    courses: z.array(z.object({ id, title: z.string() })),
    teachers: z.array(teacherSchema),
  })
  .meta({ id: 'SchoolGroupOptions' });
export type SchoolGroupOptions = z.infer<typeof schoolGroupOptionsSchema>;

const title = z.string({ error: 'Укажите название.' }).trim().min(1, 'Укажите название.').max(200, 'Не длиннее 200 символов.');
const httpUrl = z
  .string({ error: 'Ожидается ссылка.' })
  .trim()
  .max(500, 'Не длиннее 500 символов.')
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), 'Ссылка должна начинаться с https:// или http://.');

const groupFields = {
  title,
  starts_on: z.string({ error: 'Укажите дату начала.' }).min(1, 'Укажите дату начала.').pipe(isoDate),
  ends_on: isoDate.nullable().optional(),
  format: z.enum(SCHOOL_GROUP_FORMATS, { error: 'Выберите: очно или онлайн.' }),
  location: z.string().trim().max(300, 'Не длиннее 300 символов.').nullable().optional(),
  online_url: httpUrl.nullable().optional(),
  bring: z.string({ error: 'Ожидается текст.' }).trim().max(500, 'Не длиннее 500 символов.').nullable().optional().describe('что взять с собой на первое занятие: для письма накануне'),
  capacity: z.number({ error: 'Ожидается число мест.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(10_000, 'Не больше 10 000.').nullable().optional(),
  teacher_id: pickId('Выберите преподавателя.').nullable().optional(),
};

/** POST /api/admin/school/groups/: a new group (a draft) of a course. */
export const schoolGroupCreateSchema = z
  .object({ course_id: pickId('Выберите курс.'), ...groupFields })
  .strict()
  .meta({ id: 'SchoolGroupCreate' });
export type SchoolGroupCreate = z.infer<typeof schoolGroupCreateSchema>;

/** PATCH /api/admin/school/groups/{id}/: the form's fields and the version it was opened at. */
export const schoolGroupPatchSchema = z
  .object({ version: z.number({ error: 'Обновите страницу.' }).int('Обновите страницу.').min(1, 'Обновите страницу.').max(2_147_483_647, 'Обновите страницу.'), ...groupFields })
  .strict()
  .meta({ id: 'SchoolGroupPatch' });
export type SchoolGroupPatch = z.infer<typeof schoolGroupPatchSchema>;

const hhmm = z.string({ error: 'Укажите время.' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Время в формате ЧЧ:ММ.');

/** POST and PATCH of a session: Moscow date and times, what it is and what it opens. */
export const schoolSessionBodySchema = z
  .object({
    title: title.describe('например, «Занятие 1. Эспрессо»'),
    date: z.string({ error: 'Укажите дату.' }).min(1, 'Укажите дату.').pipe(isoDate).describe('день по Москве'),
    starts: hhmm.describe('начало по Москве'),
    ends: hhmm.describe('конец по Москве'),
    location: z.string().trim().max(300, 'Не длиннее 300 символов.').nullable().optional(),
    lesson_id: pickId('Выберите урок.').nullable().optional(),
    test_id: pickId('Выберите тест.').nullable().optional(),
  })
  .strict()
  .meta({ id: 'SchoolSessionBody' });
export type SchoolSessionBody = z.infer<typeof schoolSessionBodySchema>;

export const schoolGroupParamsSchema = z.object({ id: idParam });
export const schoolSessionParamsSchema = z.object({ id: idParam, sessionId: idParam });
export const schoolMemberParamsSchema = z.object({ id: idParam, userCourseId: idParam });

export const schoolMemberSchema = z
  .object({
    user_course_id: id,
    user: z.object({ id, email: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable() }),
    student: z.string().nullable().describe('имя ученика, если учится ребёнок аккаунта'),
    source: z.string(),
    order_code: z.string().nullable(),
    joined_at: z.string(),
  })
  .meta({ id: 'SchoolMember' });
export type SchoolMember = z.infer<typeof schoolMemberSchema>;

export const schoolMembersSchema = z
  .object({
    members: z.array(schoolMemberSchema),
    invited: z.array(z.object({ id, email: z.string(), created_at: z.string() })).describe('приглашены по e-mail, аккаунта ещё нет'),
  })
  .meta({ id: 'SchoolMembers' });
export type SchoolMembers = z.infer<typeof schoolMembersSchema>;

/** POST /api/admin/school/groups/{id}/members/ */
export const schoolMemberAddSchema = z.object({ email: emailSchema }).strict().meta({ id: 'SchoolMemberAdd' });
export type SchoolMemberAdd = z.infer<typeof schoolMemberAddSchema>;
export const schoolMemberAddedSchema = z
  .object({ status: z.enum(['enrolled', 'invited']), detail: z.string() })
  .meta({ id: 'SchoolMemberAdded' });
export type SchoolMemberAdded = z.infer<typeof schoolMemberAddedSchema>;

/** POST /api/admin/school/groups/{id}/members/{userCourseId}/move/ */
export const schoolMemberMoveSchema = z.object({ group_id: pickId('Выберите группу.') }).strict().meta({ id: 'SchoolMemberMove' });
export type SchoolMemberMove = z.infer<typeof schoolMemberMoveSchema>;
