// Homework checked by curators (decision 0087) over HTTP: naming curators (is_curator and the next
// call), the curator scope (course, group, owner, staff; 404 outside), the queue and its summary,
// claim and review with versions and their 409s under concurrency, acceptance completing the lesson
// (and the certificate), the gates in the outline, the lesson page and the test start, the letters
// and the daily digest.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseCurator, CuratorQueuePage, CuratorSubmission, CuratorSummary } from '@crema/contract';
import { auditEvents, certificates, curators, groupSchedules, homeworkAttachments, homeworkMessages, homeworkSubmissions, lessonProgress, mailOutbox, users, type HomeworkBlockData, type UserCourse as UserCourseRow } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildCertificateSettings,
  buildCourse,
  buildEnrolment,
  buildGroup,
  buildLesson,
  buildLessonBlock,
  buildModule,
  buildOwner,
  buildQuestion,
  buildTest,
  buildUser,
  signInAs,
  type TestSession,
} from '../../test/factories.ts';
import { NOT_A_CURATOR } from '../auth/plugin.ts';
import { CURATOR_TEXTS } from './curators.ts';
import { runHomeworkDigest } from './digest.ts';
import { CURATOR_ACCEPTS } from './uploads.ts';
import { FILE_TEXTS } from './files.ts';
import { REVIEW_TEXTS } from './review.ts';

let t: TestContext;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOMEWORK: HomeworkBlockData = {
  title: 'Капучино с сердцем',
  html: '<p>Сфотографируйте капучино.</p>',
  accepts: { text: true, photos: 2, videos: 0, files: 0 },
  maxFileMb: 20,
  gate: 'none',
  deadline: null,
};

/**
 * An owner's course: module 1 with lesson 1 (a homework block on its only page, gate as told) and
 * lesson 2, a module test; module 2 with lesson 3; a final test.
 */
async function homeworkCourse(gate: HomeworkBlockData['gate'] = 'none') {
  const owner = await buildOwner(db(), { firstName: 'Ольга', lastName: 'Владелец' });
  const course = await buildCourse(db(), { ownerId: owner.id, title: 'Латте-арт' });
  const m1 = await buildModule(db(), { courseId: course.id, sort: 1 });
  const lesson = await buildLesson(db(), { moduleId: m1.id, sort: 1, title: 'Молоко' });
  const block = await buildLessonBlock(db(), { lessonId: lesson.id, page: 1, type: 'homework', data: { ...HOMEWORK, gate } });
  const lesson2 = await buildLesson(db(), { moduleId: m1.id, sort: 2, title: 'Розетта' });
  const test = await buildTest(db(), { courseId: course.id, moduleId: m1.id, sort: 3 });
  await buildQuestion(db(), { testId: test.id, answers: [{ isCorrect: true }] });
  const m2 = await buildModule(db(), { courseId: course.id, sort: 2 });
  const lesson3 = await buildLesson(db(), { moduleId: m2.id, sort: 1, title: 'Тюльпан' });
  const finalTest = await buildTest(db(), { courseId: course.id, passScore: 50 });
  await buildQuestion(db(), { testId: finalTest.id, answers: [{ isCorrect: true }] });
  return { owner, course, lesson, block, lesson2, test, lesson3, finalTest };
}

/** A learner of the course with a sent answer (inserted as the learner's route would). */
async function submitted(courseId: number, blockId: number, lessonId: number, name = { firstName: 'Анна', lastName: 'Соколова' }, sentAt = new Date()) {
  const user = await buildUser(db(), { ...name, phone: '+79990001122' });
  const enrolment = await buildEnrolment(db(), { userId: user.id, courseId });
  const [submission] = await db()
    .insert(homeworkSubmissions)
    .values({ blockId, lessonId, userCourseId: enrolment.id, status: 'sent', sentAt, createdAt: sentAt })
    .returning();
  await db().insert(homeworkMessages).values({ submissionId: submission!.id, authorId: user.id, role: 'learner', text: 'Вот моё сердце' });
  return { user, enrolment, submission: submission!, session: await signInAs(t.app, user) };
}

async function curatorOf(courseId: number, groupId: number | null = null, name = { firstName: 'Ирина', lastName: 'Куратор' }) {
  const user = await buildUser(db(), { ...name, isCurator: true });
  await db().insert(curators).values({ userId: user.id, courseId, groupId });
  return { user, session: await signInAs(t.app, user) };
}

const get = (url: string, session: Pick<TestSession, 'headers'>) => t.app.inject({ method: 'GET', url, headers: session.headers });
const post = (url: string, session: Pick<TestSession, 'headers'>, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: session.headers, payload });

