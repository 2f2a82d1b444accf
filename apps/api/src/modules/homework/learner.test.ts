// The learner's homework over real HTTP: the thread, sending an answer (once while it waits, again
// after a return), the deadline by date and by days after the lesson opened, and the lesson editor
// keeping a homework block learners have answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { HomeworkThread } from '@crema/contract';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildCourse,
  buildEnrolment,
  buildGroup,
  buildLesson,
  buildLessonBlock,
  buildLessonProgress,
  buildModule,
  buildOwner,
  buildUser,
  signInAs,
  type TestSession,
} from '../../test/factories.ts';
import type { HomeworkBlockData } from '../../db/schema/blocks.ts';
import { homeworkAttachments, homeworkMessages, homeworkSubmissions, lessons } from '../../db/schema/index.ts';
import { LEARNER_TEXTS } from './learner.ts';
import { FILE_TEXTS } from './files.ts';
import { LESSON_TEXTS } from '../admin/lessons.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

const homework = (overrides: Partial<HomeworkBlockData> = {}): HomeworkBlockData => ({
  title: 'Эспрессо на трёх помолах',
  html: '<p>Сварите и сфотографируйте.</p>',
  accepts: { text: true, photos: 3, videos: 1, files: 0 },
  maxFileMb: 20,
  gate: 'none',
  deadline: null,
  ...overrides,
});

/** An owner's course with one lesson holding a homework block, and a learner enrolled in it. */
async function setup(data: Partial<HomeworkBlockData> = {}) {
  const { db } = t.database;
  const owner = await buildOwner(db);
  const course = await buildCourse(db, { ownerId: owner.id });
  const module = await buildModule(db, { courseId: course.id });
  const lesson = await buildLesson(db, { moduleId: module.id });
  const block = await buildLessonBlock(db, { lessonId: lesson.id, type: 'homework', data: homework(data) });
  const learner = await buildUser(db, { firstName: 'Анна', lastName: 'Петрова' });
  const enrolment = await buildEnrolment(db, { userId: learner.id, courseId: course.id });
  return { owner, course, lesson, block, learner, enrolment, session: await signInAs(t.app, learner) };
}

const threadUrl = (enrolmentId: number, blockId: number) => `/api/user/course/${enrolmentId}/homework/${blockId}/`;

async function send(session: Pick<TestSession, 'headers'>, url: string, payload: object, key?: string) {
  return t.app.inject({ method: 'POST', url, headers: { ...session.headers, ...(key ? { 'idempotency-key': key } : {}) }, payload });
}

describe('GET /api/user/course/{id}/homework/{blockId}/', () => {
  it('shows a homework not sent yet: no status, may be sent, no messages', async () => {
    const s = await setup();
    const res = await t.app.inject({ method: 'GET', url: threadUrl(s.enrolment.id, s.block.id), headers: s.session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      block_id: s.block.id,
      lesson_id: s.lesson.id,
      title: 'Эспрессо на трёх помолах',
      status: null,
      grade: null,
      deadline_at: null,
      overdue: false,
      can_send: true,
      messages: [],
    });
  });

  it('answers 404 for another account, a block of another course, a text block and an unpublished lesson', async () => {
    const s = await setup();
    const other = await setup();
    const stranger = await signInAs(t.app, await buildUser(t.database.db));
    const text = await buildLessonBlock(t.database.db, { lessonId: s.lesson.id });
    const get = (session: TestSession, url: string) => t.app.inject({ method: 'GET', url, headers: session.headers });
    expect((await get(stranger, threadUrl(s.enrolment.id, s.block.id))).statusCode).toBe(404);
    expect((await get(s.session, threadUrl(s.enrolment.id, other.block.id))).statusCode).toBe(404);
    const textBlock = await get(s.session, threadUrl(s.enrolment.id, text.id));
    expect(textBlock.statusCode).toBe(404);
    expect(textBlock.json()).toEqual({ detail: LEARNER_TEXTS.notFound });
    await t.database.db.update(lessons).set({ isPublished: false }).where(eq(lessons.id, s.lesson.id));
    expect((await get(s.session, threadUrl(s.enrolment.id, s.block.id))).statusCode).toBe(404);
  });
});

