// The catalogue's query scopes against the real database: who sees, administers and studies
// which courses, and a foreign id as a 404 through findOne.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOne } from '../../db/find.ts';
import { courses, reviews } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { createTestDatabase } from '../../test/app.ts';
import { buildCourse, buildEnrolment, buildOwner, buildUser } from '../../test/factories.ts';
import { jobActor, type Actor } from '../auth/actor.ts';
import { courseKeyCondition, enrolledIn, ownedBy, publishedCourses, publishedReviews } from './scopes.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const guest: Actor = { user: null, sessionId: null, ip: '127.0.0.1' };

/** Ids among `ids` that a scope lets through, sorted. */
async function visible(ids: number[], scope: ReturnType<typeof ownedBy>): Promise<number[]> {
  const rows = await database.db.select({ id: courses.id }).from(courses).where(and(inArray(courses.id, ids), scope));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

describe('publishedCourses and publishedReviews', () => {
  it('let through only published rows', async () => {
    const db = database.db;
    const shown = await buildCourse(db);
    const hidden = await buildCourse(db, { published: false });
    expect(await visible([shown.id, hidden.id], publishedCourses)).toEqual([shown.id]);
    const [published, fresh, hiddenReview] = await db
      .insert(reviews)
      .values([
        { name: 'Анна', rating: 5, text: 'Отлично', publishedAt: '2026-01-10', status: 'published', courseId: shown.id },
        { name: 'Борис', rating: 4, text: 'Хорошо', publishedAt: '2026-01-11', status: 'new', courseId: shown.id },
        { name: 'Вера', rating: 1, text: 'Плохо', publishedAt: '2026-01-12', status: 'hidden', courseId: shown.id },
      ])
      .returning({ id: reviews.id });
    const ids = [published!.id, fresh!.id, hiddenReview!.id];
    const rows = await db.select({ id: reviews.id }).from(reviews).where(and(inArray(reviews.id, ids), publishedReviews));
    expect(rows).toEqual([{ id: published!.id }]);
  });
});

describe('courseKeyCondition', () => {
  it('finds a course by slug or by id, and nothing for an out-of-range number', async () => {
    const course = await buildCourse(database.db);
    expect(await visible([course.id], courseKeyCondition(course.slug))).toEqual([course.id]);
    expect(await visible([course.id], courseKeyCondition(String(course.id)))).toEqual([course.id]);
    expect(await visible([course.id], courseKeyCondition('99999999999'))).toEqual([]);
  });
});

describe('ownedBy', () => {
  it('gives an owner their own courses (published or not), staff every course, others none', async () => {
    const db = database.db;
    const [alice, bob] = await Promise.all([buildOwner(db), buildOwner(db)]);
    const [a1, a2, b1, orphan] = await Promise.all([
      buildCourse(db, { ownerId: alice.id }),
      buildCourse(db, { ownerId: alice.id, published: false }),
      buildCourse(db, { ownerId: bob.id }),
      buildCourse(db),
    ]);
    const ids = [a1.id, a2.id, b1.id, orphan.id];
    expect(await visible(ids, ownedBy(jobActor('test', alice)))).toEqual(sorted(a1.id, a2.id));
    expect(await visible(ids, ownedBy(jobActor('test', bob)))).toEqual([b1.id]);
    const staff = await buildUser(db, { isStaff: true });
    expect(await visible(ids, ownedBy(jobActor('test', staff)))).toEqual(sorted(...ids));
    expect(await visible(ids, ownedBy(guest))).toEqual([]);
    // A user no longer flagged as owner keeps no access to courses still pointing at them.
    const former = await buildUser(db);
    const kept = await buildCourse(db, { ownerId: former.id });
    expect(await visible([kept.id], ownedBy(jobActor('test', former)))).toEqual([]);
  });

  it('makes a foreign course a 404 through findOne', async () => {
    const db = database.db;
    const [alice, bob] = await Promise.all([buildOwner(db), buildOwner(db)]);
    const own = await buildCourse(db, { ownerId: alice.id });
    const foreign = await buildCourse(db, { ownerId: bob.id });
    const byId = (id: number) =>
      findOne(db.select({ id: courses.id }).from(courses).where(and(eq(courses.id, id), ownedBy(jobActor('test', alice)))), 'Курс не найден.');
    await expect(byId(own.id)).resolves.toEqual({ id: own.id });
    const error = await byId(foreign.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 404, message: 'Курс не найден.' });
  });
});

describe('enrolledIn', () => {
  it('gives the courses of active enrolments without an end or ending later, published or not', async () => {
    const db = database.db;
    const [learner, other] = await Promise.all([buildUser(db), buildUser(db)]);
    const [open, hidden, later, expired, inactive, foreign, none] = await Promise.all([
      buildCourse(db),
      buildCourse(db, { published: false }),
      buildCourse(db),
      buildCourse(db),
      buildCourse(db),
      buildCourse(db),
      buildCourse(db),
    ]);
    const day = 86_400_000;
    await Promise.all([
      buildEnrolment(db, { userId: learner.id, courseId: open.id }),
      buildEnrolment(db, { userId: learner.id, courseId: hidden.id }),
      buildEnrolment(db, { userId: learner.id, courseId: later.id, accessUntil: new Date(Date.now() + day) }),
      buildEnrolment(db, { userId: learner.id, courseId: expired.id, accessUntil: new Date(Date.now() - day) }),
      buildEnrolment(db, { userId: learner.id, courseId: inactive.id, isActive: false }),
      buildEnrolment(db, { userId: other.id, courseId: foreign.id }),
    ]);
    const ids = [open, hidden, later, expired, inactive, foreign, none].map((c) => c.id);
    expect(await visible(ids, enrolledIn(jobActor('test', learner)))).toEqual(sorted(open.id, hidden.id, later.id));
    expect(await visible(ids, enrolledIn(jobActor('test', other)))).toEqual([foreign.id]);
    expect(await visible(ids, enrolledIn(guest))).toEqual([]);
    // Combined with publishedCourses: what the catalogue would show as "mine".
    expect(await visible(ids, and(enrolledIn(jobActor('test', learner)), publishedCourses)!)).toEqual(sorted(open.id, later.id));
  });
});
