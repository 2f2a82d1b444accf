// The course builder (decision 0035): a course owner's courses, their
// modules and the order of modules, lessons and tests. Money in kopecks, as everywhere.
import { z } from 'zod';
import { AGE_TEXTS, COURSE_AGE_BOUNDS } from '../rules/ages.ts';
import { COURSE_FORMATS, COURSE_LEVELS, ENROLMENT_SOURCES, SLUG_PATTERN } from '../rules/catalog.ts';
import { imageSchema } from './content.ts';
import { codeSchema, emailSchema, signUpConsentSchema } from './auth.ts';
import { TEST_REVIEWS, lessonBlockSchema } from './learning.ts';
import { adminHomeworkFields } from './homework.ts';
import { HOMEWORK_TASK_IMAGES_MAX } from '../rules/homework.ts';
import { idField, idParam, int4, kopecks as kopecksField, pageQuery } from './common.ts';

const id = z.number().int();
const intId = idParam;

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
const kopecks = kopecksField().nullable();
/** One end of a course's age range: whole years within COURSE_AGE_BOUNDS; null — no limit. */
const age = (what: string) =>
  int4({ ...COURSE_AGE_BOUNDS, error: 'Введите возраст числом.', minMessage: AGE_TEXTS.outOfBounds, maxMessage: AGE_TEXTS.outOfBounds })
    .nullable()
    .describe(`${what}, полных лет (${COURSE_AGE_BOUNDS.min}–${COURSE_AGE_BOUNDS.max}); null — без ограничения`);

/** A storage key of an uploaded file (what the upload call answers), never a URL or a path up. */
const storageKey = z
  .string({ error: 'Загрузите файл.' })
  .trim()
  .min(1, 'Загрузите файл.')
  .max(300, 'Слишком длинный ключ файла.')
  .regex(/^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]*$/, 'Неверный ключ файла: загрузите файл заново.');
export const ADMIN_COURSE_STATUSES = ['draft', 'published'] as const;

export const adminCourseParamsSchema = z.object({ id: intId.describe('id курса') });
export const adminModuleParamsSchema = z.object({ id: intId.describe('id модуля') });

