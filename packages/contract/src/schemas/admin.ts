// The course builder (issue 14, spec §7 Admin, decision 0035): a course owner's courses, their
// modules and the order of modules, lessons and tests. Money in kopecks, as everywhere.
import { z } from 'zod';
import { COURSE_FORMATS, COURSE_LEVELS, SLUG_PATTERN } from '../rules/catalog.ts';
import { imageSchema } from './content.ts';

const id = z.number().int();
const intId = z.coerce
  .number({ error: 'Ожидается целое число.' })
  .int('Ожидается целое число.')
  .positive('Ожидается положительное число.')
  .max(2_147_483_647, 'Слишком большое число.');

/** Longest title of a course, module, lesson or test. */
export const ADMIN_TITLE_MAX = 200;

const title = (what: string) =>
  z
    .string({ error: `Введите ${what}.` })
    .trim()
    .min(1, `Введите ${what}.`)
    .max(ADMIN_TITLE_MAX, `Не длиннее ${ADMIN_TITLE_MAX} символов.`);
const optionalText = (max: number) =>
  z
    .string({ error: 'Ожидается текст.' })
    .trim()
    .max(max, `Не длиннее ${max} символов.`)
    .transform((v) => (v === '' ? null : v))
    .nullable();
const kopecks = z
  .number({ error: 'Ожидается сумма в копейках.' })
  .int('Сумма в копейках — целое число.')
  .min(0, 'Цена не может быть отрицательной.')
  .max(100_000_000_00, 'Слишком большая цена.')
  .nullable();

export const ADMIN_COURSE_STATUSES = ['draft', 'published'] as const;

export const adminCourseParamsSchema = z.object({ id: intId.describe('id курса') });
export const adminModuleParamsSchema = z.object({ id: intId.describe('id модуля') });

/** GET /api/admin/courses/ */
export const adminCoursesQuerySchema = z.object({
  search: z.string().trim().max(100, 'Не длиннее 100 символов.').optional().describe('часть названия или slug'),
  status: z.enum(ADMIN_COURSE_STATUSES, { error: 'Допустимые значения: draft или published.' }).optional(),
  page: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').default(1),
  page_size: z.coerce
    .number({ error: 'Ожидается число.' })
    .int('Ожидается целое число.')
    .min(1, 'Не меньше 1.')
    .max(100, 'Не больше 100.')
    .default(20),
});

