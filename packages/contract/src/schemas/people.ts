// People as the school's staff see them (/api/admin/school/people/): find a person, see what they
// study and bought, their consents and sign-ins (whether documents are filled, never their values),
// give or take the course-owner and staff roles, block and unblock the account.
import { z } from 'zod';
import { idParam, pageQuery } from './common.ts';
import { paginatedSchema } from './catalog.ts';
import { futureInstant } from './admin.ts';

export const PEOPLE_ROLES = ['staff', 'owner', 'learner', 'blocked'] as const;
export const PEOPLE_SORTS = ['-created_at', 'created_at', 'email', '-last_login_at'] as const;

/** GET /api/admin/school/people/ */
export const peopleQuerySchema = z.object({
  search: z.string().trim().max(100, 'Не длиннее 100 символов.').optional().describe('часть имени, e-mail или телефона (цифры)'),
  role: z.enum(PEOPLE_ROLES, { error: 'Допустимые значения: staff, owner, learner, blocked.' }).optional().describe('learner — есть хотя бы одно зачисление'),
  sort: z.enum(PEOPLE_SORTS, { error: 'Допустимые значения: -created_at, created_at, email, -last_login_at.' }).default('-created_at'),
  page: pageQuery(),
  page_size: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(100, 'Не больше 100.').default(20),
});
export type PeopleQuery = Partial<z.output<typeof peopleQuerySchema>>;

const personBase = {
  id: z.number().int(),
  email: z.string(),
  last_name: z.string().nullable(),
  first_name: z.string().nullable(),
  patronymic: z.string().nullable(),
  phone: z.string().nullable().describe('+7XXXXXXXXXX'),
  is_course_owner: z.boolean(),
  is_staff: z.boolean(),
  blocked_at: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
};

export const personCardSchema = z
  .object({ ...personBase, courses_count: z.number().int().describe('действующих зачислений'), orders_count: z.number().int() })
  .meta({ id: 'PersonCard' });
export type PersonCard = z.infer<typeof personCardSchema>;
export const peoplePageSchema = paginatedSchema(personCardSchema, 'PersonPage');

export const personSchema = z
  .object({
    ...personBase,
    blocked_reason: z.string().nullable(),
    deleted_at: z.string().nullable().describe('когда аккаунт удалён (личные данные стёрты); null — действует'),
    email_verified: z.boolean(),
    birth_date: z.string().nullable(),
    documents: z.object({ passport: z.boolean(), snils: z.boolean() }).describe('заполнены ли документы; сами значения сотрудникам не показываются'),
    students: z.array(z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), type: z.enum(['child', 'adult']) })),
    courses: z.array(
      z.object({
        user_course_id: z.number().int(),
        course: z.object({ id: z.number().int(), title: z.string() }),
        student: z.string().nullable().describe('имя ученика, если учится ребёнок или другой ученик аккаунта'),
        source: z.string(),
        is_active: z.boolean(),
        access_until: z.string().nullable(),
        enrolled_at: z.string(),
        progress: z.object({ lessons_done: z.number().int(), lessons_total: z.number().int() }),
      }),
    ),
    orders: z.array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        course: z.string(),
        status: z.string(),
        amount: z.number().int().describe('копейки'),
        created_at: z.string(),
        paid_at: z.string().nullable(),
      }),
    ),
    consents: z.array(z.object({ kind: z.string(), version: z.number().int().nullable(), given_at: z.string(), withdrawn_at: z.string().nullable() })),
    sessions: z.array(z.object({ started_at: z.string(), last_used_at: z.string(), ip: z.string().nullable(), user_agent: z.string().nullable() })).describe('действующие входы'),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

export const personParamsSchema = z.object({ id: idParam });

/** PATCH /api/admin/school/people/{id}/roles/ */
export const personRolesBodySchema = z
  .object({
    is_course_owner: z.boolean({ error: 'Ожидается true или false.' }).optional(),
    is_staff: z.boolean({ error: 'Ожидается true или false.' }).optional(),
  })
  .strict()
  .meta({ id: 'PersonRoles' });
export type PersonRolesBody = z.infer<typeof personRolesBodySchema>;

/** POST /api/admin/school/people/{id}/courses/: a course given by hand, until a date or for good. */
export const personCourseBodySchema = z
  .object({
    course_id: z.number({ error: 'Выберите курс.' }).int('Выберите курс.').positive('Выберите курс.').max(2_147_483_647, 'Выберите курс.'),
    access_until: futureInstant.optional().describe('до какого момента открыт доступ; без него или null — бессрочно'),
  })
  .strict()
  .meta({ id: 'PersonCourse' });
export type PersonCourseBody = z.infer<typeof personCourseBodySchema>;

/** POST /api/admin/school/people/{id}/block/ */
export const personBlockBodySchema = z
  .object({ reason: z.string({ error: 'Напишите причину.' }).trim().min(1, 'Напишите причину.').max(500, 'Не длиннее 500 символов.') })
  .strict()
  .meta({ id: 'PersonBlock' });
export type PersonBlockBody = z.infer<typeof personBlockBodySchema>;

/** POST /api/admin/school/people/{id}/export/ and …/delete/: the request being carried out, as the journal keeps it. */
export const personRequestBodySchema = z
  .object({
    reason: z
      .string({ error: 'Напишите, по какому обращению.' })
      .trim()
      .min(1, 'Напишите, по какому обращению.')
      .max(500, 'Не длиннее 500 символов.')
      .describe('обращение человека: откуда и когда пришло'),
  })
  .strict()
  .meta({ id: 'PersonRequest' });
export type PersonRequestBody = z.infer<typeof personRequestBodySchema>;