describe('POST /api/user/course/{id}/homework/{blockId}/', () => {
  it('sends the first answer: status sent, the message with the learner’s name, nothing more until a return', async () => {
    const s = await setup();
    const url = threadUrl(s.enrolment.id, s.block.id);
    const res = await send(s.session, url, { text: '  Вот мой эспрессо.  ' });
    expect(res.statusCode).toBe(201);
    const thread = res.json() as HomeworkThread;
    expect(thread).toMatchObject({ status: 'sent', can_send: false, overdue: false });
    expect(thread.messages).toEqual([
      {
        id: expect.any(Number),
        author: { name: 'Анна Петрова', role: 'learner' },
        text: 'Вот мой эспрессо.',
        attachments: [],
        decision: null,
        grade: null,
        created_at: expect.any(String),
      },
    ]);
    const again = await send(s.session, url, { text: 'Ещё раз' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: LEARNER_TEXTS.waiting });
  });

  it('takes two answers sent at once as one: one message, the other 409', async () => {
    const s = await setup();
    const url = threadUrl(s.enrolment.id, s.block.id);
    const answers = await Promise.all([send(s.session, url, { text: 'Первый' }), send(s.session, url, { text: 'Второй' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [submission] = await t.database.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.blockId, s.block.id));
    const messages = await t.database.db.select().from(homeworkMessages).where(eq(homeworkMessages.submissionId, submission!.id));
    expect(messages).toHaveLength(1);
  });

  it('replays a resent answer with the same Idempotency-Key instead of refusing it', async () => {
    const s = await setup();
    const url = threadUrl(s.enrolment.id, s.block.id);
    const key = randomUUID();
    const first = await send(s.session, url, { text: 'Ответ' }, key);
    const resent = await send(s.session, url, { text: 'Ответ' }, key);
    expect(first.statusCode).toBe(201);
    expect(resent.statusCode).toBe(201);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.json()).toEqual(first.json());
  });

  it('sends again after a return: back to sent, the version bumped, the reviewer cleared, the whole thread kept', async () => {
    const s = await setup();
    const url = threadUrl(s.enrolment.id, s.block.id);
    await send(s.session, url, { text: 'Первая попытка' });
    const { db } = t.database;
    const curator = await buildUser(db, { firstName: 'Олег', lastName: 'Смирнов' });
    const [submission] = await db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.blockId, s.block.id));
    await db.insert(homeworkMessages).values({ submissionId: submission!.id, authorId: curator.id, role: 'curator', text: 'Помол крупнее', decision: 'returned' });
    await db
      .update(homeworkSubmissions)
      .set({ status: 'returned', reviewerId: curator.id, claimedAt: new Date(), version: submission!.version + 1 })
      .where(eq(homeworkSubmissions.id, submission!.id));
    const returned = (await t.app.inject({ method: 'GET', url, headers: s.session.headers })).json() as HomeworkThread;
    expect(returned).toMatchObject({ status: 'returned', can_send: true });

    const res = await send(s.session, url, { text: 'Вторая попытка' });
    expect(res.statusCode).toBe(201);
    const thread = res.json() as HomeworkThread;
    expect(thread.status).toBe('sent');
    expect(thread.messages.map((m) => [m.author.role, m.text, m.decision])).toEqual([
      ['learner', 'Первая попытка', null],
      ['curator', 'Помол крупнее', 'returned'],
      ['learner', 'Вторая попытка', null],
    ]);
    expect(thread.messages[1]!.author.name).toBe('Олег Смирнов');
    const [after] = await db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, submission!.id));
    expect(after).toMatchObject({ status: 'sent', reviewerId: null, claimedAt: null, version: submission!.version + 2 });
  });

  it('refuses an answer while it is checked or once accepted, each with its reason', async () => {
    const s = await setup();
    const url = threadUrl(s.enrolment.id, s.block.id);
    await send(s.session, url, { text: 'Ответ' });
    const { db } = t.database;
    for (const [status, text] of [
      ['checking', LEARNER_TEXTS.checking],
      ['accepted', LEARNER_TEXTS.accepted],
    ] as const) {
      await db.update(homeworkSubmissions).set({ status }).where(eq(homeworkSubmissions.blockId, s.block.id));
      const res = await send(s.session, url, { text: 'Ещё' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: text });
    }
  });

  it('refuses an empty answer, text where only files are taken, and someone else’s upload', async () => {
    const s = await setup();
    const url = threadUrl(s.enrolment.id, s.block.id);
    const empty = await send(s.session, url, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ text: [LEARNER_TEXTS.empty] });

    const filesOnly = await setup({ accepts: { text: false, photos: 2, videos: 0, files: 0 } });
    const text = await send(filesOnly.session, threadUrl(filesOnly.enrolment.id, filesOnly.block.id), { text: 'Текст' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ text: [LEARNER_TEXTS.noText] });

    // An upload of another account's, for this very block: not the learner's to attach.
    const other = await buildUser(t.database.db);
    await t.database.db.insert(homeworkAttachments).values({
      upload: 'u0-someoneelsesupload',
      uploaderId: other.id,
      blockId: s.block.id,
      kind: 'photo',
      storageKey: 'homework/x/y.jpg',
      name: 'y.jpg',
      sizeBytes: 10,
      contentType: 'image/jpeg',
    });
    const foreign = await send(s.session, url, { text: 'С чужим файлом', uploads: ['u0-someoneelsesupload'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ uploads: [FILE_TEXTS.uploadGone] });
    // Nothing was kept of the refused answer.
    expect(await t.database.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.blockId, s.block.id))).toEqual([]);
  });
});

