// Learning: the learner's enrolments ("user courses"), the course outline, paged lessons and the
// quiz engine (docs/product/learning.md;
// decision 0028).
import { z } from 'zod';
import { imageSchema } from './content.ts';
import { homeworkBlockViewSchema } from './homework.ts';
import { INT4_MAX, idField, idParam, queryFlag } from './common.ts';

const id = z.number().int();

/** A path id of the learning routes (`{id}` is the user course, the enrolment). */
const pathId = idParam;

/** partially_completed marks a lesson done in the sidebar; completed marks a test done. */
export const PROGRESS_STATUSES = ['not_started', 'partially_completed', 'completed'] as const;
export const progressStatusSchema = z.enum(PROGRESS_STATUSES).meta({ id: 'ProgressStatus' });
export type ProgressStatus = z.infer<typeof progressStatusSchema>;

export const userCourseParamsSchema = z.object({ id: pathId.describe('id курса пользователя (зачисления)') });

/** PATCH /api/user/courses/{id}/ */
export const userCoursePatchBodySchema = z
  .object({ is_active: z.boolean({ error: 'Укажите true или false.' }).describe('Показывать курс в «Моем обучении» и открывать его') })
  .strict()
  .meta({ id: 'UserCoursePatch' });

export const userCourseStateSchema = z.object({ id, is_active: z.boolean() }).meta({ id: 'UserCourseState' });

/** POST /api/user/courses/session/ */
export const courseSessionBodySchema = z
  .object({ account_course_id: pathId.describe('id курса пользователя (зачисления)') })
  .strict()
  .meta({ id: 'CourseSessionRequest' });
export const courseSessionSchema = z.object({ id }).meta({ id: 'CourseSession' });

// ---------------------------------------------------------------- outline

/**
 * The homework that keeps an item closed until a curator accepts it (its gate `next_item` or
 * `next_module`); null (or absent) — the homework opens it.
 */
export const closedBySchema = z
  .object({ lesson_id: id, block_id: id, title: z.string().describe('название задания') })
  .nullable()
  .optional()
  .describe('задание, которое держит пункт закрытым, пока куратор его не примет; нет поля — открыт');
export type ClosedBy = z.infer<typeof closedBySchema>;

export const courseModulesSchema = z
  .object({
    modules: z.array(
      z.object({
        id,
        title: z.string(),
        content: z.array(z.object({ id, title: z.string(), type: z.enum(['lesson', 'test']), status: progressStatusSchema, closed_by: closedBySchema })),
      }),
    ),
    final_tests: z.array(z.object({ id, title: z.string(), status: progressStatusSchema, closed_by: closedBySchema })),
  })
  .meta({ id: 'CourseModules' });
export type CourseModules = z.infer<typeof courseModulesSchema>;

// ---------------------------------------------------------------- lessons

export const lessonParamsSchema = z.object({ id: pathId, lessonId: pathId });
export const lessonQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Ожидается целое число.' })
    .int('Ожидается целое число.')
    .min(1, 'Страницы нумеруются с 1.')
    .max(10_000, 'Слишком большое число.')
    .default(1)
    .describe('Страница урока, с 1'),
});

/** Blocks of a lesson page; images and files already resolved to URLs. */
export const lessonBlockSchema = z
  .discriminatedUnion('type', [
    z.object({ id, type: z.literal('text'), html: z.string() }),
    z.object({
      id,
      type: z.literal('video'),
      url: z.string().describe('Ссылка плеера или URL загруженного файла (/media/…, поддерживает Range)'),
      title: z.string().nullable(),
      poster: imageSchema.nullable(),
      duration_seconds: z.number().int().nullable(),
    }),
    z.object({ id, type: z.literal('image'), image: imageSchema.nullable(), alt: z.string(), caption: z.string().nullable() }),
    z.object({ id, type: z.literal('file'), url: z.string(), title: z.string(), size_bytes: z.number().int().nullable() }),
    z.object({ id, type: z.literal('quote'), text: z.string(), author: z.string().nullable(), author_role: z.string().nullable() }),
    z.object({
      id,
      type: z.literal('recipe'),
      title: z.string(),
      parameters: z.array(z.object({ name: z.string(), value: z.string() })),
      steps: z.array(z.string()),
    }),
    homeworkBlockViewSchema,
  ])
  .meta({ id: 'LessonBlock' });