describe('course curators: the owner names and removes them', () => {
  it('names a curator by e-mail for the course or a group, lists their load, and the level follows on the next call', async () => {
    const { owner, course, block, lesson } = await homeworkCourse();
    const ownerSession = await signInAs(t.app, owner);
    const person = await buildUser(db(), { firstName: 'Пётр', lastName: 'Проверяющий', email: 'petr.checker@example.com' });
    const personSession = await signInAs(t.app, person);
    expect((await get('/api/curator/homework/', personSession)).json()).toEqual({ detail: NOT_A_CURATOR });

    const group = await buildGroup(db(), { courseId: course.id, title: 'Утренняя' });
    const added = await post(`/api/admin/courses/${course.id}/curators/`, ownerSession, { email: 'Petr.Checker@example.com' });
    expect(added.statusCode).toBe(201);
    const curator = added.json<CourseCurator>();
    expect(curator).toMatchObject({ user: { id: person.id, name: 'Пётр Проверяющий', email: 'petr.checker@example.com' }, group: null, waiting: 0 });
    const forGroup = await post(`/api/admin/courses/${course.id}/curators/`, ownerSession, { email: person.email, group_id: group.id });
    expect(forGroup.statusCode).toBe(201);
    expect(forGroup.json()).toMatchObject({ group: { id: group.id, title: 'Утренняя' } });
    // The same again, no account, a group of another course: Russian field errors.
    expect((await post(`/api/admin/courses/${course.id}/curators/`, ownerSession, { email: person.email })).json()).toEqual({ email: [CURATOR_TEXTS.already] });
    expect((await post(`/api/admin/courses/${course.id}/curators/`, ownerSession, { email: 'nobody-here@example.com' })).json()).toEqual({ email: [CURATOR_TEXTS.noAccount] });
    const elsewhere = await buildGroup(db(), { courseId: (await buildCourse(db())).id });
    expect((await post(`/api/admin/courses/${course.id}/curators/`, ownerSession, { email: person.email, group_id: elsewhere.id })).json()).toEqual({
      group_id: [CURATOR_TEXTS.noGroup],
    });
    expect((await post(`/api/admin/courses/${course.id}/curators/`, ownerSession, { email: 'не почта' })).statusCode).toBe(400);

    // The very next call of the named person passes the level, with the same session.
    expect((await get('/api/curator/homework/', personSession)).statusCode).toBe(200);
    const [row] = await db().select({ isCurator: users.isCurator }).from(users).where(eq(users.id, person.id));
    expect(row!.isCurator).toBe(true);

    // Load: one waiting for two days, one overdue.
    const old = await submitted(course.id, block.id, lesson.id, undefined, new Date(Date.now() - 50 * 3_600_000));
    await db().update(homeworkSubmissions).set({ deadlineAt: new Date(Date.now() - 60 * 3_600_000) }).where(eq(homeworkSubmissions.id, old.submission.id));
    await submitted(course.id, block.id, lesson.id);
    const list = (await get(`/api/admin/courses/${course.id}/curators/`, ownerSession)).json<CourseCurator[]>();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ id: curator.id, group: null, waiting: 2, waiting_too_long: 1, overdue: 1 });
    // The group's curator reaches only the group's members: nobody yet.
    expect(list[1]).toMatchObject({ group: { id: group.id }, waiting: 0 });

    // Another owner: 404 for the list, adding and removing.
    const stranger = await signInAs(t.app, await buildOwner(db()));
    expect((await get(`/api/admin/courses/${course.id}/curators/`, stranger)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/courses/${course.id}/curators/${curator.id}/`, headers: stranger.headers })).statusCode).toBe(404);

    // Removing both rows: the level goes on the next call.
    for (const c of list) {
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/courses/${course.id}/curators/${c.id}/`, headers: ownerSession.headers });
      expect(removed.statusCode).toBe(204);
    }
    expect((await get('/api/curator/homework/', personSession)).json()).toEqual({ detail: NOT_A_CURATOR });
    const [after] = await db().select({ isCurator: users.isCurator }).from(users).where(eq(users.id, person.id));
    expect(after!.isCurator).toBe(false);
    const audit = await db().select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.courseId, course.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['curator.add', 'curator.add', 'curator.remove', 'curator.remove']);
  });

  it('counts, per curator, the homework nobody answered before its deadline: a fixed moment or days after the lesson opened', async () => {
    const { owner, course, lesson, lesson2 } = await homeworkCourse();
    const ownerSession = await signInAs(t.app, owner);
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
    // Lesson 1: a homework due yesterday. Lesson 2: one due two days after the lesson opened.
    const dueYesterday = await buildLessonBlock(db(), { lessonId: lesson.id, page: 1, sort: 2, type: 'homework', data: { ...HOMEWORK, title: 'Розетка', deadline: { type: 'date', at: hours(-24).toISOString() } } });
    await buildLessonBlock(db(), { lessonId: lesson2.id, page: 1, type: 'homework', data: { ...HOMEWORK, title: 'Тюльпан', deadline: { type: 'days', days: 2 } } });
    const enrol = async (values: Partial<UserCourseRow> = {}) => (await buildEnrolment(db(), { userId: (await buildUser(db())).id, courseId: course.id, ...values })).id;
    // Silent: answered nothing; opened lesson 2 three days ago — both missed.
    const silent = await enrol();
    await db().insert(lessonProgress).values({ userCourseId: silent, lessonId: lesson2.id, status: 'partially_completed', createdAt: hours(-72) });
    // Answered the first in time; has not opened lesson 2 — its clock has not started: none missed.
    const diligent = await enrol();
    await db().insert(homeworkSubmissions).values({ blockId: dueYesterday.id, lessonId: lesson.id, userCourseId: diligent, status: 'sent', sentAt: hours(-30), createdAt: hours(-30) });
    // Hid the course, or their access ended: not counted.
    await enrol({ isActive: false });
    await enrol({ accessUntil: hours(-1) });
    // In a group whose session of lesson 2 began yesterday (the clock runs to tomorrow): only the first missed.
    const grouped = await enrol();
    const group = await buildGroup(db(), { courseId: course.id, memberIds: [grouped], sessions: [{ startsAt: hours(-24), endsAt: hours(-22), lessonId: lesson2.id }] });
    await curatorOf(course.id);
    await curatorOf(course.id, group.id);

    const list = (await get(`/api/admin/courses/${course.id}/curators/`, ownerSession)).json<CourseCurator[]>();
    expect(list.map((c) => [c.group?.id ?? null, c.missed])).toEqual([
      [null, 3],
      [group.id, 1],
    ]);
    // Two days after the group's session, the second is missed too.
    await db().update(groupSchedules).set({ startsAt: hours(-49), endsAt: hours(-47) }).where(eq(groupSchedules.groupId, group.id));
    const later = (await get(`/api/admin/courses/${course.id}/curators/`, ownerSession)).json<CourseCurator[]>();
    expect(later.map((c) => c.missed)).toEqual([4, 2]);
  });

  it('keeps is_curator right when one person is named and removed at once on two courses', async () => {
    const a = await homeworkCourse();
    const b = await homeworkCourse();
    const person = await buildUser(db());
    const sa = await signInAs(t.app, a.owner);
    const sb = await signInAs(t.app, b.owner);
    // Each round removes the person from one course while naming them on the other, at once: they
    // always stay a curator somewhere, so is_curator must stay true.
    let held = (await post(`/api/admin/courses/${a.course.id}/curators/`, sa, { email: person.email })).json<CourseCurator>();
    let [from, to] = [{ course: a.course.id, session: sa }, { course: b.course.id, session: sb }];
    for (let round = 0; round < 4; round++) {
      const [removed, added] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: `/api/admin/courses/${from.course}/curators/${held.id}/`, headers: from.session.headers }),
        post(`/api/admin/courses/${to.course}/curators/`, to.session, { email: person.email }),
      ]);
      expect(removed.statusCode).toBe(204);
      expect(added.statusCode).toBe(201);
      held = added.json<CourseCurator>();
      [from, to] = [to, from];
      const [now] = await db().select({ isCurator: users.isCurator }).from(users).where(eq(users.id, person.id));
      expect(now!.isCurator, `round ${round}`).toBe(true);
    }
    const [row] = await db().select({ isCurator: users.isCurator }).from(users).where(eq(users.id, person.id));
    expect(row!.isCurator).toBe(true);
  });
});