/** GET /api/admin/courses/ */
export const adminCoursesQuerySchema = z.object({
  search: z.string().trim().max(100, 'Не длиннее 100 символов.').optional().describe('часть названия или slug'),
  status: z.enum(ADMIN_COURSE_STATUSES, { error: 'Допустимые значения: draft или published.' }).optional(),
  page: pageQuery(),
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
  duration_hours: int4({ min: 1, max: 10_000, maxMessage: 'Не больше 10000.' }).nullable(),
  duration_text: optionalText(100),
  age_min: age('Возраст учеников от'),
  age_max: age('Возраст учеников до (включительно); «от» не больше «до»'),
  format: z.enum(COURSE_FORMATS, { error: 'Выберите формат.' }),
  level: z.enum(COURSE_LEVELS, { error: 'Выберите уровень.' }),
  seo_title: optionalText(200),
  seo_description: optionalText(500),
  seo_h1: optionalText(200),
  seo_keywords: optionalText(500),
  og_title: optionalText(200),
  og_description: optionalText(500),
  image: storageKey.nullable().describe('обложка: ключ загруженной картинки (POST /api/admin/uploads/?kind=image)'),
  og_image: storageKey.nullable().describe('картинка для соцсетей: ключ загруженной картинки'),
};

/** POST /api/admin/courses/: a new draft; the address is made from the title unless given. */
export const adminCourseCreateSchema = z
  .object({
    title: courseFields.title,
    category_id: intId.describe('категория каталога'),
    is_kids: courseFields.is_kids.optional(),
    slug: courseFields.slug.optional(),
  })
  .strict()
  .meta({ id: 'AdminCourseCreate' });

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
  .strict()
  .meta({ id: 'AdminCoursePatch' });
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
    age_min: z.number().int().nullable().describe('возраст учеников от, полных лет; null — без ограничения'),
    age_max: z.number().int().nullable().describe('возраст учеников до, включительно; null — без ограничения'),
    format: z.enum(COURSE_FORMATS),
    level: z.enum(COURSE_LEVELS),
    image: imageSchema.nullable(),
    image_key: z.string().nullable(),
    og_image_key: z.string().nullable(),
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

export const adminModuleBodySchema = z.object({ title: title('название модуля') }).strict()
  .meta({ id: 'AdminModuleBody' });
export const adminLessonCreateSchema = z.object({ title: title('название урока') }).strict()
  .meta({ id: 'AdminLessonCreate' });
export const adminTestCreateSchema = z.object({ name: title('название теста') }).strict()
  .meta({ id: 'AdminTestCreate' });

export const adminLessonCardSchema = structureItem.extend({ module_id: id }).meta({ id: 'AdminLessonCard' });
export const adminTestCardSchema = structureItem.extend({ module_id: id.nullable() }).meta({ id: 'AdminTestCard' });

/** POST …/set-order/: the whole new order, every id of the list exactly once. */
export const setOrderBodySchema = z
  .object({
    order: z
      .array(idField('Ожидается список id.'), {
        error: 'Ожидается список id.',
      })
      .max(500, 'Не больше 500 элементов.')
      .refine((ids) => new Set(ids).size === ids.length, 'Id в списке повторяются.')
      .describe('все id списка в новом порядке'),
  })
  .strict()
  .meta({ id: 'SetOrder' });

/** POST /api/admin/modules/{id}/content/set-order/: lessons and tests of a module in one sequence. */
export const contentOrderBodySchema = z
  .object({
    order: z
      .array(
        z.object({
          type: z.enum(['lesson', 'test'], { error: 'Ожидается lesson или test.' }),
          id: idField(),
        }),
        { error: 'Ожидается список уроков и тестов.' },
      )
      .max(500, 'Не больше 500 элементов.')
      .describe('все уроки и тесты модуля в новом порядке'),
  })
  .strict()
  .meta({ id: 'ContentOrder' });

// ---------------------------------------------------------------- lessons and their blocks

export const adminLessonParamsSchema = z.object({ id: intId.describe('id урока') });

const version = z
  .string({ error: 'Ожидается версия (updated_at).' })
  .datetime({ offset: true, error: 'Ожидается дата и время ISO 8601.' });

/** GET /api/admin/lessons/{id}/ */
export const adminLessonSchema = z
  .object({
    id,
    title: z.string(),
    duration_minutes: z.number().int().nullable(),
    is_published: z.boolean(),
    module: z.object({ id, title: z.string() }),
    course: z.object({ id, title: z.string(), slug: z.string() }),
    page_count: z.number().int(),
    blocks_count: z.number().int(),
    updated_at: z.string().describe('версия урока и его блоков: PATCH и PUT блоков с устаревшей версией отвечают 409'),
  })
  .meta({ id: 'AdminLesson' });
export type AdminLesson = z.infer<typeof adminLessonSchema>;

/** PATCH /api/admin/lessons/{id}/: any of the fields; `module_id` moves the lesson to the end of another module of the course. */
export const adminLessonPatchSchema = z
  .object({
    title: title('название урока'),
    duration_minutes: int4({ min: 1, max: 1440, error: 'Ожидается число минут.', maxMessage: 'Не больше 1440.' }).nullable(),
    is_published: z.boolean({ error: 'Ожидается true или false.' }),
    module_id: intId.describe('модуль того же курса'),
    updated_at: version.describe('версия урока, которую редактировали'),
  })
  .partial()
  .strict()
  .meta({ id: 'AdminLessonPatch' });
export type AdminLessonPatch = z.infer<typeof adminLessonPatchSchema>;

const line = (max: number) => z.string({ error: 'Ожидается текст.' }).trim().max(max, `Не длиннее ${max} символов.`);
const required = (what: string, max: number) => line(max).min(1, `Заполните ${what}.`);
/** A player link (https) or the storage key of an uploaded video. */
const videoSource = z.union(
  [
    z
      .string()
      .trim()
      .regex(/^https:\/\/[^\s]+$/, 'Ссылка на видео должна начинаться с https://')
      .max(1000, 'Слишком длинная ссылка.'),
    storageKey,
  ],
  { error: 'Вставьте ссылку на видео (https://…) или загрузите файл.' },
);

/** The data of a block as the editor writes it (storage keys for files and images). */
export const adminBlockDataSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('text'), html: z.string({ error: 'Ожидается текст.' }).max(200_000, 'Слишком длинный текст.') }),
    z.object({
      type: z.literal('video'),
      url: videoSource,
      title: line(200).nullish(),
      poster: storageKey.nullish(),
      duration_seconds: int4({ min: 1, max: 86_400 }).nullish(),
    }),
    z.object({ type: z.literal('image'), image: storageKey, alt: required('описание картинки для незрячих', 300), caption: line(300).nullish() }),
    z.object({ type: z.literal('file'), file: storageKey, title: required('название файла', 200), size_bytes: int4().nullish() }),
    z.object({ type: z.literal('quote'), text: required('текст цитаты', 2000), author: line(200).nullish(), author_role: line(200).nullish() }),
    z.object({
      type: z.literal('recipe'),
      title: required('название рецепта', 200),
      parameters: z.array(z.object({ name: required('параметр', 100), value: required('значение', 100) })).max(30, 'Не больше 30 параметров.'),
      steps: z.array(required('шаг', 1000)).max(50, 'Не больше 50 шагов.'),
    }),
    z.object({
      ...adminHomeworkFields,
      images: z
        .array(z.object({ image: storageKey, alt: required('описание картинки для незрячих', 300) }))
        .max(HOMEWORK_TASK_IMAGES_MAX, `Не больше ${HOMEWORK_TASK_IMAGES_MAX} картинок.`)
        .default([])
        .describe('картинки задания (пример, образец)'),
      video: videoSource.nullish().describe('видео задания: ссылка плеера или загруженный файл'),
    }),
  ],
  { error: 'Неизвестный тип блока.' },
);
export type AdminBlockData = z.infer<typeof adminBlockDataSchema>;

