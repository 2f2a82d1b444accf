import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LESSON_BLOCK_TYPES, type LessonBlockData, type SelectedAnswers } from './blocks.ts';
import { courseLinks, courses } from './catalog.ts';
import { createdAt, updatedAt } from './columns.ts';
import { groups } from './groups.ts';
import { orders } from './orders.ts';
import { students, users } from './users.ts';

export const lessonBlockTypeEnum = pgEnum('lesson_block_type', LESSON_BLOCK_TYPES);
/** How an enrolment came about (the audience list's "source"): a paid order, an invitation link, or an owner's grant. */
export const enrolmentSourceEnum = pgEnum('enrolment_source', ['order', 'invitation', 'manual']);
/**
 * single / multiple: pick answers marked is_correct; text: type one of the answers' texts;
 * match: pair answers that share a connect_id.
 */
export const questionTypeEnum = pgEnum('question_type', ['single', 'multiple', 'text', 'match']);
/** A learner's status of a lesson or test (partially_completed marks a lesson done in the sidebar). */
export const progressStatusEnum = pgEnum('progress_status', ['not_started', 'partially_completed', 'completed']);
export const testAttemptStatusEnum = pgEnum('test_attempt_status', ['in_progress', 'completed']);
/**
 * What a learner sees of a finished attempt (decisions 0028, 0050): `score` only the score and
 * passed or not; `correctness` also which questions were right; `answers_when_done` (the default)
 * also the right answers once the test is passed or the attempts are used up; `answers` also the
 * right answers after every attempt.
 */
export const testReviewEnum = pgEnum('test_review', ['score', 'correctness', 'answers_when_done', 'answers']);
/** Which attempts make a learner's grade of a test (decision 0028). */
export const testGradingEnum = pgEnum('test_grading', ['highest', 'last', 'first', 'average']);

/** A module of a course: an ordered group of lessons and tests. */
export const courseModules = pgTable(
  'course_modules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.courseId, t.sort),
    // Target of tests' composite key: a module test belongs to the module's course.
    unique('course_modules_id_course_id_unique').on(t.id, t.courseId),
  ],
);

/** A lesson of a module; its content is a list of blocks split into pages (?page=n). */
export const lessons = pgTable(
  'lessons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    moduleId: integer()
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    sort: integer().notNull().default(0),
    /** Expected study time. */
    durationMinutes: integer(),
    isPublished: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.moduleId, t.sort)],
);

/** One content block of a lesson. */
export const lessonBlocks = pgTable(
  'lesson_blocks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    lessonId: integer()
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    type: lessonBlockTypeEnum().notNull(),
    /** The lesson page (1-based) the block is shown on. */
    page: integer().notNull().default(1),
    sort: integer().notNull().default(0),
    /** Shape depends on `type`, see LessonBlockDataByType. */
    data: jsonb().$type<LessonBlockData>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.lessonId, t.page, t.sort), check('lesson_blocks_page_positive', sql`${t.page} >= 1`)],
);

/** A quiz: either a module's test or, with no module, one of the course's final tests. */
export const tests = pgTable(
  'tests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The module the test belongs to; null for a final test. */
    moduleId: integer(),
    /** A course's final test: derived from module_id so the two can never disagree. */
    isFinal: boolean()
      .notNull()
      .generatedAlwaysAs(sql`module_id is null`),
    name: text().notNull(),
    description: text(),
    /** Score (percent of questions right) needed to pass. */
    passScore: integer().notNull().default(70),
    timeLimitMinutes: integer(),
    /** How many attempts a learner has; null = unlimited. */
    attemptsLimit: integer(),
    isPublished: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    /** What a learner sees of a finished attempt. */
    review: testReviewEnum().notNull().default('answers_when_done'),
    /** Which attempts make the learner's grade (and so the test's status). */
    grading: testGradingEnum().notNull().default('highest'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'tests_module_id_course_id_fk',
      columns: [t.moduleId, t.courseId],
      foreignColumns: [courseModules.id, courseModules.courseId],
    }).onDelete('cascade'),
    index().on(t.courseId),
    index().on(t.moduleId, t.sort),
    check('tests_pass_score_range', sql`${t.passScore} between 0 and 100`),
  ],
);

/** A question of a test. */
export const questions = pgTable(
  'questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    testId: integer()
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    type: questionTypeEnum().notNull().default('single'),
    text: text().notNull(),
    /** Chance (percent) the question is drawn into an attempt; 100 = always. */
    probability: integer().notNull().default(100),
    sort: integer().notNull().default(0),
    image: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.testId, t.sort),
    check('questions_probability_range', sql`${t.probability} between 0 and 100`),
  ],
);

/** An answer option of a question. */
export const answers = pgTable(
  'answers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** For 'match' questions: answers with the same connect_id belong together. */
    connectId: text(),
    text: text().notNull().default(''),
    image: text(),
    isCorrect: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.questionId, t.sort)],
);