describe('the curator scope, the queue and the summary', () => {
  it('shows a course curator every submission, a group curator its members only; anything else is a 404', async () => {
    const { course, block, lesson, owner } = await homeworkCourse();
    const inGroup = await submitted(course.id, block.id, lesson.id, { firstName: 'Вера', lastName: 'Групповая' }, new Date(Date.now() - 3_600_000));
    const outside = await submitted(course.id, block.id, lesson.id, { firstName: 'Глеб', lastName: 'Одиночка' });
    const group = await buildGroup(db(), { courseId: course.id, title: 'Вечерняя', memberIds: [inGroup.enrolment.id] });
    const whole = await curatorOf(course.id);
    const ofGroup = await curatorOf(course.id, group.id);
    const other = await curatorOf((await buildCourse(db())).id);

    const queue = (await get('/api/curator/homework/', whole.session)).json<CuratorQueuePage>();
    expect(queue.count).toBe(2);
    // Oldest first, with the learner's name and progress only.
    expect(queue.results.map((c) => c.learner.name)).toEqual(['Вера Групповая', 'Глеб Одиночка']);
    expect(queue.results[0]).toMatchObject({ status: 'sent', title: HOMEWORK.title, course: { id: course.id }, lesson: { id: lesson.id, title: 'Молоко' }, group: { id: group.id, title: 'Вечерняя' }, overdue: false, reviewer: null });
    expect(JSON.stringify(queue)).not.toContain('+79990001122');
    expect(JSON.stringify(queue)).not.toContain(inGroup.user.email);

    const groupQueue = (await get('/api/curator/homework/', ofGroup.session)).json<CuratorQueuePage>();
    expect(groupQueue.results.map((c) => c.id)).toEqual([inGroup.submission.id]);
    expect((await get(`/api/curator/homework/${outside.submission.id}/`, ofGroup.session)).statusCode).toBe(404);
    expect((await get(`/api/curator/homework/${outside.submission.id}/`, other.session)).statusCode).toBe(404);
    expect((await post(`/api/curator/homework/${outside.submission.id}/claim/`, other.session)).statusCode).toBe(404);
    expect((await get('/api/curator/homework/', other.session)).json<CuratorQueuePage>().count).toBe(0);
    // The owner checks their own course's homework; staff every course's.
    expect((await get('/api/curator/homework/', await signInAs(t.app, owner))).json<CuratorQueuePage>().count).toBe(2);
    const staff = await signInAs(t.app, await buildUser(db(), { isStaff: true }));
    expect((await get(`/api/curator/homework/${outside.submission.id}/`, staff)).statusCode).toBe(200);
    // A learner: 403 by level.
    expect((await get('/api/curator/homework/summary/', inGroup.session)).json()).toEqual({ detail: NOT_A_CURATOR });

    // Filters and paging.
    expect((await get(`/api/curator/homework/?group=${group.id}`, whole.session)).json<CuratorQueuePage>().count).toBe(1);
    expect((await get(`/api/curator/homework/?lesson=${lesson.id}&course=${course.id}`, whole.session)).json<CuratorQueuePage>().count).toBe(2);
    expect((await get('/api/curator/homework/?status=accepted', whole.session)).json<CuratorQueuePage>().count).toBe(0);
    const paged = (await get('/api/curator/homework/?page_size=1', whole.session)).json<CuratorQueuePage>();
    expect(paged).toMatchObject({ count: 2, next: '/api/curator/homework/?page_size=1&page=2', previous: null });
    expect((await get('/api/curator/homework/?status=later', whole.session)).statusCode).toBe(400);

    const summary = (await get('/api/curator/homework/summary/', ofGroup.session)).json<CuratorSummary>();
    expect(summary.waiting).toBe(1);
    expect(summary.courses).toEqual([{ id: course.id, title: 'Латте-арт' }]);
    expect(summary.groups).toEqual([{ id: group.id, title: 'Вечерняя', course_id: course.id }]);
    expect(summary.lessons).toEqual([{ id: lesson.id, title: 'Молоко', course_id: course.id }]);

    const detail = (await get(`/api/curator/homework/${inGroup.submission.id}/`, whole.session)).json<CuratorSubmission>();
    expect(detail).toMatchObject({ id: inGroup.submission.id, version: 0, grade: null, task: { id: block.id, type: 'homework', title: HOMEWORK.title, gate: 'none' } });
    expect(detail.messages).toEqual([expect.objectContaining({ author: { name: 'Вера Групповая', role: 'learner' }, text: 'Вот моё сердце', attachments: [], decision: null })]);
  });
});