/** PUT /api/admin/lessons/{id}/blocks/: the lesson's whole content, page by page. */
export const adminBlocksPutSchema = z
  .object({
    updated_at: version.describe('версия урока, которую редактировали (GET blocks): если урок с тех пор изменили, ответ 409 и ничего не записано'),
    pages: z
      .array(
        z
          .array(z.object({ id: intId.optional().describe('блок урока; без id — новый блок'), data: adminBlockDataSchema }), { error: 'Страница — список блоков.' })
          .max(100, 'Не больше 100 блоков на странице.'),
        { error: 'Ожидается список страниц.' },
      )
      .max(50, 'Не больше 50 страниц.')
      .describe('страницы по порядку, на каждой — блоки по порядку; блоки урока, которых нет в списке, удаляются'),
  })
  .strict()
  .meta({ id: 'AdminBlocksPut' });
export type AdminBlocksPut = z.infer<typeof adminBlocksPutSchema>;

/** GET /api/admin/lessons/{id}/blocks/ */
export const adminBlocksSchema = z
  .object({
    lesson_id: id,
    updated_at: z.string(),
    pages: z.array(
      z.array(
        z.object({
          id,
          data: adminBlockDataSchema,
          view: lessonBlockSchema.describe('блок так, как его видит ученик: ссылки на файлы и картинки'),
        }),
      ),
    ),
  })
  .meta({ id: 'AdminBlocks' });
export type AdminBlocks = z.infer<typeof adminBlocksSchema>;

// ---------------------------------------------------------------- tests, questions, answers

export const QUESTION_TYPES = ['single', 'multiple', 'text', 'match'] as const;
export const TEST_GRADINGS = ['highest', 'last', 'first', 'average'] as const;

export const adminTestParamsSchema = z.object({ id: intId.describe('id теста') });
export const adminQuestionParamsSchema = z.object({ id: intId.describe('id теста'), qid: intId.describe('id вопроса') });
export const adminAnswerParamsSchema = adminQuestionParamsSchema.extend({ aid: intId.describe('id ответа') });

/** GET /api/admin/tests/{id}/ */
export const adminTestSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    is_final: z.boolean(),
    module: z.object({ id, title: z.string() }).nullable(),
    course: z.object({ id, title: z.string(), slug: z.string() }),
    pass_score: z.number().int(),
    time_limit_minutes: z.number().int().nullable(),
    attempts_limit: z.number().int().nullable(),
    review: z.enum(TEST_REVIEWS),
    grading: z.enum(TEST_GRADINGS),
    is_published: z.boolean(),
    questions_count: z.number().int(),
    attempts_count: z.number().int().describe('сколько попыток уже сделали ученики'),
    publish_problems: z.array(z.string()).describe('чего не хватает для публикации; пусто — тест готов'),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminTest' });
