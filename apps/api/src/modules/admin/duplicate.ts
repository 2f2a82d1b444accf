// Duplicating in the course builder (decision 0040): a lesson, a test or a whole course,
// and a lesson or test into a module of another of the owner's courses ("reuse across courses").
// Each copy is made in one transaction, so a failure leaves nothing half-copied. A copy is deep
// (blocks, questions, answers are new rows: changing the copy never touches the original) but
// uploaded files are shared by their storage key. What belongs to people rather than to the
// content — learners, orders, links, reviews, groups, progress — is never copied.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AdminCourse, AdminLesson, AdminTest } from '@crema/contract';
import { ADMIN_TITLE_MAX } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  answers,
  courseAttributes,
  courseModules,
  courseTeachers,
  courses,
  lessonBlocks,
  lessons,
  questions,
  tests,
} from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import type { MediaStore } from '../media/images.ts';
import { freeSlug, ownedCourse, slugFromTitle, toAdminCourse } from './courses.ts';
import { ownedLesson, toAdminLesson } from './lessons.ts';
import { recordAudit } from '../audit/record.ts';
import { ADMIN_TEXTS } from './scopes.ts';
import { moduleSequence, ownedModule, writeSequence, writeSorts } from './structure.ts';
import { ownedTest, toAdminTest } from './tests.ts';

export const COPY_SUFFIX = ' (копия)';

/** "<title> (копия)", shortened so that the copy's title still fits the editor's limit. */
export function copyTitle(title: string): string {
  const room = ADMIN_TITLE_MAX - COPY_SUFFIX.length;
  return `${title.length > room ? title.slice(0, room).trimEnd() : title}${COPY_SUFFIX}`;
}

type Item = { type: 'lesson' | 'test'; id: number };

/**
 * Puts a new item into a module's sequence: right after `after` when it is in that module,
 * else at the end. The module is locked by the caller, so concurrent copies queue up.
 */
async function placeInModule(tx: Executor, moduleId: number, item: Item, after?: Item): Promise<void> {
  const sequence = (await moduleSequence(tx, moduleId)).filter((x) => !(x.type === item.type && x.id === item.id));
  const at = after ? sequence.findIndex((x) => x.type === after.type && x.id === after.id) : -1;
  const order: Item[] = sequence.map(({ type, id }) => ({ type, id }));
  order.splice(at === -1 ? order.length : at + 1, 0, item);
  await writeSequence(tx, order);
}

