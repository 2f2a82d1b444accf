// A course's structure in the builder (decision
// 0035): modules, their lessons and tests, and their order. Lessons and tests of a module are one
// sequence (the outline interleaves them by `sort`), so each set-order call rewrites only the
// positions its own kind holds, and the module's content order sets both kinds at once. Every
// set-order takes the whole new list and applies it in one transaction, or not at all.
import { and, asc, count, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { AdminModule } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { courseModules, courses, lessonBlocks, lessons, questions, tests } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { ownedCourse } from './courses.ts';
import { ADMIN_TEXTS, ownedModules } from './scopes.ts';
import { answersIn } from '../homework/learner.ts';
import { LESSON_TEXTS } from './lessons.ts';

/** One of the actor's modules (locked for the transaction when asked); 404 for anyone else's. */
export function ownedModule(db: Executor, actor: SignedInActor, moduleId: number, lock = false) {
  const query = db
    .select({ id: courseModules.id, courseId: courseModules.courseId, title: courseModules.title, sort: courseModules.sort })
    .from(courseModules)
    .innerJoin(courses, eq(courses.id, courseModules.courseId))
    .where(and(eq(courseModules.id, moduleId), ownedModules(actor)));
  return findOne(lock ? query.for('update', { of: courseModules }) : query, ADMIN_TEXTS.moduleNotFound);
}

/** The modules of a course with their lessons and tests, in the learners' order. */
export async function courseStructure(db: Executor, courseId: number): Promise<AdminModule[]> {
  const modules = await db
    .select({ id: courseModules.id, title: courseModules.title, sort: courseModules.sort })
    .from(courseModules)
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.sort), asc(courseModules.id));
  const ids = modules.map((m) => m.id);
  // One query after another: `db` may be a transaction, whose one connection takes one query at a time.
  const lessonRows = ids.length
    ? await db
        .select({
          id: lessons.id,
          moduleId: lessons.moduleId,
          title: lessons.title,
          sort: lessons.sort,
          isPublished: lessons.isPublished,
          // Counted in a join: in a one-table select Drizzle writes a subquery's columns without
          // their table, and `lesson_id = id` would compare a block with itself.
          blocks: count(lessonBlocks.id),
          pages: sql<number>`coalesce(max(${lessonBlocks.page}), 0)`.mapWith(Number),
        })
        .from(lessons)
        .leftJoin(lessonBlocks, eq(lessonBlocks.lessonId, lessons.id))
        .where(inArray(lessons.moduleId, ids))
        .groupBy(lessons.id)
        .orderBy(asc(lessons.sort), asc(lessons.id))
    : [];
  const testRows = ids.length
    ? await db
        .select({
          id: tests.id,
          moduleId: tests.moduleId,
          title: tests.name,
          sort: tests.sort,
          isPublished: tests.isPublished,
          questions: count(questions.id),
        })
        .from(tests)
        .leftJoin(questions, eq(questions.testId, tests.id))
        .where(and(inArray(tests.moduleId, ids), isNotNull(tests.moduleId)))
        .groupBy(tests.id)
        .orderBy(asc(tests.sort), asc(tests.id))
    : [];
  return modules.map((m) => ({
    id: m.id,
    title: m.title,
    sort: m.sort,
    lessons: lessonRows
      .filter((l) => l.moduleId === m.id)
      .map((l) => ({ id: l.id, title: l.title, sort: l.sort, is_published: l.isPublished, blocks_count: l.blocks, pages_count: l.pages })),
    tests: testRows
      .filter((t) => t.moduleId === m.id)
      .map((t) => ({ id: t.id, title: t.title, sort: t.sort, is_published: t.isPublished, questions_count: t.questions })),
  }));
}

/** GET /api/admin/courses/{id}/modules/ */
export async function listModules(db: Executor, actor: SignedInActor, courseId: number): Promise<AdminModule[]> {
  const course = await ownedCourse(db, actor, courseId);
  return courseStructure(db, course.id);
}

/** POST /api/admin/courses/{id}/modules/: a new module at the end of the course. */
export async function createModule(db: Executor, actor: SignedInActor, courseId: number, title: string): Promise<AdminModule> {
  return db.transaction(async (tx) => {
    const course = await ownedCourse(tx, actor, courseId, true);
    const [last] = await tx.select({ sort: max(courseModules.sort) }).from(courseModules).where(eq(courseModules.courseId, course.id));
    const [row] = await tx
      .insert(courseModules)
      .values({ courseId: course.id, title, sort: (last?.sort ?? 0) + 1 })
      .returning();
    await recordAudit(tx, actor, { action: 'module.create', entity: 'module', entityId: row!.id, courseId: course.id, summary: row!.title, after: row });
    return { id: row!.id, title: row!.title, sort: row!.sort, lessons: [], tests: [] };
  });
}