/**
 * Access of an account to a course (enrolment): the user's own learning, or a student's
 * (a child's) learning the user manages.
 */
export const userCourses = pgTable(
  'user_courses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The paid order that granted access; null for invitations and manual grants. */
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    source: enrolmentSourceEnum().notNull().default('manual'),
    /** The invitation link it came through (source 'invitation'). */
    linkId: integer().references(() => courseLinks.id, { onDelete: 'set null' }),
    /** The course owner (or staff) who granted it by hand (source 'manual'). */
    grantedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Who studies when it is not the account holder; a student with courses cannot be deleted. */
    studentId: integer().references(() => students.id, { onDelete: 'restrict' }),
    /** The learner keeps the course in 'my learning' (is_active). */
    isActive: boolean().notNull().default(true),
    /** Access ends at this instant; null = no end. */
    accessUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('user_courses_user_id_course_id_student_id_unique')
      .on(t.userId, t.courseId, t.studentId)
      .nullsNotDistinct(),
    index().on(t.courseId),
    index().on(t.orderId),
    index().on(t.studentId),
  ],
);

/** A study session of a user course; its token is the course-token cookie. */
export const courseSessions = pgTable(
  'course_sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userCourseId: integer()
      .notNull()
      .references(() => userCourses.id, { onDelete: 'cascade' }),
    /** SHA-256 of the course-token cookie value; the token itself is never stored. */
    tokenHash: text().notNull().unique('course_sessions_token_hash_unique'),
    /** The sign-in (refresh-token family) that opened it: the token dies with that sign-in. */
    authSessionId: uuid().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The token is refused after this instant. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userCourseId)],
);

/** How far a learner got in a lesson. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userCourseId: integer()
      .notNull()
      .references(() => userCourses.id, { onDelete: 'cascade' }),
    lessonId: integer()
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    status: progressStatusEnum().notNull().default('not_started'),
    /** The last lesson page opened. */
    lastPage: integer().notNull().default(1),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('lesson_progress_user_course_id_lesson_id_unique').on(t.userCourseId, t.lessonId), index().on(t.lessonId)],
);

/** One attempt at a test. */
export const testAttempts = pgTable(
  'test_attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userCourseId: integer()
      .notNull()
      .references(() => userCourses.id, { onDelete: 'cascade' }),
    testId: integer()
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    /** 1 for a learner's first attempt at the test, 2 for the second … */
    number: integer().notNull().default(1),
    /** The questions drawn for this attempt (by their probability), in the order shown. */
    questionIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    selectedAnswers: jsonb().$type<SelectedAnswers>().notNull().default({}),
    /**
     * Question id → the `seq` of the save that wrote its answer: a save with a lower one (a retried
     * older save arriving late) does not overwrite the question.
     */
    answerSeqs: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** Percent of questions answered right, set when the attempt is finished. */
    score: integer(),
    isPassed: boolean(),
    /** Question id → mark from 0 to 1, set when the attempt is finished. */
    marks: jsonb().$type<Record<string, number>>(),
    status: testAttemptStatusEnum().notNull().default('in_progress'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the time limit runs out (started_at + the test's limit); null without a limit. */
    deadlineAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.userCourseId, t.testId),
    // An attempt number is used once, so concurrent starts cannot exceed the attempt limit …
    unique('test_attempts_user_course_id_test_id_number_unique').on(t.userCourseId, t.testId, t.number),
    // … and a learner has at most one attempt of a test open at a time.
    uniqueIndex('test_attempts_one_open').on(t.userCourseId, t.testId).where(sql`status = 'in_progress'`),
    index().on(t.testId),
    check('test_attempts_score_range', sql`${t.score} between 0 and 100`),
  ],
);

export type CourseModule = typeof courseModules.$inferSelect;
export type Lesson = typeof lessons.$inferSelect;
export type LessonBlock = typeof lessonBlocks.$inferSelect;
export type Test = typeof tests.$inferSelect;
export type Question = typeof questions.$inferSelect;
export type Answer = typeof answers.$inferSelect;
export type UserCourse = typeof userCourses.$inferSelect;
export type CourseSession = typeof courseSessions.$inferSelect;
export type LessonProgress = typeof lessonProgress.$inferSelect;
export type TestAttempt = typeof testAttempts.$inferSelect;

/**
 * Access an owner granted to an e-mail that has no account yet (/admin/courses/{id}/audience/add/):
 * it becomes an enrolment when someone signs in with that address for the first time (a code or a
 * social sign-in proves the address), so no account is made for a person who never came.
 */
export const courseGrants = pgTable(
  'course_grants',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Normalised (lower case) address. */
    email: text().notNull(),
    accessUntil: timestamp({ withTimezone: true }),
    grantedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Staff invited the address into this group of the course: the enrolment joins it when a seat is free. */
    groupId: integer().references(() => groups.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [unique('course_grants_course_id_email_unique').on(t.courseId, t.email), index().on(t.email)],
);
