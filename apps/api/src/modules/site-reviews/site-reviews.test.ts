// Teachers and reviews over real HTTP (decision 0073): staff edit teachers (409 on a stale form,
// deletion refused while they teach somewhere, drag-and-drop order) and moderate reviews (filters,
// search, paging; publish, hide, reply, a fixed typo), each change in the audit trail; a learner who
// studies a course leaves one review of it, which arrives new; the course page's rating counts only
// published reviews and follows a hidden one at once.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, courseTeachers, reviews, teachers } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCourse, buildEnrolment, buildGroup, buildReview, buildTeacher, buildUser, signInAs, unique, type TestSession } from '../../test/factories.ts';

let t: TestContext;
const db = () => t.database.db;
let staff: TestSession;
let staffId: number;

beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(db(), { isStaff: true });
  staffId = user.id;
  staff = await signInAs(t.app, user);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, session: Pick<TestSession, 'headers'> | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: session?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function lastAudit(entityId: number, entity: 'teacher' | 'review') {
  const [row] = await db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, String(entityId))))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

const T = '/api/admin/school/site/teachers/';
const R = '/api/admin/school/site/reviews/';

describe('teachers', () => {
  it('creates a teacher last in the order with their courses, and the public list shows them', async () => {
    const course = await buildCourse(db());
    const res = await call('POST', T, staff, {
      first_name: ' Мария ',
      last_name: 'Кофейникова',
      position: 'Q-грейдер',
      bio: 'Пятнадцать лет в кофе.',
      photo: null,
      on_main: true,
      on_noschool: false,
      course_ids: [course.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const teacher = res.json();
    expect(teacher).toMatchObject({ first_name: 'Мария', last_name: 'Кофейникова', version: 1, courses: [{ id: course.id, title: course.title }], groups: [] });
    const list = (await call('GET', T, staff)).json() as { id: number }[];
    expect(list.at(-1)!.id).toBe(teacher.id);
    expect(await lastAudit(teacher.id, 'teacher')).toMatchObject({ action: 'teacher.create', actorId: staffId, summary: 'Мария Кофейникова' });
    const page = (await call('GET', `/api/courses/${course.slug}/`, null)).json();
    expect(page.teachers.map((x: { id: number }) => x.id)).toEqual([teacher.id]);
  });

  it('answers Russian field errors for an empty name and an unknown course', async () => {
    const res = await call('POST', T, staff, { first_name: ' ', last_name: 'Х', course_ids: [2_000_000_000] });
    expect(res.statusCode).toBe(400);
    expect(res.json().first_name).toEqual(['Укажите имя.']);
    const unknown = await call('POST', T, staff, { first_name: 'А', last_name: 'Б', course_ids: [2_000_000_000] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().course_ids).toEqual(['Такого курса нет.']);
  });

  it('saves a form opened at the current version and refuses a stale one with 409', async () => {
    const teacher = await buildTeacher(db());
    const body = { first_name: 'Пётр', last_name: teacher.lastName, position: 'Бариста', bio: null, photo: null, on_main: false, on_noschool: true, course_ids: [] };
    const saved = await call('PATCH', `${T}${teacher.id}/`, staff, { ...body, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ first_name: 'Пётр', on_noschool: true, version: 2 });
    const audit = await lastAudit(teacher.id, 'teacher');
    expect(audit).toMatchObject({ action: 'teacher.update', before: { teacher: `Имя ${teacher.lastName}`, on_noschool: false }, after: { teacher: `Пётр ${teacher.lastName}`, on_noschool: true } });
    const stale = await call('PATCH', `${T}${teacher.id}/`, staff, { ...body, first_name: 'Павел', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/изменили в другом окне/);
    const [row] = await db().select().from(teachers).where(eq(teachers.id, teacher.id));
    expect(row!.firstName).toBe('Пётр');
    expect((await call('PATCH', `${T}999999999/`, staff, { ...body, version: 1 })).statusCode).toBe(404);
  });

  it('keeps a teacher who is on a course page or leads a group on the schedule, saying where; deletes anyone else', async () => {
    const course = await buildCourse(db());
    const onCourse = await buildTeacher(db(), { courseIds: [course.id] });
    const refused = await call('DELETE', `${T}${onCourse.id}/`, staff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain(`«${course.title}»`);

    const leader = await buildTeacher(db());
    const group = await buildGroup(db(), { courseId: course.id, teacherId: leader.id });
    const inGroup = await call('DELETE', `${T}${leader.id}/`, staff);
    expect(inGroup.statusCode).toBe(409);
    expect(inGroup.json().detail).toContain(`«${group.title}»`);

    const free = await buildTeacher(db());
    const gone = await call('DELETE', `${T}${free.id}/`, staff);
    expect(gone.statusCode).toBe(204);
    expect(await db().select().from(teachers).where(eq(teachers.id, free.id))).toEqual([]);
    expect(await lastAudit(free.id, 'teacher')).toMatchObject({ action: 'teacher.delete' });
    expect((await call('DELETE', `${T}${free.id}/`, staff)).statusCode).toBe(404);
  });

  it('puts a course added to a teacher last among its teachers and keeps the others', async () => {
    const course = await buildCourse(db());
    const first = await buildTeacher(db(), { courseIds: [course.id] });
    const second = await buildTeacher(db());
    const res = await call('PATCH', `${T}${second.id}/`, staff, { first_name: 'Вторая', last_name: second.lastName, course_ids: [course.id], version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await db().select().from(courseTeachers).where(eq(courseTeachers.courseId, course.id));
    const sortOf = (id: number) => rows.find((r) => r.teacherId === id)!.sort;
    expect(sortOf(second.id)).toBeGreaterThan(sortOf(first.id));
  });

  it('orders teachers as dragged, and a stale list answers 409', async () => {
    const list = (await call('GET', T, staff)).json() as { id: number }[];
    const ids = list.map((x) => x.id).reverse();
    const res = await call('PUT', `${T}order/`, staff, { ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((x: { id: number }) => x.id)).toEqual(ids);
    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'teacher.reorder')).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit).toMatchObject({ after: { order: ids } });
    const publicList = (await call('GET', '/api/teachers/', null)).json() as { id: number }[];
    expect(publicList.map((x) => x.id)).toEqual(ids);
    const stale = await call('PUT', `${T}order/`, staff, { ids: ids.slice(1) });
    expect(stale.statusCode).toBe(409);
  });
});

describe('reviews', () => {
  it('counts only published reviews in the course rating; hiding one changes it at once, publishing brings it back', async () => {
    const course = await buildCourse(db());
    const five = await buildReview(db(), { courseId: course.id, rating: 5 });
    const one = await buildReview(db(), { courseId: course.id, rating: 1 });
    await buildReview(db(), { courseId: course.id, rating: 1, status: 'new' });
    await buildReview(db(), { courseId: course.id, rating: 1, status: 'hidden' });
    const rating = async () => (await call('GET', `/api/courses/${course.slug}/`, null)).json().rating;
    expect(await rating()).toEqual({ average: 3, count: 2 });

    const hidden = await call('POST', `${R}${one.id}/hide/`, staff, { version: 1 });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ status: 'hidden', version: 2 });
    expect(await rating()).toEqual({ average: 5, count: 1 });
    expect(await lastAudit(one.id, 'review')).toMatchObject({ action: 'review.hide', courseId: course.id, before: { status: 'published' }, after: { status: 'hidden' } });

    expect((await call('POST', `${R}${one.id}/hide/`, staff, { version: 2 })).statusCode).toBe(400);
    expect((await call('POST', `${R}${one.id}/publish/`, staff, { version: 1 })).statusCode).toBe(409);
    const back = await call('POST', `${R}${one.id}/publish/`, staff, { version: 2 });
    expect(back.statusCode).toBe(200);
    expect(back.json().published_at).toBe(one.publishedAt);
    expect(await rating()).toEqual({ average: 3, count: 2 });
    expect(await lastAudit(one.id, 'review')).toMatchObject({ action: 'review.publish' });
    expect(five.status).toBe('published');
  });

  it('publishes a new review dated today, and the course page shows it with the school reply', async () => {
    const course = await buildCourse(db());
    const review = await buildReview(db(), { courseId: course.id, status: 'new', publishedAt: '2020-01-01' });
    const replied = await call('POST', `${R}${review.id}/reply/`, staff, { version: 1, reply: '  Спасибо за отзыв!  ' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ reply: 'Спасибо за отзыв!', version: 2 });
    expect(replied.json().replied_at).toEqual(expect.any(String));
    expect(await lastAudit(review.id, 'review')).toMatchObject({ action: 'review.reply', before: { reply: null }, after: { reply: 'Спасибо за отзыв!' } });
    expect((await call('GET', `/api/courses/${course.slug}/`, null)).json().reviews).toEqual([]);

    const published = await call('POST', `${R}${review.id}/publish/`, staff, { version: 2 });
    expect(published.json().published_at).not.toBe('2020-01-01');
    const page = (await call('GET', `/api/courses/${course.slug}/`, null)).json();
    expect(page.reviews).toEqual([expect.objectContaining({ id: review.id, reply: 'Спасибо за отзыв!' })]);

    const removed = await call('POST', `${R}${review.id}/reply/`, staff, { version: 3, reply: '' });
    expect(removed.json()).toMatchObject({ reply: null, replied_at: null });
  });

  it('fixes a typo keeping the old text in the audit trail; a stale version is 409', async () => {
    const review = await buildReview(db(), { text: 'Отличнй курс.' });
    const res = await call('PATCH', `${R}${review.id}/`, staff, { version: 1, text: 'Отличный курс.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ text: 'Отличный курс.', version: 2 });
    expect(await lastAudit(review.id, 'review')).toMatchObject({ action: 'review.update', before: { text: 'Отличнй курс.' }, after: { text: 'Отличный курс.' } });
    expect((await call('PATCH', `${R}${review.id}/`, staff, { version: 1, text: 'Другое' })).statusCode).toBe(409);
    expect((await call('PATCH', `${R}${review.id}/`, staff, { version: 2, text: ' ' })).json().text).toEqual(['Текст отзыва не может быть пустым.']);
    expect((await call('PATCH', `${R}999999999/`, staff, { version: 1, text: 'А' })).statusCode).toBe(404);
  });

  it('filters by status, course and rating, searches name and text, pages on the server, new ones first', async () => {
    const course = await buildCourse(db());
    const word = unique('слово').replace(/[^а-яё0-9]/gi, '');
    const old = await buildReview(db(), { courseId: course.id, rating: 4, text: `Про ${word} давно` });
    const fresh = await buildReview(db(), { courseId: course.id, rating: 4, status: 'new', text: 'Ещё' });
    await buildReview(db(), { courseId: course.id, rating: 2, status: 'hidden' });
    const list = (await call('GET', `${R}?course=${course.id}`, staff)).json();
    expect(list.count).toBe(3);
    expect(list.results[0].id).toBe(fresh.id);
    expect((await call('GET', `${R}?course=${course.id}&status=new`, staff)).json().results.map((r: { id: number }) => r.id)).toEqual([fresh.id]);
    expect((await call('GET', `${R}?course=${course.id}&rating=4`, staff)).json().count).toBe(2);
    expect((await call('GET', `${R}?search=${encodeURIComponent(word)}`, staff)).json().results.map((r: { id: number }) => r.id)).toEqual([old.id]);
    const paged = (await call('GET', `${R}?course=${course.id}&page_size=2&page=2`, staff)).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.previous).toEqual(expect.any(String));
    expect((await call('GET', `${R}?status=other`, staff)).statusCode).toBe(400);
    const one = (await call('GET', `${R}${fresh.id}/`, staff)).json();
    expect(one).toMatchObject({ id: fresh.id, status: 'new', course: { id: course.id } });
    expect((await call('GET', `${R}999999999/`, staff)).statusCode).toBe(404);
  });
});

describe("a learner's review", () => {
  it('is left once per course by someone who studies it, arrives new and counts for staff', async () => {
    const course = await buildCourse(db());
    const learner = await buildUser(db(), { firstName: 'Анна', lastName: 'соколова' });
    const enrolment = await buildEnrolment(db(), { userId: learner.id, courseId: course.id });
    const session = await signInAs(t.app, learner);
    const url = `/api/user/course/${enrolment.id}/review/`;
    expect((await call('GET', url, session)).json()).toEqual({ review: null, suggested_name: 'Анна С.' });

    const before = (await call('GET', `${R}new-count/`, staff)).json().count;
    const bad = await call('POST', url, session, { rating: 6, name: '', text: 'Коротко' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ rating: ['Поставьте оценку от 1 до 5.'], name: ['Укажите, как подписать отзыв.'], text: ['Напишите отзыв — хотя бы пару слов, от 10 символов.'] });

    const res = await call('POST', url, session, { rating: 4, name: 'Анна С.', text: 'Хороший курс, много практики.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().review).toMatchObject({ status: 'new', rating: 4, name: 'Анна С.', reply: null });
    const [row] = await db().select().from(reviews).where(eq(reviews.id, res.json().review.id));
    expect(row).toMatchObject({ authorId: learner.id, courseId: course.id, status: 'new' });
    expect((await call('GET', `${R}new-count/`, staff)).json().count).toBe(before + 1);
    expect((await call('GET', `/api/courses/${course.slug}/`, null)).json().rating).toBeNull();

    const again = await call('POST', url, session, { rating: 5, name: 'Анна', text: 'Ещё один отзыв о курсе.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Вы уже оставили отзыв об этом курсе.');
  });

  it("is refused with 404 for another account's enrolment, a hidden one and a guest", async () => {
    const course = await buildCourse(db());
    const owner = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: owner.id, courseId: course.id });
    const stranger = await signInAs(t.app, await buildUser(db()));
    const body = { rating: 5, name: 'Чужой', text: 'Отзыв о чужом курсе.' };
    expect((await call('POST', `/api/user/course/${enrolment.id}/review/`, stranger, body)).statusCode).toBe(404);
    expect((await call('GET', `/api/user/course/${enrolment.id}/review/`, stranger)).statusCode).toBe(404);
    const hidden = await buildEnrolment(db(), { userId: owner.id, courseId: (await buildCourse(db())).id, isActive: false });
    expect((await call('POST', `/api/user/course/${hidden.id}/review/`, await signInAs(t.app, owner), body)).statusCode).toBe(404);
    expect((await call('POST', `/api/user/course/${enrolment.id}/review/`, null, body)).statusCode).toBe(401);
  });
});

describe('with the content cache on', () => {
  let cached: TestContext;
  beforeAll(async () => {
    cached = await createTestApp({ CONTENT_CACHE_TTL_MS: '60000' });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('a hidden review and a renamed teacher leave the cached course page at once (the routes declare the catalogue changed)', async () => {
    const cdb = cached.database.db;
    const session = await signInAs(cached.app, await buildUser(cdb, { isStaff: true }));
    const course = await buildCourse(cdb);
    const review = await buildReview(cdb, { courseId: course.id, rating: 3 });
    const teacher = await buildTeacher(cdb, { courseIds: [course.id] });
    const page = async () => (await cached.app.inject({ method: 'GET', url: `/api/courses/${course.slug}/` })).json();
    expect((await page()).rating).toEqual({ average: 3, count: 1 });
    const hidden = await cached.app.inject({ method: 'POST', url: `${R}${review.id}/hide/`, headers: session.headers, payload: { version: 1 } });
    expect(hidden.statusCode).toBe(200);
    expect((await page()).rating).toBeNull();
    const renamed = await cached.app.inject({
      method: 'PATCH',
      url: `${T}${teacher.id}/`,
      headers: session.headers,
      payload: { first_name: 'Новое', last_name: teacher.lastName, course_ids: [course.id], version: 1 },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await page()).teachers[0].first_name).toBe('Новое');
  });
});