export type LessonBlockView = z.infer<typeof lessonBlockSchema>;

/** A place in the course: a lesson page or a test (previous / next). */
export const learningPositionSchema = z
  .object({
    type: z.enum(['lesson', 'test']),
    id: id.describe('id урока или теста'),
    module_id: id.nullable().describe('null — итоговый тест'),
    title: z.string(),
    page: z.number().int().nullable().describe('страница урока; null для теста'),
  })
  .meta({ id: 'LearningPosition' });
export type LearningPosition = z.infer<typeof learningPositionSchema>;

export const lessonPageSchema = z
  .object({
    id,
    title: z.string(),
    module: z.object({ id, title: z.string() }),
    duration_minutes: z.number().int().nullable(),
    page: z.number().int(),
    page_count: z.number().int(),
    blocks: z.array(lessonBlockSchema),
    status: progressStatusSchema.describe('статус урока после открытия этой страницы'),
    previous: learningPositionSchema.nullable(),
    next: learningPositionSchema.nullable(),
  })
  .meta({ id: 'LessonPage' });
export type LessonPage = z.infer<typeof lessonPageSchema>;

// ---------------------------------------------------------------- quizzes

/**
 * What a learner sees of a finished attempt (decision 0028, 0050): `score` — the score and passed;
 * `correctness` — also each question right or not; `answers_when_done` (the default) — also the
 * right answers once the test is passed or the attempts are used up (and no attempt is open),
 * before that as `correctness`; `answers` — the right answers after every attempt.
 */
export const TEST_REVIEWS = ['score', 'correctness', 'answers_when_done', 'answers'] as const;
export const testReviewSchema = z.enum(TEST_REVIEWS).meta({ id: 'TestReview' });

export const testParamsSchema = z.object({ id: pathId, testId: pathId });
export const moduleTestParamsSchema = z.object({ id: pathId, moduleId: pathId, testId: pathId });
export const testQuerySchema = z.object({
  clear: queryFlag(false, 'true — начать новую попытку (если попытки остались)'),
});

/**
 * selected_answers: question id → answer ids (single: one, multiple: any), the typed text (text),
 * or [left answer id, right answer id] pairs (match).
 */
export const selectedAnswersSchema = z
  .record(
    z.string().regex(/^\d{1,10}$/, 'Ключ — id вопроса.'),
    z.union([
      z.array(idField()).max(100),
      z.string().max(1000, 'Не больше 1000 символов.'),
      z.array(z.tuple([idField(), idField()])).max(100),
    ]),
  )
  .meta({ id: 'SelectedAnswers' });
export type SelectedAnswersInput = z.infer<typeof selectedAnswersSchema>;

export const quizSaveBodySchema = z
  .object({
    selected_answers: selectedAnswersSchema
      .default({})
      .describe('Ответы на вопросы попытки; сохраняются поверх прежних по каждому вопросу'),
    finish: z.boolean({ error: 'Укажите true или false.' }).default(false).describe('true — завершить попытку и получить результат'),
    seq: z
      .number({ error: 'Номер сохранения — целое число.' })
      .int({ error: 'Номер сохранения — целое число.' })
      .min(1, { error: 'Номер сохранения — больше нуля.' })
      .max(INT4_MAX, { error: 'Слишком большой номер сохранения.' })
      .optional()
      .describe(
        'Номер сохранения, растущий с каждым сохранением на устройстве (сайт шлёт 2^30 + сотые доли секунды от начала ' +
          'попытки): ответ на вопрос, уже сохранённый с большим номером, не перезаписывается (запоздавший повтор старого ' +
          'сохранения не откатывает новое); с равным — перезаписывается',
      ),
  })
  .strict()
  .meta({ id: 'QuizSave' });

