import { z } from 'zod';
import { COURSE_DURATION_MAX, COURSE_FORMATS, COURSE_LEVELS, COURSE_ORDERINGS, COURSE_SEARCH_MAX, SLUG_PATTERN, PAGE_SIZE_MAX } from '../rules/catalog.ts';
import { audienceSchema, categorySchema, imageOptsSchema, imageSchema } from './content.ts';
import { idParam, pageQuery } from './common.ts';

// The public catalogue.
// Money is integer kopecks everywhere; the site formats it with `formatPrice`.

const intId = idParam;

/**
 * A query value that may arrive once (`?categories=1`) or repeated (`?categories=1&categories=2`);
 * always read as a list of positive ids.
 */
export const idListQuerySchema = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? value : [value]),
  z.array(intId).max(50, 'Не больше 50 значений.').optional(),
);

/** A `true`/`false` query flag (also `1`/`0`). */
export const boolQuerySchema = z
  .enum(['true', 'false', '1', '0'], { error: 'Допустимые значения: true или false.' })
  .transform((value) => value === 'true' || value === '1');

export const courseFormatSchema = z.enum(COURSE_FORMATS);
export const courseLevelSchema = z.enum(COURSE_LEVELS);

// ---------------------------------------------------------------- attributes

export const attributeFlagsSchema = z.object({
  is_tab: z.boolean().describe('Показывается вкладкой на странице курса'),
  is_filter: z.boolean().describe('Фильтр каталога'),
  is_group: z.boolean().describe('В сгруппированном списке свойств курса'),
  is_title: z.boolean().describe('Рядом с названием курса (карточка, шапка страницы)'),
});

export const attributeValueSchema = z.object({ id: z.number().int(), value: z.string() }).meta({ id: 'AttributeValue' });

export const attributeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    type: z.enum(['text', 'list', 'number']),
    ...attributeFlagsSchema.shape,
    values: z.array(attributeValueSchema).describe('Допустимые значения атрибута-списка'),
  })
  .meta({ id: 'Attribute' });
export type Attribute = z.infer<typeof attributeSchema>;
export const attributesResponseSchema = z.array(attributeSchema);
export const attributesQuerySchema = z.object({
  is_tab: boolQuerySchema.optional(),
  is_filter: boolQuerySchema.optional(),
  is_group: boolQuerySchema.optional(),
  is_title: boolQuerySchema.optional(),
});

/** A course's value of one attribute. `value_id` is set for list attributes; `value` may be HTML for tabs. */
export const courseAttributeSchema = z
  .object({
    id: z.number().int().describe('id атрибута'),
    name: z.string(),
    slug: z.string(),
    ...attributeFlagsSchema.shape,
    value_id: z.number().int().nullable(),
    value: z.string(),
  })
  .meta({ id: 'CourseAttribute' });
export type CourseAttribute = z.infer<typeof courseAttributeSchema>;

// ---------------------------------------------------------------- filters

/** One catalogue filter built from an `is_filter` attribute; `count` = courses among the current results. */
export const courseFilterSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    /** Query key the values go into: `attributes`. */
    param: z.literal('attributes'),
    values: z.array(
      z.object({
        id: z.number().int(),
        value: z.string(),
        count: z.number().int().describe('Сколько курсов с этим значением среди найденных без учёта этого фильтра'),
        selected: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'CourseFilter' });
export type CourseFilter = z.infer<typeof courseFilterSchema>;
export const courseFiltersResponseSchema = z.array(courseFilterSchema);

// ---------------------------------------------------------------- courses

/** GET /api/courses/ query: filters as repeated keys, text search, paging. */
export const coursesQuerySchema = z.object({
  categories: idListQuerySchema.describe('id направлений (повторяющийся ключ)'),
  attributes: idListQuerySchema.describe('id значений атрибутов: внутри атрибута — «или», между атрибутами — «и»'),
  subsections: idListQuerySchema.describe('id подборок'),
  type: audienceSchema.optional().describe('adult — для взрослых, kids — для детей'),
  search: z.string().trim().max(COURSE_SEARCH_MAX, `Не больше ${COURSE_SEARCH_MAX} символов.`).optional().describe('Поиск по названию и описанию (русская морфология)'),
  min_duration: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(0, 'Не меньше 0.').max(COURSE_DURATION_MAX).optional(),
  max_duration: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(0, 'Не меньше 0.').max(COURSE_DURATION_MAX).optional(),
  featured: boolQuerySchema.optional().describe('Только курсы для главной страницы'),
  ordering: z.enum(COURSE_ORDERINGS, { error: `Допустимые значения: ${COURSE_ORDERINGS.join(', ')}.` }).optional(),
  page: pageQuery('Номер страницы начинается с 1.'),
  page_size: z.coerce
    .number({ error: 'Ожидается число.' })
    .int('Ожидается целое число.')
    .min(1, 'Не меньше 1.')
    .max(PAGE_SIZE_MAX, `Не больше ${PAGE_SIZE_MAX}.`)
    .default(12),
  image_opts: imageOptsSchema.optional(),
});
export type CoursesQuery = z.input<typeof coursesQuerySchema>;

/** A course as the catalogue card shows it. */
export const courseCardSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    kids: z.boolean(),
    category: categorySchema,
    short_description: z.string().nullable(),
    price: z.number().int().nullable().describe('Цена в копейках; null — бесплатно или по запросу'),
    old_price: z.number().int().nullable().describe('Цена до скидки в копейках'),
    duration_hours: z.number().int().nullable().describe('Академических часов'),
    duration_text: z.string().nullable(),
    format: courseFormatSchema,
    level: courseLevelSchema,
    image: imageSchema.nullable(),
    title_attributes: z.array(courseAttributeSchema).describe('Атрибуты с is_title'),
  })
  .meta({ id: 'CourseCard' });