/** PATCH /api/admin/modules/{id}/ */
export async function renameModule(db: Executor, actor: SignedInActor, moduleId: number, title: string): Promise<AdminModule> {
  const module = await db.transaction(async (tx) => {
    const found = await ownedModule(tx, actor, moduleId, true);
    await tx.update(courseModules).set({ title }).where(eq(courseModules.id, found.id));
    await recordAudit(tx, actor, { action: 'module.update', entity: 'module', entityId: found.id, courseId: found.courseId, summary: title, before: { title: found.title }, after: { title } });
    return found;
  });
  return (await courseStructure(db, module.courseId)).find((m) => m.id === module.id)!;
}

/** DELETE /api/admin/modules/{id}/: with its lessons and tests (the builder says what goes). */
export async function deleteModule(db: Executor, actor: SignedInActor, moduleId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const module = await ownedModule(tx, actor, moduleId, true);
    const answers = await answersIn(tx, { moduleId: module.id });
    if (answers > 0) throw ApiError.fields({ non_field_errors: [LESSON_TEXTS.moduleHasAnswers(String(answers))] });
    await tx.delete(courseModules).where(eq(courseModules.id, module.id));
    await recordAudit(tx, actor, { action: 'module.delete', entity: 'module', entityId: module.id, courseId: module.courseId, summary: module.title, before: module });
  });
}

/** The next free position in a module's sequence of lessons and tests. */
async function nextSort(db: Executor, moduleId: number): Promise<number> {
  const [l] = await db.select({ sort: max(lessons.sort) }).from(lessons).where(eq(lessons.moduleId, moduleId));
  const [t] = await db.select({ sort: max(tests.sort) }).from(tests).where(eq(tests.moduleId, moduleId));
  return Math.max(l?.sort ?? 0, t?.sort ?? 0) + 1;
}

/** POST /api/admin/modules/{id}/lessons/: a new draft lesson at the end of the module. */
export async function createLesson(db: Executor, actor: SignedInActor, moduleId: number, title: string) {
  return db.transaction(async (tx) => {
    const module = await ownedModule(tx, actor, moduleId, true);
    const [row] = await tx
      .insert(lessons)
      .values({ moduleId: module.id, title, sort: await nextSort(tx, module.id), isPublished: false })
      .returning();
    await recordAudit(tx, actor, { action: 'lesson.create', entity: 'lesson', entityId: row!.id, courseId: module.courseId, summary: row!.title, after: row });
    return { id: row!.id, module_id: module.id, title: row!.title, sort: row!.sort, is_published: row!.isPublished };
  });
}

/** POST /api/admin/modules/{id}/tests/: a new draft test at the end of the module. */
export async function createTest(db: Executor, actor: SignedInActor, moduleId: number, name: string) {
  return db.transaction(async (tx) => {
    const module = await ownedModule(tx, actor, moduleId, true);
    const [row] = await tx
      .insert(tests)
      .values({ courseId: module.courseId, moduleId: module.id, name, sort: await nextSort(tx, module.id), isPublished: false })
      .returning();
    await recordAudit(tx, actor, { action: 'test.create', entity: 'test', entityId: row!.id, courseId: module.courseId, summary: row!.name, after: row });
    return { id: row!.id, module_id: module.id, title: row!.name, sort: row!.sort, is_published: row!.isPublished };
  });
}

/** The same ids, each once: else a 400 under `order`, and nothing is changed. */
export function assertSameSet(current: number[], order: number[]): void {
  const have = new Set(current);
  if (order.length !== have.size || order.some((id) => !have.has(id))) {
    throw ApiError.fields({ order: [ADMIN_TEXTS.orderMismatch] });
  }
}

/** Sets `sort` of each id of a table in one statement. */
export async function writeSorts(db: Executor, table: typeof courseModules | typeof lessons | typeof tests | typeof questions, sorts: [id: number, sort: number][]) {
  if (!sorts.length) return;
  const values = sql.join(
    sorts.map(([id, sort]) => sql`(${id}::int, ${sort}::int)`),
    sql`, `,
  );
  await db.execute(sql`update ${table} set sort = v.sort from (values ${values}) as v(id, sort) where ${table.id} = v.id`);
}