describe('deadlines', () => {
  it('a date deadline: shown before the answer, fixed with it, overdue when the first answer comes late', async () => {
    const past = new Date(Date.now() - DAY);
    const s = await setup({ deadline: { type: 'date', at: past.toISOString() } });
    const url = threadUrl(s.enrolment.id, s.block.id);
    const before = (await t.app.inject({ method: 'GET', url, headers: s.session.headers })).json() as HomeworkThread;
    expect(before).toMatchObject({ deadline_at: past.toISOString(), overdue: true });
    const sent = (await send(s.session, url, { text: 'Поздно' })).json() as HomeworkThread;
    expect(sent).toMatchObject({ deadline_at: past.toISOString(), overdue: true });
    const [row] = await t.database.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.blockId, s.block.id));
    expect(row!.deadlineAt?.toISOString()).toBe(past.toISOString());
  });

  it('a days deadline counts from the learner’s first opening of the lesson, and from a group session tied to it before that', async () => {
    const s = await setup({ deadline: { type: 'days', days: 3 } });
    const url = threadUrl(s.enrolment.id, s.block.id);
    const get = async () => (await t.app.inject({ method: 'GET', url, headers: s.session.headers })).json() as HomeworkThread;
    // Not opened yet: no deadline yet.
    expect((await get()).deadline_at).toBeNull();
    // An answer sent without ever opening the lesson: the days count from that answer.
    const direct = await setup({ deadline: { type: 'days', days: 3 } });
    const sentAt = Date.now();
    const answered = (await send(direct.session, threadUrl(direct.enrolment.id, direct.block.id), { text: 'Сразу' })).json() as HomeworkThread;
    expect(new Date(answered.deadline_at!).getTime()).toBeGreaterThanOrEqual(sentAt + 3 * DAY - 1000);
    expect(answered.overdue).toBe(false);
    const opened = new Date(Date.now() - 5 * DAY);
    await buildLessonProgress(t.database.db, { userCourseId: s.enrolment.id, lessonId: s.lesson.id, status: 'partially_completed', createdAt: opened });
    expect(await get()).toMatchObject({ deadline_at: new Date(opened.getTime() + 3 * DAY).toISOString(), overdue: true });
    // The learner's group has a session on this lesson: that session opens it.
    const startsAt = new Date(Date.now() + DAY);
    await buildGroup(t.database.db, {
      courseId: s.course.id,
      memberIds: [s.enrolment.id],
      sessions: [{ startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), lessonId: s.lesson.id }],
    });
    expect(await get()).toMatchObject({ deadline_at: new Date(startsAt.getTime() + 3 * DAY).toISOString(), overdue: false });
  });
});