export type CourseCard = z.infer<typeof courseCardSchema>;

/** GET /api/courses/ answer (shape given by the spec, plus paging). */
export const coursesResponseSchema = z
  .object({
    content: z.array(courseCardSchema),
    filters: z.array(courseFilterSchema),
    total_min_duration: z.number().int().nullable().describe('Наименьшая длительность (часов) среди курсов без учёта фильтра длительности'),
    total_max_duration: z.number().int().nullable(),
    count: z.number().int().describe('Сколько курсов найдено всего'),
    page: z.number().int(),
    page_size: z.number().int(),
    total_pages: z.number().int(),
  })
  .meta({ id: 'CourseList' });
export type CoursesResponse = z.infer<typeof coursesResponseSchema>;

export const reviewSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    rating: z.number().int().min(1).max(5),
    published_at: z.string().describe('Дата публикации, YYYY-MM-DD'),
    text: z.string(),
    on_main: z.boolean(),
    on_noschool: z.boolean(),
    course: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }).nullable(),
    reply: z.string().nullable().describe('ответ школы под отзывом'),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

export const teacherSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    position: z.string().nullable(),
    bio: z.string().nullable(),
    photo: imageSchema.nullable(),
    on_main: z.boolean(),
    on_noschool: z.boolean(),
  })
  .meta({ id: 'Teacher' });
export type Teacher = z.infer<typeof teacherSchema>;

export const seoSchema = z
  .object({
    title: z.string().describe('<title>; по умолчанию название'),
    description: z.string().nullable(),
    h1: z.string().describe('Заголовок страницы; по умолчанию название'),
    keywords: z.string().nullable(),
  })
  .meta({ id: 'Seo' });
export type Seo = z.infer<typeof seoSchema>;

export const ogSchema = z
  .object({
    title: z.string(),
    description: z.string().nullable(),
    image: imageSchema.nullable(),
  })
  .meta({ id: 'OpenGraph' });
export type OpenGraph = z.infer<typeof ogSchema>;

/** The course page's program: modules with their lessons' and tests' titles, then final tests. */
export const courseProgramSchema = z
  .object({
    modules: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        content: z.array(z.object({ id: z.number().int(), title: z.string(), type: z.enum(['lesson', 'test']) })),
      }),
    ),
    final_tests: z.array(z.object({ id: z.number().int(), title: z.string() })),
  })
  .meta({ id: 'CourseProgram' });
export type CourseProgram = z.infer<typeof courseProgramSchema>;

/** GET /api/courses/{slug or id}/ */
export const courseDetailSchema = courseCardSchema
  .extend({
    description: z.string().nullable().describe('HTML'),
    age: z
      .object({
        min: z.number().int().nullable().describe('от, полных лет; null — без ограничения'),
        max: z.number().int().nullable().describe('до, включительно; null — без ограничения'),
      })
      .describe('Возраст учеников: заказ и заявка проверяют по нему дату рождения ребёнка (на начало группы, иначе на сегодня)'),
    og: ogSchema,
    seo: seoSchema,
    attributes: z.array(courseAttributeSchema).describe('Все атрибуты курса по порядку'),
    program: courseProgramSchema,
    teachers: z.array(teacherSchema),
    reviews: z.array(reviewSchema),
    rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
    updated_at: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'CourseDetail' });
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const courseKeyParamSchema = z.object({
  id: z
    .string()
    .regex(SLUG_PATTERN, 'Ожидается slug или id курса.')
    .describe('slug или числовой id курса'),
});

export const reviewsQuerySchema = z.object({
  on_main: boolQuerySchema.optional(),
  on_noschool: boolQuerySchema.optional(),
  course: z.string().regex(SLUG_PATTERN, 'Ожидается slug или id курса.').optional(),
  page: coursesQuerySchema.shape.page,
  page_size: z.coerce
    .number({ error: 'Ожидается число.' })
    .int('Ожидается целое число.')
    .min(1, 'Не меньше 1.')
    .max(100, 'Не больше 100.')
    .default(20),
});

/** DRF-style page of a list that can grow (api-conventions: `{count, next, previous, results}`). */
export function paginatedSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      count: z.number().int(),
      next: z.string().nullable().describe('Путь и запрос следующей страницы'),
      previous: z.string().nullable(),
      results: z.array(item),
    })
    .meta({ id });
}
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const reviewsResponseSchema = paginatedSchema(reviewSchema, 'ReviewPage');

export const teachersQuerySchema = z.object({
  on_main: boolQuerySchema.optional(),
  on_noschool: boolQuerySchema.optional(),
  image_opts: imageOptsSchema.optional(),
});
export const teachersResponseSchema = z.array(teacherSchema);

export const subsectionSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    image: imageSchema.nullable(),
    count: z.number().int().describe('Опубликованных курсов в подборке; на сайте показываются только с count > 0'),
  })
  .meta({ id: 'Subsection' });
export type Subsection = z.infer<typeof subsectionSchema>;
export const subsectionsQuerySchema = z.object({ image_opts: imageOptsSchema.optional() });
export const subsectionsResponseSchema = z.array(subsectionSchema);