describe('claim and review', () => {
  it('lets one of two curators claiming at once win; the other gets 409 naming who checks it', async () => {
    const { course, block, lesson } = await homeworkCourse();
    const s = await submitted(course.id, block.id, lesson.id);
    const a = await curatorOf(course.id, null, { firstName: 'Алла', lastName: 'Первая' });
    const b = await curatorOf(course.id, null, { firstName: 'Борис', lastName: 'Второй' });
    const answers = await Promise.all([post(`/api/curator/homework/${s.submission.id}/claim/`, a.session), post(`/api/curator/homework/${s.submission.id}/claim/`, b.session)]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)!.json<CuratorSubmission>();
    const loser = answers.find((r) => r.statusCode === 409)!.json<{ detail: string }>();
    expect(winner).toMatchObject({ status: 'checking', version: 1 });
    expect([REVIEW_TEXTS.takenBy('Алла Первая'), REVIEW_TEXTS.takenBy('Борис Второй')]).toContain(loser.detail);
    expect(loser.detail).toContain(winner.reviewer!);
    // The winner claiming again keeps it (and the version); the queue shows who checks it.
    const winnerSession = winner.reviewer === 'Алла Первая' ? a.session : b.session;
    const loserSession = winner.reviewer === 'Алла Первая' ? b.session : a.session;
    expect((await post(`/api/curator/homework/${s.submission.id}/claim/`, winnerSession)).json()).toMatchObject({ version: 1 });
    // The other's review is a 409 too, even with the right version.
    const theirs = await post(`/api/curator/homework/${s.submission.id}/review/`, loserSession, { decision: 'accepted', version: 1 });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toEqual({ detail: REVIEW_TEXTS.takenBy(winner.reviewer!) });
    // A claim older than 30 minutes may be taken over.
    await db().update(homeworkSubmissions).set({ claimedAt: new Date(Date.now() - 31 * 60_000) }).where(eq(homeworkSubmissions.id, s.submission.id));
    const takeover = await post(`/api/curator/homework/${s.submission.id}/claim/`, loserSession);
    expect(takeover.statusCode).toBe(200);
    expect(takeover.json()).toMatchObject({ version: 2, reviewer: winner.reviewer === 'Алла Первая' ? 'Борис Второй' : 'Алла Первая', reviewer_is_me: true });
    // The one who lost it sees it is someone else's now.
    expect((await get(`/api/curator/homework/${s.submission.id}/`, winnerSession)).json()).toMatchObject({ reviewer_is_me: false });
  });

  it('lets one of two reviews of the same version win: one decision, one message, the other a 409', async () => {
    const { course, block, lesson } = await homeworkCourse();
    const s = await submitted(course.id, block.id, lesson.id);
    const a = await curatorOf(course.id);
    const b = await curatorOf(course.id);
    const answers = await Promise.all([
      post(`/api/curator/homework/${s.submission.id}/review/`, a.session, { decision: 'accepted', version: 0, grade: 90 }),
      post(`/api/curator/homework/${s.submission.id}/review/`, b.session, { decision: 'returned', text: 'Пена крупная', version: 0 }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const messages = await db().select().from(homeworkMessages).where(and(eq(homeworkMessages.submissionId, s.submission.id), eq(homeworkMessages.role, 'curator')));
    expect(messages).toHaveLength(1);
    const [row] = await db().select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, s.submission.id));
    expect(row!.status).toBe(messages[0]!.decision);
    expect(row!.version).toBe(1);
  });

  it('returns with a comment (required), refuses an old version, accepts with a grade: the letters, the lesson completed, the certificate', async () => {
    // A course of one lesson with the homework: accepting it completes the course (certificate rule all_done).
    const owner = await buildOwner(db());
    const course = await buildCourse(db(), { ownerId: owner.id, title: 'Латте-арт' });
    const lesson = await buildLesson(db(), { moduleId: (await buildModule(db(), { courseId: course.id })).id, title: 'Молоко' });
    const block = await buildLessonBlock(db(), { lessonId: lesson.id, type: 'homework', data: HOMEWORK });
    const s = await submitted(course.id, block.id, lesson.id);
    const c = await curatorOf(course.id);
    const url = `/api/curator/homework/${s.submission.id}/review/`;
    expect((await post(url, c.session, { decision: 'returned', version: 0 })).json()).toEqual({ text: ['Напишите, что исправить.'] });
    expect((await post(url, c.session, { decision: 'accepted', version: 0, grade: 101 })).statusCode).toBe(400);
    expect((await post(url, c.session, { decision: 'accepted', version: 5 })).json()).toEqual({ detail: REVIEW_TEXTS.stale });

    const returned = await post(url, c.session, { decision: 'returned', text: 'Пена крупная, взбейте мельче.', grade: 40, version: 0 });
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'returned', grade: 40, version: 1 });
    expect(returned.json<CuratorSubmission>().messages.at(-1)).toMatchObject({ author: { name: 'Ирина Куратор', role: 'curator' }, decision: 'returned', grade: 40, text: 'Пена крупная, взбейте мельче.' });
    // Decided: nothing more until the learner answers again.
    expect((await post(`/api/curator/homework/${s.submission.id}/claim/`, c.session)).json()).toEqual({ detail: REVIEW_TEXTS.returned });
    expect((await post(url, c.session, { decision: 'accepted', version: 1 })).json()).toEqual({ detail: REVIEW_TEXTS.returned });
    let letters = await db().select().from(mailOutbox).where(eq(mailOutbox.to, s.user.email));
    expect(letters.map((l) => l.template)).toEqual(['homework_returned']);
    expect(letters[0]!.text).toContain('Пена крупная, взбейте мельче.');
    expect(letters[0]!.text).toContain(`/user/courses/${s.enrolment.id}/lessons/${lesson.id}/`);

    // Reading the lesson to its end leaves it partially completed while its homework waits.
    const page = await get(`/api/user/course/${s.enrolment.id}/lesson/${lesson.id}/`, s.session);
    expect(page.json()).toMatchObject({ status: 'partially_completed' });

    // The learner answers again (as the learner's route does), and the curator accepts.
    await db().update(homeworkSubmissions).set({ status: 'sent', version: 2, sentAt: new Date() }).where(eq(homeworkSubmissions.id, s.submission.id));
    await buildCertificateSettings(db(), { courseId: course.id });
    const accepted = await post(url, c.session, { decision: 'accepted', grade: 95, version: 2 });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', grade: 95, version: 3 });
    const [progress] = await db().select().from(lessonProgress).where(and(eq(lessonProgress.userCourseId, s.enrolment.id), eq(lessonProgress.lessonId, lesson.id)));
    expect(progress!.status).toBe('completed');
    expect(progress!.completedAt).not.toBeNull();
    letters = await db().select().from(mailOutbox).where(eq(mailOutbox.to, s.user.email)).orderBy(mailOutbox.id);
    expect(letters.map((l) => l.template)).toContain('homework_accepted');
    expect(letters.find((l) => l.template === 'homework_accepted')!.text).toContain('95 из 100');
    // The certificate's check ran after the acceptance.
    const issued = await db().select().from(certificates).where(eq(certificates.userCourseId, s.enrolment.id));
    expect(issued).toHaveLength(1);
    expect((await post(`/api/curator/homework/${s.submission.id}/claim/`, c.session)).json()).toEqual({ detail: REVIEW_TEXTS.accepted });
  });
});