/** POST /api/admin/courses/{id}/modules/set-order/ */
export async function setModuleOrder(db: Executor, actor: SignedInActor, courseId: number, order: number[]): Promise<AdminModule[]> {
  return db.transaction(async (tx) => {
    const course = await ownedCourse(tx, actor, courseId, true);
    const current = await tx.select({ id: courseModules.id }).from(courseModules).where(eq(courseModules.courseId, course.id));
    assertSameSet(
      current.map((m) => m.id),
      order,
    );
    await writeSorts(
      tx,
      courseModules,
      order.map((id, i) => [id, i + 1]),
    );
    await recordAudit(tx, actor, { action: 'module.reorder', entity: 'course', entityId: course.id, courseId: course.id, summary: course.title, after: { order } });
    return courseStructure(tx, course.id);
  });
}

/** The module's sequence: lessons and tests by position (a lesson before a test of the same sort). */
export async function moduleSequence(db: Executor, moduleId: number) {
  // In sequence: called in transactions.
  const lessonRows = await db.select({ id: lessons.id, sort: lessons.sort }).from(lessons).where(eq(lessons.moduleId, moduleId));
  const testRows = await db.select({ id: tests.id, sort: tests.sort }).from(tests).where(eq(tests.moduleId, moduleId));
  return [...lessonRows.map((r) => ({ ...r, type: 'lesson' as const })), ...testRows.map((r) => ({ ...r, type: 'test' as const }))].sort(
    (a, b) => a.sort - b.sort || (a.type === b.type ? a.id - b.id : a.type === 'lesson' ? -1 : 1),
  );
}

/** Writes a whole new sequence of the module: positions 1…n. */
export async function writeSequence(db: Executor, sequence: { type: 'lesson' | 'test'; id: number }[]) {
  const at = sequence.map((item, i) => ({ ...item, sort: i + 1 }));
  await writeSorts(
    db,
    lessons,
    at.filter((x) => x.type === 'lesson').map((x) => [x.id, x.sort]),
  );
  await writeSorts(
    db,
    tests,
    at.filter((x) => x.type === 'test').map((x) => [x.id, x.sort]),
  );
}

/**
 * POST /api/admin/modules/{id}/lessons/set-order/ and …/tests/set-order/: the kind's items take
 * the places the kind held, in the new order; the other kind stays where it was.
 */
export async function setKindOrder(
  db: Executor,
  actor: SignedInActor,
  moduleId: number,
  kind: 'lesson' | 'test',
  order: number[],
): Promise<AdminModule> {
  return db.transaction(async (tx) => {
    const module = await ownedModule(tx, actor, moduleId, true);
    const sequence = await moduleSequence(tx, module.id);
    assertSameSet(
      sequence.filter((x) => x.type === kind).map((x) => x.id),
      order,
    );
    const queue = [...order];
    await writeSequence(
      tx,
      sequence.map((x) => (x.type === kind ? { type: kind, id: queue.shift()! } : x)),
    );
    await recordAudit(tx, actor, { action: 'content.reorder', entity: 'module', entityId: module.id, courseId: module.courseId, summary: module.title, after: { [kind === 'lesson' ? 'lessons' : 'tests']: order } });
    return (await courseStructure(tx, module.courseId)).find((m) => m.id === module.id)!;
  });
}

/** POST /api/admin/modules/{id}/content/set-order/: lessons and tests of the module in one new order. */
export async function setContentOrder(
  db: Executor,
  actor: SignedInActor,
  moduleId: number,
  order: { type: 'lesson' | 'test'; id: number }[],
): Promise<AdminModule> {
  return db.transaction(async (tx) => {
    const module = await ownedModule(tx, actor, moduleId, true);
    const sequence = await moduleSequence(tx, module.id);
    const key = (x: { type: string; id: number }) => `${x.type}:${x.id}`;
    const have = new Set(sequence.map(key));
    const given = new Set(order.map(key));
    if (given.size !== order.length || given.size !== have.size || [...given].some((k) => !have.has(k))) {
      throw ApiError.fields({ order: [ADMIN_TEXTS.orderMismatch] });
    }
    await writeSequence(tx, order);
    await recordAudit(tx, actor, { action: 'content.reorder', entity: 'module', entityId: module.id, courseId: module.courseId, summary: module.title, after: { order: order.map((x) => `${x.type}:${x.id}`) } });
    return (await courseStructure(tx, module.courseId)).find((m) => m.id === module.id)!;
  });
}