export const adminCourseCardSchema = z
  .object({
    id,
    title: z.string(),
    slug: z.string(),
    is_published: z.boolean(),
    is_kids: z.boolean(),
    category: z.object({ id, name: z.string() }),
    image: imageSchema.nullable(),
    price: z.number().int().nullable().describe('копейки'),
    modules_count: z.number().int(),
    lessons_count: z.number().int(),
    learners_count: z.number().int().describe('действующих зачислений'),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminCourseCard' });
export type AdminCourseCard = z.infer<typeof adminCourseCardSchema>;

/** The editable fields of a course (PATCH takes any of them). */
const courseFields = {
  title: title('название курса'),
  slug: z
    .string({ error: 'Введите адрес курса.' })
    .trim()
    .toLowerCase()
    .regex(SLUG_PATTERN, 'Адрес — латинские буквы, цифры и дефисы, начинается с буквы или цифры.')
    .refine((v) => !/^\d+$/.test(v), 'Адрес не может состоять из одних цифр.'),
  category_id: intId,
  is_kids: z.boolean({ error: 'Ожидается true или false.' }),
  short_description: optionalText(500),
  description: optionalText(100_000).describe('HTML; теги вне разрешённых удаляются'),
  price: kopecks.describe('копейки; null — цена не указана'),
  old_price: kopecks.describe('цена до скидки, копейки'),
  duration_hours: z.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(10_000, 'Не больше 10000.').nullable(),
  duration_text: optionalText(100),
  format: z.enum(COURSE_FORMATS, { error: 'Выберите формат.' }),
  level: z.enum(COURSE_LEVELS, { error: 'Выберите уровень.' }),
  seo_title: optionalText(200),
  seo_description: optionalText(500),
  seo_h1: optionalText(200),
  seo_keywords: optionalText(500),
  og_title: optionalText(200),
  og_description: optionalText(500),
};

/** POST /api/admin/courses/: a new draft; the address is made from the title unless given. */
export const adminCourseCreateSchema = z
  .object({
    title: courseFields.title,
    category_id: intId.describe('категория каталога'),
    is_kids: courseFields.is_kids.optional(),
    slug: courseFields.slug.optional(),
  })
  .strict();

/** PATCH /api/admin/courses/{id}/ */
export const adminCoursePatchSchema = z
  .object(courseFields)
  .partial()
  .extend({
    is_published: z.boolean({ error: 'Ожидается true или false.' }).optional(),
    updated_at: z
      .string()
      .datetime({ offset: true, error: 'Ожидается дата и время ISO 8601.' })
      .optional()
      .describe('updated_at курса, который редактировали: если курс с тех пор изменили, ответ 409'),
  })
  .strict();
export type AdminCoursePatch = z.infer<typeof adminCoursePatchSchema>;

export const adminCourseSchema = z
  .object({
    id,
    title: z.string(),
    slug: z.string(),
    category_id: id,
    is_kids: z.boolean(),
    short_description: z.string().nullable(),
    description: z.string().nullable(),
    price: z.number().int().nullable(),
    old_price: z.number().int().nullable(),
    duration_hours: z.number().int().nullable(),
    duration_text: z.string().nullable(),
    format: z.enum(COURSE_FORMATS),
    level: z.enum(COURSE_LEVELS),
    image: imageSchema.nullable(),
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
    seo_h1: z.string().nullable(),
    seo_keywords: z.string().nullable(),
    og_title: z.string().nullable(),
    og_description: z.string().nullable(),
    is_published: z.boolean(),
    publish_problems: z.array(z.string()).describe('чего не хватает для публикации; пусто — курс можно публиковать'),
    learners_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string().describe('версия для обнаружения одновременной правки (PATCH updated_at)'),
  })
  .meta({ id: 'AdminCourse' });
export type AdminCourse = z.infer<typeof adminCourseSchema>;

/** A lesson or test as the course structure lists it. */
const structureItem = z.object({ id, title: z.string(), sort: z.number().int(), is_published: z.boolean() });

export const adminModuleSchema = z
  .object({
    id,
    title: z.string(),
    sort: z.number().int(),
    lessons: z.array(structureItem.extend({ blocks_count: z.number().int(), pages_count: z.number().int() })),
    tests: z.array(structureItem.extend({ questions_count: z.number().int() })),
  })
  .meta({ id: 'AdminModule' });
export type AdminModule = z.infer<typeof adminModuleSchema>;
export const adminModulesSchema = z.array(adminModuleSchema).meta({ id: 'AdminModules' });

export const adminModuleBodySchema = z.object({ title: title('название модуля') }).strict();
export const adminLessonCreateSchema = z.object({ title: title('название урока') }).strict();
export const adminTestCreateSchema = z.object({ name: title('название теста') }).strict();

export const adminLessonCardSchema = structureItem.extend({ module_id: id }).meta({ id: 'AdminLessonCard' });
export const adminTestCardSchema = structureItem.extend({ module_id: id.nullable() }).meta({ id: 'AdminTestCard' });

/** POST …/set-order/: the whole new order, every id of the list exactly once. */
export const setOrderBodySchema = z
  .object({
    order: z
      .array(z.number({ error: 'Ожидается список id.' }).int('Ожидается целое число.').positive('Ожидается положительное число.'), {
        error: 'Ожидается список id.',
      })
      .max(500, 'Не больше 500 элементов.')
      .refine((ids) => new Set(ids).size === ids.length, 'Id в списке повторяются.')
      .describe('все id списка в новом порядке'),
  })
  .strict();

/** POST /api/admin/modules/{id}/content/set-order/: lessons and tests of a module in one sequence. */
export const contentOrderBodySchema = z
  .object({
    order: z
      .array(
        z.object({
          type: z.enum(['lesson', 'test'], { error: 'Ожидается lesson или test.' }),
          id: z.number({ error: 'Ожидается id.' }).int('Ожидается целое число.').positive('Ожидается положительное число.'),
        }),
        { error: 'Ожидается список уроков и тестов.' },
      )
      .max(500, 'Не больше 500 элементов.')
      .describe('все уроки и тесты модуля в новом порядке'),
  })
  .strict();