describe('the whole round with the learner’s calls', () => {
  it('sent → checking → returned → sent again → accepted, the thread and the gate following each step', async () => {
    const { course, block, lesson, lesson2 } = await homeworkCourse('next_item');
    const user = await buildUser(db(), { firstName: 'Анна', lastName: 'Соколова' });
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
    const learner = await signInAs(t.app, user);
    const c = await curatorOf(course.id);
    const thread = `/api/user/course/${enrolment.id}/homework/${block.id}/`;
    expect((await post(thread, learner, { text: 'Первый ответ' })).statusCode).toBe(201);
    const [queued] = (await get('/api/curator/homework/', c.session)).json<CuratorQueuePage>().results;
    expect(queued).toMatchObject({ status: 'sent', learner: { name: 'Анна Соколова' } });
    const claimed = (await post(`/api/curator/homework/${queued!.id}/claim/`, c.session)).json<CuratorSubmission>();
    expect(claimed).toMatchObject({ status: 'checking', reviewer: 'Ирина Куратор', reviewer_is_me: true });
    // The learner cannot answer while it is being checked.
    expect((await post(thread, learner, { text: 'Ещё' })).statusCode).toBe(409);
    const returned = await post(`/api/curator/homework/${queued!.id}/review/`, c.session, { decision: 'returned', text: 'Доработайте пену', version: claimed.version });
    expect(returned.statusCode).toBe(200);
    expect((await get(thread, learner)).json()).toMatchObject({ status: 'returned', can_send: true });
    expect((await get(`/api/user/course/${enrolment.id}/lesson/${lesson2.id}/`, learner)).statusCode).toBe(403);
    expect((await post(thread, learner, { text: 'Второй ответ' })).statusCode).toBe(201);
    const again = (await get(`/api/curator/homework/${queued!.id}/`, c.session)).json<CuratorSubmission>();
    expect(again.status).toBe('sent');
    expect(again.messages.map((m) => m.text)).toEqual(['Первый ответ', 'Доработайте пену', 'Второй ответ']);
    // The version the curator saw before the new answer no longer decides.
    expect((await post(`/api/curator/homework/${queued!.id}/review/`, c.session, { decision: 'accepted', version: returned.json<CuratorSubmission>().version })).statusCode).toBe(409);
    expect((await post(`/api/curator/homework/${queued!.id}/review/`, c.session, { decision: 'accepted', grade: 88, version: again.version })).statusCode).toBe(200);
    expect((await get(thread, learner)).json()).toMatchObject({ status: 'accepted', grade: 88, can_send: false });
    expect((await get(`/api/user/course/${enrolment.id}/lesson/${lesson2.id}/`, learner)).statusCode).toBe(200);
    const [progress] = await db().select().from(lessonProgress).where(and(eq(lessonProgress.userCourseId, enrolment.id), eq(lessonProgress.lessonId, lesson.id)));
    expect(progress!.status).toBe('completed');
    // The owner's progress table and its export count the accepted homework.
    const owner = await signInAs(t.app, (await db().select().from(users).where(eq(users.id, course.ownerId!)))[0]!);
    const table = (await get(`/api/admin/progress/?course=${course.id}`, owner)).json<{ results: { user_course_id: number; homework_accepted: number; homework_total: number }[] }>();
    expect(table.results.find((r) => r.user_course_id === enrolment.id)).toMatchObject({ homework_accepted: 1, homework_total: 1 });
    const csv = (await get(`/api/admin/progress/export/?course=${course.id}&format=csv`, owner)).body;
    expect(csv).toContain('Заданий принято');
  });
});

