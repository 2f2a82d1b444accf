// Progress statistics and exports (decision 0033):
// overall numbers with per-course progress and scores over time, per group, per module, per test
// and per lesson, for the account holder or one of their students (children), over a period of
// Moscow days; and the export of the same as CSV or XLSX.
import { z } from 'zod';
import { progressStatusSchema, questionResultSchema, selectedAnswersSchema, testReviewSchema } from './learning.ts';
import { idParam } from './common.ts';
import { attendanceCountsSchema } from './attendance.ts';

const id = z.number().int();
const pathId = idParam;

/** A calendar date of a query (a Moscow day), YYYY-MM-DD, that exists. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ожидается дата в формате ГГГГ-ММ-ДД.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Такой даты нет.');

/** week — the last 7 Moscow days (today included), month — 30, year — 365, all — no bound. */
export const STATISTIC_PERIODS = ['week', 'month', 'year', 'all'] as const;
export const statisticPeriodSchema = z.enum(STATISTIC_PERIODS, { error: 'Ожидается week, month, year или all.' });
export type StatisticPeriod = z.infer<typeof statisticPeriodSchema>;

/** Whose statistics: `student` absent — the account holder; else one of the holder's students. */
const learnerQuery = {
  student: pathId.optional().describe('id ученика (ребёнка) аккаунта; без него — сам владелец аккаунта'),
};

/** GET /api/user/course/statistic/ (and …/export/ with `format`). */
export const statisticQuerySchema = z.object({
  ...learnerQuery,
  course: pathId.optional().describe('id курса: только этот курс'),
  group: pathId.optional().describe('id группы: только курс, по которому учатся в этой группе'),
  period: statisticPeriodSchema
    .default('all')
    .describe('week — последние 7 дней по Москве (с сегодняшним), month — 30, year — 365, all — всё время; from/to важнее'),
  from: isoDate.optional().describe('первый день периода (по Москве), YYYY-MM-DD, включительно'),
  to: isoDate.optional().describe('последний день периода (по Москве), YYYY-MM-DD, включительно'),
});
export type StatisticQuery = z.infer<typeof statisticQuerySchema>;

export const STATISTIC_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const statisticExportQuerySchema = statisticQuerySchema.extend({
  format: z.enum(STATISTIC_EXPORT_FORMATS, { error: 'Ожидается csv или xlsx.' }).default('xlsx').describe('csv (UTF-8 с BOM, разделитель «;») или xlsx'),
});
export type StatisticExportQuery = z.infer<typeof statisticExportQuerySchema>;

const personSchema = z.object({ id, first_name: z.string(), last_name: z.string() });
const courseRefSchema = z.object({ id, slug: z.string(), title: z.string() });

/** A learner of the account: the holder (student null) or one of their students with courses. */
export const statisticLearnerSchema = z
  .object({
    student: personSchema.nullable().describe('null — сам владелец аккаунта'),
    courses_count: z.number().int().describe('сколько курсов у него есть'),
  })
  .meta({ id: 'StatisticLearner' });

/** Time spent, from what is stored (decision 0033): measured test time and the lessons' expected time. */
export const timeSpentSchema = z
  .object({
    total_minutes: z.number().int().describe('tests_seconds / 60 + lessons_minutes, округлено'),
    tests_seconds: z.number().int().describe('измерено: сумма длительностей завершённых попыток (начало — конец, не дольше лимита)'),
    lessons_minutes: z.number().int().describe('оценка: сумма указанной автором длительности уроков, прочитанных до последней страницы'),
  })
  .meta({ id: 'TimeSpent' });
export type TimeSpent = z.infer<typeof timeSpentSchema>;

/** Per course progress (the bar chart). */
export const courseProgressSchema = z
  .object({
    user_course_id: id,
    course: courseRefSchema,
    progress: z.number().int().describe('процент, 0–100: (уроков пройдено + тестов сдано) / (уроков + тестов)'),
    lessons_done: z.number().int(),
    lessons_total: z.number().int(),
    tests_passed: z.number().int(),
    tests_total: z.number().int(),
    average_score: z.number().int().nullable().describe('средний балл завершённых попыток за период; null — попыток не было'),
    started_at: z.string().nullable().describe('ISO 8601: первое открытие урока или теста; null — ещё не начат'),
    finished_at: z.string().nullable().describe('ISO 8601: когда пройден весь курс; null — не пройден'),
    is_active: z.boolean().describe('курс показан в «Моём обучении» и доступ не закончился'),
  })
  .meta({ id: 'CourseProgress' });