/** Copies the blocks of lessons (old id → new id) in one statement; the files stay shared by key. */
async function copyBlocks(tx: Executor, lessonIds: Map<number, number>): Promise<void> {
  if (!lessonIds.size) return;
  const pairs = sql.join(
    [...lessonIds].map(([from, to]) => sql`(${from}::int, ${to}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${lessonBlocks} (lesson_id, type, page, sort, data)
    select m.new_id, b.type, b.page, b.sort, b.data
    from ${lessonBlocks} b join (values ${pairs}) as m(old_id, new_id) on b.lesson_id = m.old_id
    order by b.lesson_id, b.page, b.sort, b.id`);
}

/**
 * Copies the questions of a test with their answers. A match question's pairs are told by equal
 * `connect_id`s within the question: the copy numbers them anew (1, 2, … in order of first use,
 * as the editor does), so each pair of the copy is the same pair as in the original.
 */
async function copyQuestions(tx: Executor, fromTestId: number, toTestId: number): Promise<void> {
  const qs = await tx.select().from(questions).where(eq(questions.testId, fromTestId)).orderBy(asc(questions.sort), asc(questions.id));
  if (!qs.length) return;
  const as = await tx
    .select()
    .from(answers)
    .where(
      inArray(
        answers.questionId,
        qs.map((q) => q.id),
      ),
    )
    .orderBy(asc(answers.sort), asc(answers.id));
  for (const q of qs) {
    const [row] = await tx
      .insert(questions)
      .values({ testId: toTestId, type: q.type, text: q.text, probability: q.probability, sort: q.sort, image: q.image })
      .returning({ id: questions.id });
    const own = as.filter((a) => a.questionId === q.id);
    if (!own.length) continue;
    const connect = new Map<string, string>();
    const remap = (id: string | null) => {
      if (id === null) return null;
      if (!connect.has(id)) connect.set(id, String(connect.size + 1));
      return connect.get(id)!;
    };
    await tx.insert(answers).values(
      own.map((a) => ({ questionId: row!.id, connectId: remap(a.connectId), text: a.text, image: a.image, isCorrect: a.isCorrect, sort: a.sort })),
    );
  }
}

/** A target module of the actor's courses: another owner's (or a missing) one answers 404. */
function targetModule(tx: Executor, actor: SignedInActor, moduleId: number) {
  return ownedModule(tx, actor, moduleId, true);
}

/**
 * POST /api/admin/lessons/{id}/duplicate/: a draft copy of the lesson with all its pages and
 * blocks, right after the original, or at the end of `module_id` (a module of any of the actor's
 * courses). Answers the new lesson as GET /api/admin/lessons/{id}/ does.
 */
export async function duplicateLesson(db: Executor, actor: SignedInActor, lessonId: number, body: { module_id?: number }): Promise<AdminLesson> {
  return db.transaction(async (tx) => {
    const found = await ownedLesson(tx, actor, lessonId);
    const module = await targetModule(tx, actor, body.module_id ?? found.module.id);
    const [row] = await tx
      .insert(lessons)
      .values({
        moduleId: module.id,
        title: copyTitle(found.lesson.title),
        durationMinutes: found.lesson.durationMinutes,
        isPublished: false,
      })
      .returning({ id: lessons.id });
    const copy = { type: 'lesson' as const, id: row!.id };
    await placeInModule(tx, module.id, copy, module.id === found.module.id ? { type: 'lesson', id: found.lesson.id } : undefined);
    await copyBlocks(tx, new Map([[found.lesson.id, copy.id]]));
    const made = await ownedLesson(tx, actor, copy.id);
    await recordAudit(tx, actor, {
      action: 'lesson.copy',
      entity: 'lesson',
      entityId: copy.id,
      courseId: made.course.id,
      summary: made.lesson.title,
      after: { copy_of: found.lesson.id, module_id: module.id },
    });
    return toAdminLesson(tx, made);
  });
}

/**
 * POST /api/admin/tests/{id}/duplicate/: a draft copy of the test with its settings, questions and
 * answers, right after the original (a final test: among the course's final tests), or at the end
 * of `module_id`. Answers the new test as GET /api/admin/tests/{id}/ does.
 */
export async function duplicateTest(db: Executor, actor: SignedInActor, testId: number, body: { module_id?: number }): Promise<AdminTest> {
  return db.transaction(async (tx) => {
    const found = await ownedTest(tx, actor, testId);
    const source = found.test;
    const moduleId = body.module_id ?? source.moduleId;
    const values = {
      name: copyTitle(source.name),
      description: source.description,
      passScore: source.passScore,
      timeLimitMinutes: source.timeLimitMinutes,
      attemptsLimit: source.attemptsLimit,
      review: source.review,
      grading: source.grading,
      isPublished: false,
    };
    let copyId: number;
    if (moduleId === null) {
      // A final test: into the same course's final tests, right after the original.
      await ownedCourse(tx, actor, source.courseId, true);
      const [row] = await tx.insert(tests).values({ ...values, courseId: source.courseId, moduleId: null }).returning({ id: tests.id });
      copyId = row!.id;
      const finals = await tx
        .select({ id: tests.id })
        .from(tests)
        .where(and(eq(tests.courseId, source.courseId), isNull(tests.moduleId)))
        .orderBy(asc(tests.sort), asc(tests.id));
      const order = finals.map((f) => f.id).filter((id) => id !== copyId);
      order.splice(order.indexOf(source.id) + 1, 0, copyId);
      await writeSorts(
        tx,
        tests,
        order.map((id, i) => [id, i + 1]),
      );
    } else {
      const module = await targetModule(tx, actor, moduleId);
      const [row] = await tx.insert(tests).values({ ...values, courseId: module.courseId, moduleId: module.id }).returning({ id: tests.id });
      copyId = row!.id;
      await placeInModule(tx, module.id, { type: 'test', id: copyId }, module.id === source.moduleId ? { type: 'test', id: source.id } : undefined);
    }
    await copyQuestions(tx, source.id, copyId);
    const made = await ownedTest(tx, actor, copyId);
    await recordAudit(tx, actor, {
      action: 'test.copy',
      entity: 'test',
      entityId: copyId,
      courseId: made.course.id,
      summary: made.test.name,
      after: { copy_of: source.id, module_id: made.test.moduleId },
    });
    return toAdminTest(tx, made);
  });
}

/** The copy of one course's content and card, inside the caller's transaction. */
async function copyCourse(tx: Executor, actor: SignedInActor, courseId: number) {
  // The lock queues concurrent copies of one course, so each sees the other's address.
  const source = await ownedCourse(tx, actor, courseId, true);
  const title = copyTitle(source.title);
  const { id: _id, slug: _slug, searchVector: _search, createdAt: _created, updatedAt: _updated, ...card } = source;
  const [course] = await tx
    .insert(courses)
    .values({
      ...card,
      title,
      slug: await freeSlug(tx, slugFromTitle(title)),
      isPublished: false,
      isFeatured: false,
      // The copy belongs to whoever owns the original (staff copying a teacher's course leave it theirs).
      ownerId: source.ownerId ?? actor.user.id,
    })
    .returning();
  const copy = course!;

  // The course page's facts and teachers describe the content, so they come along.
  const attrs = await tx.select().from(courseAttributes).where(eq(courseAttributes.courseId, source.id)).orderBy(asc(courseAttributes.id));
  if (attrs.length) await tx.insert(courseAttributes).values(attrs.map(({ id: _a, ...a }) => ({ ...a, courseId: copy.id })));
  const teachers = await tx.select().from(courseTeachers).where(eq(courseTeachers.courseId, source.id));
  if (teachers.length) await tx.insert(courseTeachers).values(teachers.map((x) => ({ ...x, courseId: copy.id })));

  // Modules in order, then their lessons (with publication as it is: the course itself is a draft).
  const modules = await tx.select().from(courseModules).where(eq(courseModules.courseId, source.id)).orderBy(asc(courseModules.sort), asc(courseModules.id));
  const moduleIds = new Map<number, number>();
  for (const m of modules) {
    const [row] = await tx.insert(courseModules).values({ courseId: copy.id, title: m.title, sort: m.sort }).returning({ id: courseModules.id });
    moduleIds.set(m.id, row!.id);
  }
  const lessonIds = new Map<number, number>();
  if (modules.length) {
    const rows = await tx
      .select()
      .from(lessons)
      .where(inArray(lessons.moduleId, [...moduleIds.keys()]))
      .orderBy(asc(lessons.moduleId), asc(lessons.sort), asc(lessons.id));
    for (const l of rows) {
      const [row] = await tx
        .insert(lessons)
        .values({ moduleId: moduleIds.get(l.moduleId)!, title: l.title, sort: l.sort, durationMinutes: l.durationMinutes, isPublished: l.isPublished })
        .returning({ id: lessons.id });
      lessonIds.set(l.id, row!.id);
    }
  }
  await copyBlocks(tx, lessonIds);

  // Module tests and final tests, with their questions and answers.
  const testRows = await tx.select().from(tests).where(eq(tests.courseId, source.id)).orderBy(asc(tests.sort), asc(tests.id));
  for (const x of testRows) {
    const [row] = await tx
      .insert(tests)
      .values({
        courseId: copy.id,
        moduleId: x.moduleId === null ? null : moduleIds.get(x.moduleId)!,
        name: x.name,
        description: x.description,
        passScore: x.passScore,
        timeLimitMinutes: x.timeLimitMinutes,
        attemptsLimit: x.attemptsLimit,
        isPublished: x.isPublished,
        sort: x.sort,
        review: x.review,
        grading: x.grading,
      })
      .returning({ id: tests.id });
    await copyQuestions(tx, x.id, row!.id);
  }
  await recordAudit(tx, actor, {
    action: 'course.copy',
    entity: 'course',
    entityId: copy.id,
    courseId: copy.id,
    summary: copy.title,
    after: { copy_of: source.id, slug: copy.slug, modules: modules.length, lessons: lessonIds.size, tests: testRows.length },
  });
  return copy;
}

/**
 * POST /api/admin/courses/{id}/duplicate/: a new draft "<title> (копия)" with a new address and
 * the whole programme in the same order. Two copies made at once both complete, with different
 * addresses (a rare clash with another new course's address is retried once).
 */
export async function duplicateCourse(db: Executor, media: MediaStore, actor: SignedInActor, courseId: number): Promise<AdminCourse> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const copy = await db.transaction((tx) => copyCourse(tx, actor, courseId));
      return toAdminCourse(db, media, copy);
    } catch (error) {
      if (!isUniqueViolation(error, 'courses_slug_unique') || attempt > 1) {
        if (isUniqueViolation(error, 'courses_slug_unique')) throw ApiError.fields({ non_field_errors: [ADMIN_TEXTS.slugTaken] });
        throw error;
      }
    }
  }
}