export type AdminTest = z.infer<typeof adminTestSchema>;

export const adminTestPatchSchema = z
  .object({
    name: title('название теста'),
    description: optionalText(5000),
    pass_score: int4({ max: 100, minMessage: 'От 0 до 100.', maxMessage: 'От 0 до 100.' }),
    time_limit_minutes: int4({ min: 1, max: 600, error: 'Ожидается число минут.', minMessage: 'Не меньше 1 минуты.', maxMessage: 'Не больше 600 минут.' }).nullable(),
    attempts_limit: int4({ min: 1, max: 100, maxMessage: 'Не больше 100.' }).nullable(),
    review: z.enum(TEST_REVIEWS, { error: 'Допустимые значения: score, correctness, answers_when_done, answers.' }),
    grading: z.enum(TEST_GRADINGS, { error: 'Допустимые значения: highest, last, first, average.' }),
    is_published: z.boolean({ error: 'Ожидается true или false.' }),
    updated_at: version.describe('версия теста, которую редактировали'),
  })
  .partial()
  .strict()
  .meta({ id: 'AdminTestPatch' });
export type AdminTestPatch = z.infer<typeof adminTestPatchSchema>;

const answerFields = {
  connect_id: line(50).nullish().transform((v) => (v ? v : null)).describe('для вопросов на соответствие: ответы с одинаковым connect_id — пара'),
  text: line(1000).default(''),
  image: storageKey.nullish().transform((v) => v ?? null),
  is_correct: z.boolean({ error: 'Ожидается true или false.' }).default(false),
};
export const adminAnswerBodySchema = z.object(answerFields).strict()
  .meta({ id: 'AdminAnswerBody' });
export type AdminAnswerBody = z.infer<typeof adminAnswerBodySchema>;

export const adminAnswerSchema = z
  .object({ id, connect_id: z.string().nullable(), text: z.string(), image: imageSchema.nullable(), image_key: z.string().nullable(), is_correct: z.boolean(), sort: z.number().int() })
  .meta({ id: 'AdminAnswer' });

const questionFields = {
  type: z.enum(QUESTION_TYPES, { error: 'Допустимые типы: single, multiple, text, match.' }),
  text: required('текст вопроса', 5000),
  probability: int4({ max: 100, minMessage: 'От 0 до 100.', maxMessage: 'От 0 до 100.' }),
  sort: int4({ max: 100_000 }),
  image: storageKey.nullable(),
};

/** POST /api/admin/tests/{id}/questions/ (probability 100 and sort 0 by default). */
export const adminQuestionCreateSchema = z
  .object({
    type: questionFields.type.default('single'),
    text: questionFields.text,
    probability: questionFields.probability.default(100),
    sort: questionFields.sort.default(0),
    image: questionFields.image.optional().transform((v) => v ?? null),
    answers: z.array(adminAnswerBodySchema).max(50, 'Не больше 50 ответов.').default([]),
  })
  .strict()
  .meta({ id: 'AdminQuestionCreate' });
export type AdminQuestionCreate = z.infer<typeof adminQuestionCreateSchema>;

/** PATCH /api/admin/tests/{id}/questions/{qid}/: any field; `answers` (with ids to keep) replaces the whole list. */
export const adminQuestionPatchSchema = z
  .object({
    ...questionFields,
    answers: z
      .array(z.object({ id: intId.optional(), ...answerFields }).strict())
      .max(50, 'Не больше 50 ответов.')
      .describe('все ответы вопроса по порядку: с id — изменить, без id — добавить, остальные удаляются'),
  })
  .partial()
  .strict()
  .meta({ id: 'AdminQuestionPatch' });
export type AdminQuestionPatch = z.infer<typeof adminQuestionPatchSchema>;

export const adminQuestionSchema = z
  .object({
    id,
    type: z.enum(QUESTION_TYPES),
    text: z.string(),
    probability: z.number().int(),
    sort: z.number().int(),
    image: imageSchema.nullable(),
    image_key: z.string().nullable(),
    answers: z.array(adminAnswerSchema),
    problems: z.array(z.string()).describe('что не так с ответами (например, нет правильного); пусто — вопрос готов'),
  })
  .meta({ id: 'AdminQuestion' });
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;
export const adminQuestionsSchema = z.array(adminQuestionSchema).meta({ id: 'AdminQuestions' });