describe('a comment with pictures', () => {
  it('attaches the curator’s own finished uploads to the comment; someone else’s upload is a field error and nothing is written', async () => {
    const { course, block, lesson } = await homeworkCourse();
    const s = await submitted(course.id, block.id, lesson.id);
    const c = await curatorOf(course.id);
    const upload = (uploaderId: number, handle: string, kind: 'photo' | 'video' = 'photo') =>
      db().insert(homeworkAttachments).values({ upload: handle, uploaderId, blockId: block.id, kind, storageKey: `private/homework/${handle}.webp`, name: 'пена.jpg', sizeBytes: 1000, contentType: 'image/webp', width: 2560, height: 1920 });
    await upload(c.user.id, `u${c.user.id}-mine0001`);
    await upload(s.user.id, `u${s.user.id}-theirs01`);
    const url = `/api/curator/homework/${s.submission.id}/review/`;
    // A comment holds at most CURATOR_ACCEPTS of each kind: four videos are one too many.
    const videos = [1, 2, 3, 4].map((n) => `u${c.user.id}-video000${n}`);
    for (const handle of videos) await upload(c.user.id, handle, 'video');
    const tooMany = await post(url, c.session, { decision: 'returned', text: 'Смотрите видео', uploads: videos, version: 0 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ uploads: [FILE_TEXTS.tooMany('video', CURATOR_ACCEPTS.videos)] });
    const refused = await post(url, c.session, { decision: 'returned', text: 'Смотрите фото', uploads: [`u${s.user.id}-theirs01`], version: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ uploads: [FILE_TEXTS.uploadGone] });
    expect(await db().select().from(homeworkMessages).where(and(eq(homeworkMessages.submissionId, s.submission.id), eq(homeworkMessages.role, 'curator')))).toHaveLength(0);
    const done = await post(url, c.session, { decision: 'returned', text: 'Смотрите фото', uploads: [`u${c.user.id}-mine0001`], version: 0 });
    expect(done.statusCode).toBe(200);
    const comment = done.json<CuratorSubmission>().messages.at(-1)!;
    expect(comment.attachments).toEqual([
      expect.objectContaining({ kind: 'photo', name: 'пена.jpg', url: expect.stringMatching(/^\/api\/homework\/files\/\d+\/$/), preview: expect.objectContaining({ width: 1280, height: 960 }) }),
    ]);
  });
});