describe('PUT /api/admin/lessons/{id}/blocks/ with homework', () => {
  async function blocks(owner: TestSession, lessonId: number) {
    return (await t.app.inject({ method: 'GET', url: `/api/admin/lessons/${lessonId}/blocks/`, headers: owner.headers })).json() as {
      updated_at: string;
      pages: { id: number; data: { type: string } }[][];
    };
  }

  it('refuses to delete a homework block learners have answered, or to make it another block, and deletes one nobody answered', async () => {
    const s = await setup();
    const owner = await signInAs(t.app, s.owner);
    await send(s.session, threadUrl(s.enrolment.id, s.block.id), { text: 'Ответ' });
    const text = { type: 'text', html: '<p>Новый текст</p>' };
    const put = async (pages: object[][]) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/lessons/${s.lesson.id}/blocks/`, headers: owner.headers, payload: { updated_at: (await blocks(owner, s.lesson.id)).updated_at, pages } });

    const removed = await put([[{ data: text }]]);
    expect(removed.statusCode).toBe(400);
    expect(removed.json()).toEqual({ pages: [LESSON_TEXTS.homeworkKept('Эспрессо на трёх помолах', 1)] });
    const replaced = await put([[], [{ data: text }, { id: s.block.id, data: text }]]);
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json()).toEqual({ 'pages.1.1.data.type': [LESSON_TEXTS.homeworkType] });
    expect((await blocks(owner, s.lesson.id)).pages.flat().map((b) => b.id)).toEqual([s.block.id]);

    // Kept and edited: fine.
    const current = (await blocks(owner, s.lesson.id)).pages[0]![0]!;
    const kept = await put([[{ data: text }, { id: s.block.id, data: { ...current.data, title: 'Эспрессо: три помола' } }]]);
    expect(kept.statusCode).toBe(200);

    // A homework block nobody answered goes as any block does.
    const fresh = await buildLessonBlock(t.database.db, { lessonId: s.lesson.id, type: 'homework', data: homework({ title: 'Без ответов' }) });
    const before = (await blocks(owner, s.lesson.id)).pages.flat();
    expect(before.map((b) => b.id)).toContain(fresh.id);
    const dropped = await put([before.filter((b) => b.id !== fresh.id).map((b) => ({ id: b.id, data: b.data }))]);
    expect(dropped.statusCode).toBe(200);
  });
});

describe('the task’s pictures and video', () => {
  it('are saved with the block, shown to the learner as media URLs, and another owner’s upload is refused', async () => {
    const s = await setup();
    const owner = await signInAs(t.app, s.owner);
    const get = () => t.app.inject({ method: 'GET', url: `/api/admin/lessons/${s.lesson.id}/blocks/`, headers: owner.headers });
    const current = (await get()).json() as { updated_at: string; pages: { id: number; data: Record<string, unknown> }[][] };
    const block = current.pages[0]![0]!;
    const put = (data: object) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/lessons/${s.lesson.id}/blocks/`, headers: owner.headers, payload: { updated_at: current.updated_at, pages: [[{ id: block.id, data }]] } });

    // Someone else's upload key, learnt somewhere: refused at its field, nothing saved.
    const foreign = await put({ ...block.data, images: [{ image: 'courses/999999/cup.jpg', alt: 'Чашка' }] });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json())).toEqual(['pages.0.0.data.images.0.image']);
    // A picture without its text for screen readers is refused in Russian.
    const noAlt = await put({ ...block.data, images: [{ image: `courses/${s.owner.id}/cup.jpg`, alt: '' }] });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json()).toEqual({ 'pages.0.0.data.images.0.alt': ['Заполните описание картинки для незрячих.'] });

    const saved = await put({ ...block.data, images: [{ image: `courses/${s.owner.id}/cup.jpg`, alt: 'Чашка сверху' }], video: 'https://rutube.ru/video/abc/' });
    expect(saved.statusCode).toBe(200);
    const after = (await get()).json() as { pages: { data: Record<string, unknown>; view: { images: { image: { original: string } | null; alt: string }[]; video: string | null } }[][] };
    expect(after.pages[0]![0]!.data).toMatchObject({ images: [{ image: `courses/${s.owner.id}/cup.jpg`, alt: 'Чашка сверху' }], video: 'https://rutube.ru/video/abc/' });
    const view = after.pages[0]![0]!.view;
    expect(view.images).toHaveLength(1);
    expect(view.images[0]!.alt).toBe('Чашка сверху');
    expect(view.images[0]!.image!.original).toContain(`courses/${s.owner.id}/cup.jpg`);
    expect(view.video).toBe('https://rutube.ru/video/abc/');

    // The learner's lesson page shows the same task.
    await t.database.db.update(lessons).set({ isPublished: true }).where(eq(lessons.id, s.lesson.id));
    const page = await t.app.inject({ method: 'GET', url: `/api/user/course/${s.enrolment.id}/lesson/${s.lesson.id}/`, headers: s.session.headers });
    expect(page.statusCode).toBe(200);
    expect(page.json().blocks[0]).toMatchObject({ type: 'homework', images: [{ alt: 'Чашка сверху' }], video: 'https://rutube.ru/video/abc/' });
  });
});