export type CourseProgress = z.infer<typeof courseProgressSchema>;

/** One finished attempt (the line chart of scores over time). */
export const scorePointSchema = z
  .object({
    attempt_id: id,
    date: z.string().describe('ISO 8601: окончание попытки'),
    day: z.string().describe('YYYY-MM-DD по Москве'),
    course_id: id,
    test: z.object({ id, title: z.string() }),
    score: z.number().int(),
    passed: z.boolean(),
  })
  .meta({ id: 'ScorePoint' });
export type ScorePoint = z.infer<typeof scorePointSchema>;

/** GET /api/user/course/statistic/ */
export const statisticSchema = z
  .object({
    student: personSchema.nullable().describe('чья статистика: null — владельца аккаунта'),
    learners: z.array(statisticLearnerSchema).describe('чью ещё статистику может смотреть аккаунт (он сам и его ученики с курсами)'),
    period: z.object({
      period: statisticPeriodSchema,
      from: z.string().nullable().describe('YYYY-MM-DD по Москве, включительно; null — без начала'),
      to: z.string().nullable().describe('YYYY-MM-DD по Москве, включительно; null — по сегодня'),
    }),
    overall: z.object({
      courses_total: z.number().int(),
      courses_started: z.number().int().describe('начатые (к концу периода)'),
      courses_finished: z.number().int().describe('пройденные полностью (к концу периода)'),
      lessons_done: z.number().int().describe('уроков пройдено (открыто впервые) за период'),
      lessons_total: z.number().int(),
      tests_passed: z.number().int().describe('тестов сдано за период (первая сданная попытка в периоде)'),
      tests_total: z.number().int(),
      attempts: z.number().int().describe('завершённых попыток за период'),
      average_score: z.number().int().nullable().describe('средний балл завершённых попыток за период; null — попыток не было'),
      time_spent: timeSpentSchema,
    }),
    courses: z.array(courseProgressSchema),
    scores: z.array(scorePointSchema).describe('завершённые попытки периода по времени окончания'),
  })
  .meta({ id: 'Statistic' });
export type Statistic = z.infer<typeof statisticSchema>;

/** GET /api/user/courses/groups/ */
export const groupsStatisticQuerySchema = z.object({ ...learnerQuery });
export const groupStatisticSchema = z
  .object({
    group: z.object({ id, title: z.string(), starts_on: z.string(), ends_on: z.string().nullable() }),
    course: courseRefSchema,
    user_course_id: id,
    progress: z.number().int().describe('процент, 0–100, как у курса'),
    lessons_done: z.number().int(),
    lessons_total: z.number().int(),
    tests_passed: z.number().int(),
    tests_total: z.number().int(),
    sessions_past: z.number().int().describe('занятий закончилось'),
    sessions_left: z.number().int().describe('занятий впереди (включая идущее)'),
    next_session_at: z.string().nullable().describe('ISO 8601: начало ближайшего незакончившегося занятия'),
    attendance: attendanceCountsSchema.describe('отметки посещаемости ученика в группе'),
    attendance_rate: z.number().int().nullable().describe('посещаемость, %: (присутствие + опоздание) / отмеченные занятия; null — отметок нет'),
  })
  .meta({ id: 'GroupStatistic' });
export const groupsStatisticSchema = z.array(groupStatisticSchema).meta({ id: 'GroupsStatistic' });
export type GroupStatistic = z.infer<typeof groupStatisticSchema>;

/** GET /api/user/courses/modules/ (course or user_course is required). */
export const modulesStatisticQuerySchema = z.object({
  ...learnerQuery,
  course: pathId.optional().describe('id курса (вместе со student, если курс ученика)'),
  user_course: pathId.optional().describe('id курса пользователя (зачисления); важнее course и student'),
});
const moduleNumbers = {
  lessons_done: z.number().int(),
  lessons_total: z.number().int(),
  tests_passed: z.number().int(),
  tests_total: z.number().int(),
  average_score: z.number().int().nullable().describe('средний балл завершённых попыток тестов модуля; null — попыток не было'),
  progress: z.number().int().describe('процент, 0–100'),
};
export const modulesStatisticSchema = z
  .object({
    user_course_id: id,
    course: courseRefSchema,
    student: personSchema.nullable(),
    modules: z.array(z.object({ id, title: z.string(), ...moduleNumbers })),
    final_tests: z.object({
      tests_passed: z.number().int(),
      tests_total: z.number().int(),
      average_score: z.number().int().nullable(),
    }),
  })
  .meta({ id: 'ModulesStatistic' });