// ---------------------------------------------------------------- invitation links and audience

/** A moment of a body (ISO 8601 with its offset), or null; the service checks it is ahead. */
export const futureInstant = z
  .string({ error: 'Ожидается дата и время.' })
  .datetime({ offset: true, error: 'Ожидается дата и время ISO 8601.' })
  .nullable();

/** POST /api/admin/courses/{id}/links/ */
export const adminLinkCreateSchema = z
  .object({
    title: optionalText(200).optional().describe('для себя: кому ссылка, например «Корпоративная группа»'),
    uses_limit: int4({ min: 1, max: 100_000 }).nullable().optional(),
    expires_at: futureInstant.optional().describe('ссылка действует до этого момента; null — без срока'),
    access_until: futureInstant.optional().describe('доступ к курсу по ссылке заканчивается в этот момент; null — бессрочно'),
  })
  .strict()
  .meta({ id: 'AdminLinkCreate' });
export type AdminLinkCreate = z.infer<typeof adminLinkCreateSchema>;

/** PATCH /api/admin/courses/{id}/links/{linkId}/: switch a link off (or on) */
export const adminLinkPatchSchema = z.object({ is_active: z.boolean({ error: 'Ожидается true или false.' }) }).strict()
  .meta({ id: 'AdminLinkPatch' });
export const adminLinkParamsSchema = z.object({ id: intId.describe('id курса'), linkId: intId.describe('id ссылки') });

export const adminLinkSchema = z
  .object({
    id,
    title: z.string().nullable(),
    url: z.string().describe('ссылка-приглашение для отправки ученикам'),
    uses_limit: z.number().int().nullable(),
    uses_count: z.number().int(),
    expires_at: z.string().nullable(),
    access_until: z.string().nullable(),
    is_active: z.boolean(),
    is_usable: z.boolean().describe('по ссылке можно записаться сейчас: включена, не истекла, лимит не исчерпан'),
    created_at: z.string(),
  })
  .meta({ id: 'AdminLink' });
export type AdminLink = z.infer<typeof adminLinkSchema>;


export const adminAudienceQuerySchema = z.object({
  search: z.string().trim().max(100, 'Не длиннее 100 символов.').optional().describe('часть имени или e-mail'),
  page: adminCoursesQuerySchema.shape.page,
  page_size: adminCoursesQuerySchema.shape.page_size,
});

export const adminLearnerSchema = z
  .object({
    user_course_id: id,
    user: z.object({ id, email: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable() }),
    student: z.object({ id, first_name: z.string(), last_name: z.string() }).nullable().describe('учится ребёнок (ученик аккаунта)'),
    source: z.enum(ENROLMENT_SOURCES),
    link_title: z.string().nullable(),
    is_active: z.boolean(),
    access_until: z.string().nullable(),
    enrolled_at: z.string(),
    progress: z.object({ lessons_done: z.number().int(), lessons_total: z.number().int(), percent: z.number().int() }),
  })
  .meta({ id: 'AdminLearner' });
export type AdminLearner = z.infer<typeof adminLearnerSchema>;

export const adminPendingGrantSchema = z
  .object({ id, email: z.string(), access_until: z.string().nullable(), created_at: z.string() })
  .meta({ id: 'AdminPendingGrant' });

/** POST /api/admin/courses/{id}/audience/ */
export const adminAudienceAddSchema = z
  .object({
    email: emailSchema,
    access_until: futureInstant.optional(),
  })
  .strict()
  .meta({ id: 'AdminAudienceAdd' });
export type AdminAudienceAdd = z.infer<typeof adminAudienceAddSchema>;
export const adminAudienceAddedSchema = z
  .object({
    status: z.enum(['enrolled', 'already', 'invited']).describe('already — человек уже среди учеников курса и доступ открыт; enrolled — закрытый доступ ученика курса открыт снова; invited — отправлено приглашение, доступ откроется при входе с этим адресом (ответ один и тот же, есть у адреса аккаунт или нет)'),
    detail: z.string(),
  })
  .meta({ id: 'AdminAudienceAdded' });