describe('DELETE of a lesson or a module holding homework answers', () => {
  it('refuses both while learners’ answers are there, keeps the answers, and deletes them once nothing was answered', async () => {
    const s = await setup();
    const owner = await signInAs(t.app, s.owner);
    expect((await send(s.session, threadUrl(s.enrolment.id, s.block.id), { text: 'Мой ответ' })).statusCode).toBe(201);
    const del = (url: string) => t.app.inject({ method: 'DELETE', url, headers: owner.headers });
    const lesson = await del(`/api/admin/lessons/${s.lesson.id}/`);
    expect(lesson.statusCode).toBe(400);
    expect(lesson.json()).toEqual({ non_field_errors: [LESSON_TEXTS.lessonHasAnswers('1')] });
    const [row] = await t.database.db.select({ moduleId: lessons.moduleId }).from(lessons).where(eq(lessons.id, s.lesson.id));
    const module = await del(`/api/admin/modules/${row!.moduleId}/`);
    expect(module.statusCode).toBe(400);
    expect(module.json()).toEqual({ non_field_errors: [LESSON_TEXTS.moduleHasAnswers('1')] });
    expect(await t.database.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.blockId, s.block.id))).toHaveLength(1);

    // Homework nobody answered does not hold its lesson or module back.
    const quiet = await setup();
    const quietOwner = await signInAs(t.app, quiet.owner);
    const [quietRow] = await t.database.db.select({ moduleId: lessons.moduleId }).from(lessons).where(eq(lessons.id, quiet.lesson.id));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/lessons/${quiet.lesson.id}/`, headers: quietOwner.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/modules/${quietRow!.moduleId}/`, headers: quietOwner.headers })).statusCode).toBe(204);
  });
});
