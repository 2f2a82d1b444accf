// The school's teachers and reviews, edited by staff (decision 0073): /api/admin/school/site/teachers/
// and /api/admin/school/site/reviews/; a learner's own review of a course they study:
// /api/user/course/{id}/review/. Moments are ISO 8601 (the screens show Moscow time).
import { z } from 'zod';
import { idField, idParam, int4, pageQuery } from './common.ts';
import { paginatedSchema } from './catalog.ts';

/** What a staff screen and a learner see of a review's state. */
export const REVIEW_STATUSES = ['new', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const line = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Не длиннее ${max} символов.`);
const optionalText = (max: number) =>
  z
    .string({ error: 'Ожидается текст.' })
    .trim()
    .max(max, `Не длиннее ${max} символов.`)
    .nullable()
    .transform((value) => (value ? value : null));
const version = int4({ min: 1, error: 'Ожидается номер версии.' }).describe('версия, с которой открыта форма; другая — 409');

// ---------------------------------------------------------------- teachers

const teacherFields = {
  first_name: line('Укажите имя.', 100),
  last_name: line('Укажите фамилию.', 100),
  position: optionalText(200).default(null).describe('должность, например «Q-грейдер»'),
  bio: optionalText(3000).default(null).describe('рассказ о себе, простой текст; абзацы — пустой строкой'),
  photo: z.string({ error: 'Ожидается ключ файла.' }).trim().max(300, 'Слишком длинный ключ файла.').nullable().default(null).describe('ключ загруженной картинки (POST /api/admin/uploads/?kind=image)'),
  on_main: z.boolean({ error: 'Ожидается true или false.' }).default(false),
  on_noschool: z.boolean({ error: 'Ожидается true или false.' }).default(false),
  course_ids: z
    .array(idField('Выберите курс.'))
    .max(100, 'Не больше 100 курсов.')
    .refine((ids) => new Set(ids).size === ids.length, 'Курс выбран дважды.')
    .default([])
    .describe('курсы преподавателя; на странице добавленного курса он встаёт последним'),
};

/** POST /api/admin/school/site/teachers/ */
export const siteTeacherCreateSchema = z.object(teacherFields).strict().meta({ id: 'SiteTeacherCreate' });
export type SiteTeacherCreate = z.output<typeof siteTeacherCreateSchema>;
export type SiteTeacherInput = z.input<typeof siteTeacherCreateSchema>;

/** PATCH /api/admin/school/site/teachers/{id}/: the whole form with the version it was opened at. */
export const siteTeacherUpdateSchema = z.object({ ...teacherFields, version }).strict().meta({ id: 'SiteTeacherUpdate' });
export type SiteTeacherUpdate = z.output<typeof siteTeacherUpdateSchema>;

export const siteTeacherSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    position: z.string().nullable(),
    bio: z.string().nullable(),
    photo: z.string().nullable().describe('ключ картинки'),
    photo_url: z.string().nullable().describe('адрес картинки для предпросмотра'),
    on_main: z.boolean(),
    on_noschool: z.boolean(),
    sort: z.number().int(),
    version: z.number().int(),
    courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
    groups: z.array(z.object({ id: z.number().int(), title: z.string() })).describe('опубликованные группы, которые он ведёт'),
  })
  .meta({ id: 'SiteTeacher' });
export type SiteTeacher = z.infer<typeof siteTeacherSchema>;
export const siteTeachersSchema = z.array(siteTeacherSchema).meta({ id: 'SiteTeachers' });

/** PUT /api/admin/school/site/teachers/order/: every teacher's id, in the new order. */
export const siteTeachersOrderSchema = z
  .object({ ids: z.array(idField()).min(1, 'Пустой порядок.').max(1000, 'Слишком длинный список.') })
  .strict()
  .meta({ id: 'SiteTeachersOrder' });

export const siteParamsSchema = z.object({ id: idParam });

// ---------------------------------------------------------------- reviews

export const siteReviewSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(REVIEW_STATUSES),
    name: z.string(),
    rating: z.number().int(),
    text: z.string(),
    published_at: z.string().describe('дата отзыва на сайте, YYYY-MM-DD'),
    course: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }).nullable(),
    author: z.object({ id: z.number().int(), email: z.string() }).nullable().describe('ученик, оставивший отзыв на сайте'),
    reply: z.string().nullable(),
    replied_at: z.string().nullable(),
    on_main: z.boolean(),
    on_noschool: z.boolean(),
    version: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'SiteReview' });
export type SiteReview = z.infer<typeof siteReviewSchema>;
export const siteReviewsPageSchema = paginatedSchema(siteReviewSchema, 'SiteReviewPage');

export const siteReviewsQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: 'Допустимые значения: new, published, hidden.' }).optional(),
  course: idParam.optional(),
  rating: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(5, 'Не больше 5.').optional(),
  search: z.string().trim().max(100, 'Не длиннее 100 символов.').optional().describe('часть имени или текста'),
  page: pageQuery(),
  page_size: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(100, 'Не больше 100.').default(20),
});
export type SiteReviewsQuery = z.output<typeof siteReviewsQuerySchema>;

/** PATCH /api/admin/school/site/reviews/{id}/: a typo in the text or the name, the flags; with the version it was opened at. */
export const siteReviewUpdateSchema = z
  .object({
    version,
    name: line('Укажите имя автора.', 100).optional(),
    text: line('Текст отзыва не может быть пустым.', 5000).optional(),
    on_main: z.boolean({ error: 'Ожидается true или false.' }).optional(),
    on_noschool: z.boolean({ error: 'Ожидается true или false.' }).optional(),
  })
  .strict()
  .meta({ id: 'SiteReviewUpdate' });
export type SiteReviewUpdateInput = z.input<typeof siteReviewUpdateSchema>;

/** POST …/reviews/{id}/publish/ and …/hide/: the version the list or the card was opened at. */
export const siteReviewStateSchema = z.object({ version }).strict().meta({ id: 'SiteReviewState' });

/** POST …/reviews/{id}/reply/: the school's reply (empty — none). */
export const siteReviewReplySchema = z
  .object({ version, reply: optionalText(3000).describe('ответ школы; null или пустая строка — убрать ответ') })
  .strict()
  .meta({ id: 'SiteReviewReply' });
export type SiteReviewReplyInput = z.input<typeof siteReviewReplySchema>;

export const siteReviewsNewCountSchema = z.object({ count: z.number().int() }).meta({ id: 'SiteReviewsNewCount' });

// ---------------------------------------------------------------- a learner's review

/** POST /api/user/course/{id}/review/: the learner's one review of the course they study. */
export const learnerReviewBodySchema = z
  .object({
    rating: z.number({ error: 'Поставьте оценку от 1 до 5.' }).int('Поставьте оценку от 1 до 5.').min(1, 'Поставьте оценку от 1 до 5.').max(5, 'Поставьте оценку от 1 до 5.'),
    name: line('Укажите, как подписать отзыв.', 100),
    text: z.string({ error: 'Напишите отзыв.' }).trim().min(10, 'Напишите отзыв — хотя бы пару слов, от 10 символов.').max(5000, 'Не длиннее 5000 символов.'),
  })
  .strict()
  .meta({ id: 'LearnerReviewBody' });
export type LearnerReviewInput = z.input<typeof learnerReviewBodySchema>;

export const learnerReviewSchema = z
  .object({
    review: z
      .object({ id: z.number().int(), status: z.enum(REVIEW_STATUSES), rating: z.number().int(), name: z.string(), text: z.string(), reply: z.string().nullable(), created_at: z.string() })
      .nullable()
      .describe('отзыв ученика об этом курсе; null — ещё не оставлял'),
    suggested_name: z.string().describe('подпись по умолчанию: имя и первая буква фамилии'),
  })
  .meta({ id: 'LearnerReview' });
export type LearnerReview = z.infer<typeof learnerReviewSchema>;