describe('gates: what waits for an accepted homework', () => {
  it('next_item keeps the next lesson closed (outline, lesson page) until a curator accepts the homework', async () => {
    const { course, block, lesson, lesson2, lesson3 } = await homeworkCourse('next_item');
    const s = await submitted(course.id, block.id, lesson.id);
    const outline = (await get(`/api/user/course/${s.enrolment.id}/modules/`, s.session)).json<{ modules: { content: { id: number; type: string; closed_by?: unknown }[] }[] }>();
    const items = outline.modules.flatMap((m) => m.content);
    expect(items.find((i) => i.type === 'lesson' && i.id === lesson2.id)!.closed_by).toEqual({ lesson_id: lesson.id, block_id: block.id, title: HOMEWORK.title });
    expect(items.find((i) => i.type === 'lesson' && i.id === lesson3.id)).not.toHaveProperty('closed_by');
    const closed = await get(`/api/user/course/${s.enrolment.id}/lesson/${lesson2.id}/`, s.session);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ detail: `Откроется, когда куратор примет задание «${HOMEWORK.title}» в уроке «Молоко».` });
    expect((await get(`/api/user/course/${s.enrolment.id}/lesson/${lesson3.id}/`, s.session)).statusCode).toBe(200);

    const c = await curatorOf(course.id);
    expect((await post(`/api/curator/homework/${s.submission.id}/review/`, c.session, { decision: 'accepted', version: 0 })).statusCode).toBe(200);
    expect((await get(`/api/user/course/${s.enrolment.id}/lesson/${lesson2.id}/`, s.session)).statusCode).toBe(200);
    const after = (await get(`/api/user/course/${s.enrolment.id}/modules/`, s.session)).json<{ modules: { content: object[] }[] }>();
    expect(after.modules.flatMap((m) => m.content).every((i) => !('closed_by' in i))).toBe(true);
  });

  it('next_module keeps later modules and the final tests closed, the test start included; the learner without an answer too', async () => {
    const { course, lesson2, test, lesson3, finalTest } = await homeworkCourse('next_module');
    const user = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
    const session = await signInAs(t.app, user);
    // The same module stays open (lesson 2 and the module test).
    expect((await get(`/api/user/course/${enrolment.id}/lesson/${lesson2.id}/`, session)).statusCode).toBe(200);
    expect((await get(`/api/user/course/${enrolment.id}/testing/${test.id}/?clear=true`, session)).statusCode).toBe(200);
    expect((await get(`/api/user/course/${enrolment.id}/lesson/${lesson3.id}/`, session)).statusCode).toBe(403);
    const outline = (await get(`/api/user/course/${enrolment.id}/modules/`, session)).json<{ final_tests: { id: number; closed_by?: { title: string } }[] }>();
    expect(outline.final_tests.find((f) => f.id === finalTest.id)!.closed_by).toMatchObject({ title: HOMEWORK.title });
  });

  it('closes the same items in a group’s programme and its lesson pages', async () => {
    const { course, block, lesson, lesson2 } = await homeworkCourse('next_item');
    const s = await submitted(course.id, block.id, lesson.id);
    const group = await buildGroup(db(), { courseId: course.id, memberIds: [s.enrolment.id] });
    const programme = (await get(`/api/group_schedule/${group.id}/modules/`, s.session)).json<{ modules: { content: { id: number; type: string; closed_by?: unknown }[] }[] }>();
    expect(programme.modules[0]!.content.find((i) => i.id === lesson2.id && i.type === 'lesson')!.closed_by).toMatchObject({ block_id: block.id });
    const lessons = (await get(`/api/group_schedule/${group.id}/lesson/`, s.session)).json<{ id: number; closed_by?: unknown }[]>();
    expect(lessons.find((l) => l.id === lesson2.id)!.closed_by).toMatchObject({ title: HOMEWORK.title });
    expect(lessons.find((l) => l.id === lesson.id)).not.toHaveProperty('closed_by');
    expect((await get(`/api/group_schedule/${group.id}/lesson/${lesson2.id}/`, s.session)).statusCode).toBe(403);
  });

  it('closes the next test of next_item at its start', async () => {
    const owner = await buildOwner(db());
    const course = await buildCourse(db(), { ownerId: owner.id });
    const m = await buildModule(db(), { courseId: course.id });
    const lesson = await buildLesson(db(), { moduleId: m.id, sort: 1 });
    await buildLessonBlock(db(), { lessonId: lesson.id, type: 'homework', data: { ...HOMEWORK, gate: 'next_item' } });
    const test = await buildTest(db(), { courseId: course.id, moduleId: m.id, sort: 2 });
    await buildQuestion(db(), { testId: test.id, answers: [{ isCorrect: true }] });
    const user = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
    const session = await signInAs(t.app, user);
    const start = await get(`/api/user/course/${enrolment.id}/testing/${test.id}/?clear=true`, session);
    expect(start.statusCode).toBe(403);
    expect(start.json<{ detail: string }>().detail).toContain(HOMEWORK.title);
    // Reading the state without starting is fine.
    expect((await get(`/api/user/course/${enrolment.id}/testing/${test.id}/`, session)).statusCode).toBe(200);
  });
});