const quizAnswerSchema = z.object({ id, text: z.string(), image: z.string().nullable() });
export const quizQuestionSchema = z
  .object({
    id,
    type: z.enum(['single', 'multiple', 'text', 'match']),
    text: z.string(),
    image: z.string().nullable(),
    answers: z.array(quizAnswerSchema).describe('варианты; для match — левая колонка'),
    options: z.array(quizAnswerSchema).describe('для match — правая колонка (порядок закреплён за попыткой); иначе пусто'),
  })
  .meta({ id: 'QuizQuestion' });

export const questionResultSchema = z
  .object({
    id,
    mark: z.number().describe('доля балла за вопрос, от 0 до 1'),
    is_correct: z.boolean(),
    correct_answers: z
      .union([z.array(id), z.array(z.string()), z.array(z.tuple([id, id]))])
      .nullable()
      .describe('верные ответы, если тест их показывает: review = answers, или answers_when_done, когда тест сдан или попытки закончились; иначе null'),
  })
  .meta({ id: 'QuestionResult' });

export const attemptResultSchema = z
  .object({
    score: z.number().int().describe('процент, 0–100'),
    passed: z.boolean(),
    questions: z.array(questionResultSchema).nullable().describe('null, если тест показывает только итог (review = score)'),
  })
  .meta({ id: 'AttemptResult' });

export const quizAttemptSchema = z
  .object({
    id,
    number: z.number().int(),
    status: z.enum(['in_progress', 'completed']),
    started_at: z.string(),
    deadline_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    seconds_left: z.number().int().nullable().describe('по часам сервера; null без ограничения времени'),
    questions: z.array(quizQuestionSchema),
    selected_answers: selectedAnswersSchema,
    result: attemptResultSchema.nullable().describe('только у завершённой попытки'),
  })
  .meta({ id: 'QuizAttempt' });

export const quizTestInfoSchema = z
  .object({
    id,
    title: z.string(),
    description: z.string().nullable(),
    module_id: id.nullable(),
    is_final: z.boolean(),
    pass_score: z.number().int(),
    time_limit_minutes: z.number().int().nullable(),
    attempts_limit: z.number().int().nullable(),
    attempts_used: z.number().int(),
    attempts_left: z.number().int().nullable().describe('null — без ограничения'),
    review: testReviewSchema,
    grading: z.enum(['highest', 'last', 'first', 'average']),
  })
  .meta({ id: 'QuizTest' });

export const quizStateSchema = z
  .object({
    test: quizTestInfoSchema,
    status: progressStatusSchema,
    grade: z.number().int().nullable().describe('оценка за тест по способу grading; null — попыток не было'),
    attempt: quizAttemptSchema.nullable().describe('текущая или последняя попытка; null — попыток ещё не было'),
  })
  .meta({ id: 'QuizState' });
export type QuizState = z.infer<typeof quizStateSchema>;

export const quizProgressSchema = z
  .object({
    test_id: id,
    status: progressStatusSchema,
    grade: z.number().int().nullable(),
    passed: z.boolean(),
    attempts_used: z.number().int(),
    attempts_limit: z.number().int().nullable(),
    attempts_left: z.number().int().nullable(),
    attempts: z.array(
      z.object({
        id,
        number: z.number().int(),
        status: z.enum(['in_progress', 'completed']),
        score: z.number().int().nullable(),
        passed: z.boolean().nullable(),
        started_at: z.string(),
        finished_at: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'QuizProgress' });
export type QuizProgress = z.infer<typeof quizProgressSchema>;

export const attemptParamsSchema = z.object({ attemptId: pathId.describe('id попытки (завершённой)') });

/** GET /api/user/attempts/{attemptId}/: one finished attempt of the caller's, for its result page. */
export const attemptReportSchema = z
  .object({
    user_course_id: id.describe('курс пользователя (зачисление), к которому относится попытка'),
    course: z.object({ title: z.string() }),
    test: quizTestInfoSchema,
    attempt: quizAttemptSchema.describe('завершённая попытка с результатом (что верно — как разрешает review)'),
  })
  .meta({ id: 'AttemptReport' });
export type AttemptReport = z.infer<typeof attemptReportSchema>;

/** The course-token cookie: httpOnly, set by POST /api/user/courses/session/. */
export const COURSE_TOKEN_COOKIE = 'crema_course';