export const adminLearnerParamsSchema = z.object({ id: intId.describe('id курса'), userCourseId: intId.describe('id зачисления') });
export const adminGrantParamsSchema = z.object({ id: intId.describe('id курса'), grantId: intId.describe('id приглашения') });

// ---------------------------------------------------------------- the invitation (public and sign-in)

export const invitationParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Неверная ссылка-приглашение.') });
export const invitationSchema = z
  .object({
    course: z.object({ id, title: z.string(), slug: z.string() }),
    access_until: z.string().nullable(),
  })
  .meta({ id: 'Invitation' });

/** POST /api/auth/token/invitation/: a signed-in caller sends only `token`; a guest adds e-mail and the mailed code. */
export const invitationTokenBodySchema = z
  .object({
    token: invitationParamsSchema.shape.token,
    email: emailSchema.optional(),
    code: codeSchema.optional(),
    consent_personal_data: signUpConsentSchema,
  })
  .strict()
  .meta({ id: 'InvitationTokenRequest' });
export const invitationAcceptedSchema = z
  .object({ user_course_id: id.describe('зачисление на курс (id для /user/courses/{id}/)') })
  .meta({ id: 'InvitationAccepted' });

/** POST /api/admin/uploads/?kind=image|file|video */
export const adminUploadSchema = z
  .object({
    key: z.string().describe('ключ файла для полей image, file, url, poster'),
    url: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    original_name: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'AdminUpload' });
export type AdminUpload = z.infer<typeof adminUploadSchema>;

// ---------------------------------------------------------------- learners' progress (/admin/progress/)

export const adminProgressQuerySchema = z.object({
  course: intId.optional().describe('id курса'),
  group: intId.optional().describe('id группы'),
  search: z.string().trim().max(100, 'Не длиннее 100 символов.').optional().describe('часть имени или e-mail'),
  page: adminCoursesQuerySchema.shape.page,
  page_size: adminCoursesQuerySchema.shape.page_size,
});
export const adminProgressExportQuerySchema = adminProgressQuerySchema.omit({ page: true, page_size: true }).extend({
  format: z.enum(['csv', 'xlsx'], { error: 'Допустимые значения: csv или xlsx.' }),
});

export const adminProgressRowSchema = z
  .object({
    user_course_id: id,
    course: z.object({ id, title: z.string() }),
    user: z.object({ id, email: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable() }),
    student: z.object({ id, first_name: z.string(), last_name: z.string() }).nullable(),
    group: z.object({ id, title: z.string() }).nullable(),
    progress: z.number().int().describe('%'),
    lessons_done: z.number().int(),
    lessons_total: z.number().int(),
    tests_passed: z.number().int(),
    tests_total: z.number().int(),
    average_score: z.number().int().nullable(),
    homework_accepted: z.number().int().optional().describe('домашних заданий принято куратором'),
    homework_total: z.number().int().optional().describe('домашних заданий в опубликованных уроках курса'),
    enrolled_at: z.string(),
    last_activity_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    has_access: z.boolean(),
  })
  .meta({ id: 'AdminProgressRow' });
export type AdminProgressRow = z.infer<typeof adminProgressRowSchema>;

/** GET /api/admin/progress/groups/: the groups of my courses, for the progress page's filter. */
export const adminProgressGroupsQuerySchema = z.object({ course: intId.optional().describe('только группы этого курса') });
export const adminGroupOptionSchema = z
  .object({ id, title: z.string(), course_id: id, starts_on: z.string().describe('YYYY-MM-DD') })
  .meta({ id: 'AdminGroupOption' });
export type AdminGroupOption = z.infer<typeof adminGroupOptionSchema>;

// ---------------------------------------------------------------- duplicating (decision 0040)

/** POST /api/admin/lessons/{id}/duplicate/ and /api/admin/tests/{id}/duplicate/ */
export const adminDuplicateBodySchema = z
  .object({
    module_id: intId.describe('куда положить копию: модуль любого из ваших курсов; без него — сразу после оригинала'),
  })
  .partial()
  .strict()
  .meta({ id: 'AdminDuplicate' });
export type AdminDuplicate = z.infer<typeof adminDuplicateBodySchema>;