describe('the daily digest', () => {
  it('queues one letter a Moscow day to each curator with waiting work, from 09:00', async () => {
    const { course, block, lesson } = await homeworkCourse();
    const c = await curatorOf(course.id, null, { firstName: 'Дина', lastName: 'Дайджест' });
    await submitted(course.id, block.id, lesson.id, undefined, new Date(Date.now() - 49 * 3_600_000));
    await submitted(course.id, block.id, lesson.id);
    const publicUrl = t.app.deps.config.publicUrl;
    // 08:00 Moscow: nothing yet; 10:00 Moscow: the letter; a second run the same day: nothing more.
    await runHomeworkDigest(db(), { publicUrl, now: new Date('2026-11-30T05:00:00Z') });
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, c.user.email))).toHaveLength(0);
    await runHomeworkDigest(db(), { publicUrl, now: new Date('2026-11-30T07:00:00Z') });
    await runHomeworkDigest(db(), { publicUrl, now: new Date('2026-11-30T08:00:00Z') });
    const letters = await db().select().from(mailOutbox).where(eq(mailOutbox.to, c.user.email));
    expect(letters).toHaveLength(1);
    expect(letters[0]!.template).toBe('homework_digest');
    expect(letters[0]!.text).toContain('Ждут проверки 2 работы, из них 1 — дольше 48 часов.');
    expect(letters[0]!.text).toContain('«Латте-арт»: 2');
    expect(letters[0]!.text).toContain(`${publicUrl}/curator/homework/`);
  });
});