export type ModulesStatistic = z.infer<typeof modulesStatisticSchema>;

export const statisticItemParamsSchema = z.object({ id: pathId.describe('id теста или урока') });
export const statisticItemQuerySchema = z.object({ ...learnerQuery });

/** One question of a finished attempt as the test's review allows (null where it does not). */
export const statisticAttemptSchema = z
  .object({
    id,
    number: z.number().int(),
    status: z.enum(['in_progress', 'completed']),
    started_at: z.string(),
    finished_at: z.string().nullable(),
    duration_seconds: z.number().int().nullable().describe('от начала до окончания; null у незавершённой'),
    score: z.number().int().nullable(),
    passed: z.boolean().nullable(),
    answers: z
      .object({
        selected_answers: selectedAnswersSchema,
        questions: z.array(questionResultSchema.extend({ text: z.string() })),
      })
      .nullable()
      .describe('ответы завершённой попытки, если тест их показывает (review ≠ score); верные ответы — как на результате попытки (review = answers, или answers_when_done, когда тест сдан или попытки закончились)'),
  })
  .meta({ id: 'StatisticAttempt' });

/** GET /api/user/course/statistic/testing/{id}/ */
export const testStatisticSchema = z
  .object({
    test: z.object({
      id,
      title: z.string(),
      module: z.object({ id, title: z.string() }).nullable().describe('null — итоговый тест'),
      pass_score: z.number().int(),
      attempts_limit: z.number().int().nullable(),
      review: testReviewSchema,
      grading: z.enum(['highest', 'last', 'first', 'average']),
    }),
    user_course_id: id,
    course: courseRefSchema,
    student: personSchema.nullable(),
    status: progressStatusSchema,
    grade: z.number().int().nullable().describe('оценка по способу grading; null — завершённых попыток нет'),
    attempts_used: z.number().int(),
    attempts_left: z.number().int().nullable().describe('null — без ограничения'),
    best_score: z.number().int().nullable(),
    last_score: z.number().int().nullable(),
    attempts: z.array(statisticAttemptSchema),
  })
  .meta({ id: 'TestStatistic' });
export type TestStatistic = z.infer<typeof testStatisticSchema>;

/** One test of a course as the progress page lists it: its grade and its finished attempts (their answers: the test's own call). */
export const progressTestSchema = z
  .object({
    test: z.object({ id, title: z.string(), pass_score: z.number().int() }),
    user_course_id: id,
    grade: z.number().int().nullable().describe('оценка по способу grading; null — завершённых попыток нет'),
    best_score: z.number().int().nullable(),
    last_score: z.number().int().nullable(),
    attempts: z
      .array(z.object({ id, number: z.number().int(), score: z.number().int(), finished_at: z.string() }))
      .describe('завершённые попытки, по номеру'),
  })
  .meta({ id: 'ProgressTest' });
export type ProgressTest = z.infer<typeof progressTestSchema>;

/** GET /api/user/course/statistic/courses/ */
export const progressCoursesSchema = z
  .object({
    modules: z.array(modulesStatisticSchema).describe('по каждому курсу — как /api/user/courses/modules/'),
    tests: z.array(progressTestSchema),
  })
  .meta({ id: 'ProgressCourses' });
export type ProgressCourses = z.infer<typeof progressCoursesSchema>;

/** GET /api/user/course/statistic/lesson/{id}/ */
export const lessonStatisticSchema = z
  .object({
    lesson: z.object({ id, title: z.string(), module: z.object({ id, title: z.string() }), duration_minutes: z.number().int().nullable() }),
    user_course_id: id,
    course: courseRefSchema,
    student: personSchema.nullable(),
    status: progressStatusSchema,
    done: z.boolean().describe('урок пройден: открыт (как галочка в оглавлении курса); насколько — status и pages_seen'),
    pages_seen: z.number().int().describe('пройденный урок — все страницы; иначе номер последней открытой'),
    pages_total: z.number().int(),
    first_visit_at: z.string().nullable().describe('ISO 8601: первое открытие'),
    last_visit_at: z.string().nullable().describe('ISO 8601: последнее продвижение по уроку (перечитывание страницы не записывается)'),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'LessonStatistic' });
export type LessonStatistic = z.infer<typeof lessonStatisticSchema>;
