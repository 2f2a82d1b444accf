// Certificates of completion (decision 0085) over HTTP: the builder's settings, issue exactly once
// where progress changes (and under concurrency), both rules, the name first, the PDF read back,
// the public verification and its limit, revoking and reissuing, another owner's course a 404.
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_NUMBER_RE, CERTIFICATE_TEXTS } from '@crema/contract/rules';
import type { IssuedCertificate, MyCertificates } from '@crema/contract';
import { auditEvents, certificates, mailOutbox, users } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildAttempt,
  buildCertificate,
  buildCertificateSettings,
  buildCourse,
  buildEnrolment,
  buildLesson,
  buildLessonProgress,
  buildModule,
  buildOwner,
  buildQuestion,
  buildTest,
  buildUser,
  signInAs,
  type TestSession,
} from '../../test/factories.ts';
import { certificateCatchUpJob, checkCertificate } from './issue.ts';
import { VERIFY_LIMIT } from './public.ts';

let t: TestContext;
const db = () => t.database.db;
const links = () => ({ publicUrl: t.app.deps.config.publicUrl });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A course of `ownerId` with one module (a lesson and a module test) and a final test with one right answer. */
async function course(ownerId: number) {
  const c = await buildCourse(db(), { ownerId, title: 'Латте-арт' });
  const module = await buildModule(db(), { courseId: c.id });
  const lesson = await buildLesson(db(), { moduleId: module.id, sort: 1 });
  const moduleTest = await buildTest(db(), { courseId: c.id, moduleId: module.id, sort: 2, passScore: 50 });
  await buildQuestion(db(), { testId: moduleTest.id, answers: [{ isCorrect: true }] });
  const finalTest = await buildTest(db(), { courseId: c.id, passScore: 50 });
  await buildQuestion(db(), { testId: finalTest.id, answers: [{ isCorrect: true }] });
  return { course: c, module, lesson, moduleTest, finalTest };
}

async function learner(courseId: number, name: Partial<{ lastName: string | null; firstName: string | null; patronymic: string | null }> = { lastName: 'Соколова', firstName: 'Анна', patronymic: 'Сергеевна' }) {
  const user = await buildUser(db(), name);
  const enrolment = await buildEnrolment(db(), { userId: user.id, courseId });
  return { user, enrolment, session: await signInAs(t.app, user) };
}

const mine = async (session: TestSession) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/certificates/', headers: session.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as MyCertificates;
};
const verify = (number: string, ip = '10.0.0.1') => t.app.inject({ method: 'GET', url: `/api/certificates/${encodeURIComponent(number)}/`, remoteAddress: ip });
/** The certificate letters queued for an address (finishing a test queues its result letter too). */
const lettersTo = (email: string) =>
  db().select().from(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'certificate_issued')));
async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const SETTINGS = { enabled: true, rule: 'all_done', title: 'Сертификат о прохождении курса', hours: 36, school_details: 'ООО «Крема»\nМосква', signature_image: null, stamp_image: null, background_image: null };

describe('certificate settings in the course builder', () => {
  it('saves the rule and texts for the owner (audited), previews a sample PDF, and answers 404 for another owner', async () => {
    const owner = await buildOwner(db());
    const { course: c } = await course(owner.id);
    const session = await signInAs(t.app, owner);
    const empty = await t.app.inject({ method: 'GET', url: `/api/admin/courses/${c.id}/certificate/`, headers: session.headers });
    expect(empty.json()).toMatchObject({ enabled: false, rule: 'all_done', title: 'Сертификат о прохождении курса', tests_count: 2, final_tests_count: 1 });
    const saved = await t.app.inject({ method: 'PUT', url: `/api/admin/courses/${c.id}/certificate/`, headers: session.headers, payload: { ...SETTINGS, rule: 'tests_share', min_share: 50 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, rule: 'tests_share', min_share: 50, hours: 36 });
    const [audit] = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'certificate.settings'), eq(auditEvents.courseId, c.id)));
    expect(audit).toBeDefined();

    const preview = await t.app.inject({ method: 'GET', url: `/api/admin/courses/${c.id}/certificate/preview/`, headers: session.headers });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(preview.rawPayload);
    expect(text).toContain('Иванова Ирина Петровна');
    expect(text).toContain('«Латте-арт»');
    expect(text).toContain('36 ак. ч.');

    const other = await signInAs(t.app, await buildOwner(db()));
    for (const [method, url] of [
      ['GET', `/api/admin/courses/${c.id}/certificate/`],
      ['GET', `/api/admin/courses/${c.id}/certificate/preview/`],
      ['GET', `/api/admin/courses/${c.id}/certificates/`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other.headers });
      expect(res.statusCode, url).toBe(404);
    }
    const foreignPut = await t.app.inject({ method: 'PUT', url: `/api/admin/courses/${c.id}/certificate/`, headers: other.headers, payload: SETTINGS });
    expect(foreignPut.statusCode).toBe(404);
    // Staff reach every course.
    const staff = await signInAs(t.app, await buildUser(db(), { isStaff: true }));
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/courses/${c.id}/certificate/`, headers: staff.headers })).statusCode).toBe(200);
  });

  it('refuses bad input with Russian field errors, and another owner’s upload', async () => {
    const owner = await buildOwner(db());
    const { course: c } = await course(owner.id);
    const session = await signInAs(t.app, owner);
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/admin/courses/${c.id}/certificate/`, headers: session.headers, payload });
    const bad = await put({ ...SETTINGS, rule: 'nonsense', min_share: 0, title: '', hours: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ rule: ['Выберите условие выдачи.'], min_share: ['Не меньше 1 %.'], title: ['Укажите название документа.'], hours: ['Не меньше 1 часа.'] });
    const foreign = await put({ ...SETTINGS, stamp_image: 'courses/999999/someone.png' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toHaveProperty('stamp_image');
    const url = await put({ ...SETTINGS, background_image: 'https://example.com/x.png' });
    expect(url.statusCode).toBe(400);
    expect((await put({ ...SETTINGS, signature_image: `courses/${owner.id}/mine.png` })).statusCode).toBe(200);
  });
});

describe('pictures on the certificate', () => {
  it('puts the uploaded signature, stamp (WebP converted) and background on the PDF', async () => {
    const owner = await buildOwner(db());
    const { course: c } = await course(owner.id);
    const session = await signInAs(t.app, owner);
    const picture = (format: 'png' | 'webp', color: string) =>
      sharp({ create: { width: 300, height: 120, channels: 4, background: color } })[format]().toBuffer();
    const keys: string[] = [];
    for (const [format, color, name] of [['png', '#1d3f8a', 'sign.png'], ['webp', '#b3261e', 'stamp.webp'], ['png', '#faf6f1', 'bg.png']] as const) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await picture(format, color))]), name);
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/uploads/?kind=image',
        headers: { ...session.headers, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(res.statusCode).toBe(201);
      keys.push((res.json() as { key: string }).key);
    }
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/courses/${c.id}/certificate/`,
      headers: session.headers,
      payload: { ...SETTINGS, signature_image: keys[0], stamp_image: keys[1], background_image: keys[2] },
    });
    expect(saved.statusCode).toBe(200);
    // Saved again unchanged: the keys the settings hold stay acceptable.
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/courses/${c.id}/certificate/`, headers: session.headers, payload: { ...SETTINGS, signature_image: keys[0], stamp_image: keys[1], background_image: keys[2] } })).statusCode).toBe(200);
    const preview = await t.app.inject({ method: 'GET', url: `/api/admin/courses/${c.id}/certificate/preview/`, headers: session.headers });
    expect(preview.statusCode).toBe(200);
    const images = preview.rawPayload.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? [];
    expect(images).toHaveLength(3);
  });
});

describe('issuing', () => {
  it('issues when the last lesson is completed and the final test passed over HTTP, once, with a letter', async () => {
    const owner = await buildOwner(db());
    const s = await course(owner.id);
    await buildCertificateSettings(db(), { courseId: s.course.id, hours: 12 });
    const l = await learner(s.course.id);
    // The module test passed earlier; the lesson and the final test now, through the learning API.
    await buildAttempt(db(), { userCourseId: l.enrolment.id, testId: s.moduleTest.id, score: 100, finishedAt: new Date() });
    const lesson = await t.app.inject({ method: 'GET', url: `/api/user/course/${l.enrolment.id}/lesson/${s.lesson.id}/?page=1`, headers: l.session.headers });
    expect(lesson.json()).toMatchObject({ status: 'completed' });
    expect(await db().select().from(certificates).where(eq(certificates.userId, l.user.id))).toHaveLength(0);

    const quiz = `/api/user/course/${l.enrolment.id}/testing/${s.finalTest.id}/`;
    const started = (await t.app.inject({ method: 'GET', url: `${quiz}?clear=true`, headers: l.session.headers })).json() as { attempt: { questions: { id: number; answers: { id: number }[] }[] } };
    const q = started.attempt.questions[0]!;
    const finished = await t.app.inject({ method: 'POST', url: quiz, headers: l.session.headers, payload: { selected_answers: { [q.id]: [q.answers[0]!.id] }, finish: true } });
    expect(finished.statusCode).toBe(200);

    const rows = await db().select().from(certificates).where(eq(certificates.userId, l.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lastName: 'Соколова', firstName: 'Анна', patronymic: 'Сергеевна', courseTitle: 'Латте-арт', hours: 12 });
    expect(rows[0]!.number).toMatch(CERTIFICATE_NUMBER_RE);
    const letters = await lettersTo(l.user.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.text).toContain(`/certificates/${rows[0]!.number}/`);
    expect(letters[0]!.text).toContain(`/api/user/certificates/${rows[0]!.number}/pdf/`);

    // The learner sees it; checks after it issue nothing more.
    const list = await mine(l.session);
    expect(list.certificates).toEqual([expect.objectContaining({ number: rows[0]!.number, status: 'valid', course_id: s.course.id })]);
    expect(list.name_needed).toEqual([]);
    expect(await checkCertificate(db(), links(), l.enrolment.id)).toEqual({ state: 'exists' });
    expect(await lettersTo(l.user.email)).toHaveLength(1);
  });

  it('issues exactly one certificate and one letter when many checks run at once', async () => {
    const owner = await buildOwner(db());
    const s = await course(owner.id);
    await buildCertificateSettings(db(), { courseId: s.course.id });
    const l = await learner(s.course.id);
    await buildLessonProgress(db(), { userCourseId: l.enrolment.id, lessonId: s.lesson.id });
    await buildAttempt(db(), { userCourseId: l.enrolment.id, testId: s.moduleTest.id, score: 100, finishedAt: new Date() });
    await buildAttempt(db(), { userCourseId: l.enrolment.id, testId: s.finalTest.id, score: 100, finishedAt: new Date() });
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => checkCertificate(db(), links(), l.enrolment.id)),
      ...Array.from({ length: 4 }, () => mine(l.session)),
    ]);
    const issued = results.filter((r) => 'state' in r && r.state === 'issued');
    expect(issued.length).toBeLessThanOrEqual(1);
    expect(await db().select().from(certificates).where(eq(certificates.userId, l.user.id))).toHaveLength(1);
    expect(await lettersTo(l.user.email)).toHaveLength(1);
  });

  it('applies the rules: all lessons and the final test; a share of the tests', async () => {
    const owner = await buildOwner(db());
    const s = await course(owner.id);
    const settings = await buildCertificateSettings(db(), { courseId: s.course.id, rule: 'all_done' });
    const l = await learner(s.course.id);
    // Both tests passed, the lesson not completed: all_done waits.
    await buildAttempt(db(), { userCourseId: l.enrolment.id, testId: s.moduleTest.id, score: 100, finishedAt: new Date() });
    await buildAttempt(db(), { userCourseId: l.enrolment.id, testId: s.finalTest.id, score: 100, finishedAt: new Date() });
    await buildLessonProgress(db(), { userCourseId: l.enrolment.id, lessonId: s.lesson.id, status: 'partially_completed' });
    expect(await checkCertificate(db(), links(), l.enrolment.id)).toEqual({ state: 'not_yet' });

    // tests_share 50 %: one test of two passed is enough; 80 % is not.
    const { certificateSettings } = await import('../../db/schema/index.ts');
    const other = await learner(s.course.id);
    await buildAttempt(db(), { userCourseId: other.enrolment.id, testId: s.moduleTest.id, score: 100, finishedAt: new Date() });
    await db().update(certificateSettings).set({ rule: 'tests_share', minShare: 80 }).where(eq(certificateSettings.courseId, settings.courseId));
    expect(await checkCertificate(db(), links(), other.enrolment.id)).toEqual({ state: 'not_yet' });
    await db().update(certificateSettings).set({ minShare: 50 }).where(eq(certificateSettings.courseId, settings.courseId));
    expect(await checkCertificate(db(), links(), other.enrolment.id)).toMatchObject({ state: 'issued' });

    // A course with certificates off issues nothing.
    await db().update(certificateSettings).set({ enabled: false }).where(eq(certificateSettings.courseId, settings.courseId));
    expect(await checkCertificate(db(), links(), l.enrolment.id)).toEqual({ state: 'off' });
  });

  it('asks for the name first, never prints a placeholder, and issues once the name is saved', async () => {
    const owner = await buildOwner(db());
    const s = await course(owner.id);
    await buildCertificateSettings(db(), { courseId: s.course.id, rule: 'tests_share', minShare: 50 });
    const l = await learner(s.course.id, { lastName: null, firstName: 'Анна', patronymic: null });
    await buildAttempt(db(), { userCourseId: l.enrolment.id, testId: s.finalTest.id, score: 100, finishedAt: new Date() });
    const before = await mine(l.session);
    expect(before).toEqual({ certificates: [], name_needed: [l.enrolment.id] });
    expect(await db().select().from(certificates).where(eq(certificates.userId, l.user.id))).toHaveLength(0);

    const patched = await t.app.inject({ method: 'PATCH', url: '/api/user/personal/', headers: l.session.headers, payload: { last_name: 'Орлова' } });
    expect(patched.statusCode).toBe(200);
    // Saving the name issues it at once, with its letter.
    expect(await db().select().from(certificates).where(eq(certificates.userId, l.user.id))).toHaveLength(1);
    expect(await lettersTo(l.user.email)).toHaveLength(1);
    const after = await mine(l.session);
    expect(after.name_needed).toEqual([]);
    expect(after.certificates).toHaveLength(1);
    const [row] = await db().select().from(certificates).where(eq(certificates.userId, l.user.id));
    expect(row).toMatchObject({ lastName: 'Орлова', firstName: 'Анна', patronymic: null });
  });
});

describe('the PDF and the public page', () => {
  it('issues nothing on a read; switching the certificate on, or the job after the sweep, issues what was earned', async () => {
    const owner = await buildOwner(db());
    const s = await course(owner.id);
    await buildCertificateSettings(db(), { courseId: s.course.id, rule: 'tests_share', minShare: 50, enabled: false });
    // Earned while certificates were off.
    const early = await learner(s.course.id);
    await buildAttempt(db(), { userCourseId: early.enrolment.id, testId: s.finalTest.id, score: 100, finishedAt: new Date() });
    const session = await signInAs(t.app, owner);
    const saved = await t.app.inject({ method: 'PUT', url: `/api/admin/courses/${s.course.id}/certificate/`, headers: session.headers, payload: { ...SETTINGS, rule: 'tests_share', min_share: 50 } });
    expect(saved.statusCode).toBe(200);
    expect(await db().select().from(certificates).where(eq(certificates.userId, early.user.id))).toHaveLength(1);
    expect(await lettersTo(early.user.email)).toHaveLength(1);

    // An attempt finished with no request to check it (the learning sweep's way): reading my
    // certificates writes nothing; the catch-up job issues it, once.
    const late = await learner(s.course.id);
    await buildAttempt(db(), { userCourseId: late.enrolment.id, testId: s.finalTest.id, score: 100, finishedAt: new Date() });
    expect(await mine(late.session)).toEqual({ certificates: [], name_needed: [] });
    expect(await db().select().from(certificates).where(eq(certificates.userId, late.user.id))).toHaveLength(0);
    const job = certificateCatchUpJob({ db: db(), links: links(), everyMs: 60_000 });
    expect(await job.run()).toEqual({ issued: 1 });
    expect(await job.run()).toEqual({ issued: 0 });
    expect(await db().select().from(certificates).where(eq(certificates.userId, late.user.id))).toHaveLength(1);
    expect(await lettersTo(late.user.email)).toHaveLength(1);
  });

  it('lets the holder download a PDF with their name and number; anyone else gets 404', async () => {
    const owner = await buildOwner(db());
    const s = await course(owner.id);
    await buildCertificateSettings(db(), { courseId: s.course.id, schoolDetails: 'Школа «Крема»' });
    const l = await learner(s.course.id);
    const c = await buildCertificate(db(), { courseId: s.course.id, userId: l.user.id, userCourseId: l.enrolment.id, lastName: 'Соколова', firstName: 'Анна', patronymic: 'Сергеевна', courseTitle: 'Латте-арт' });
    const res = await t.app.inject({ method: 'GET', url: `/api/user/certificates/${c.number}/pdf/`, headers: l.session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`certificate-${c.number}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Соколова Анна Сергеевна');
    expect(text).toContain(c.number);
    expect(text).toContain('«Латте-арт»');
    expect(text).toContain(`/certificates/${c.number}/`);
    expect(text).toContain('Школа «Крема»');

    const stranger = await signInAs(t.app, await buildUser(db()));
    const foreign = await t.app.inject({ method: 'GET', url: `/api/user/certificates/${c.number}/pdf/`, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: CERTIFICATE_TEXTS.notFound });
  });

  it('verifies a number: valid with initials and surname only; unknown and malformed numbers get the same 404', async () => {
    const s = await course((await buildOwner(db())).id);
    const l = await learner(s.course.id);
    const c = await buildCertificate(db(), { courseId: s.course.id, userId: l.user.id, lastName: 'Иванова', firstName: 'Ирина', patronymic: 'Петровна', courseTitle: 'Латте-арт' });
    const res = await verify(c.number.toLowerCase(), '10.1.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      number: c.number,
      status: 'valid',
      course_title: 'Латте-арт',
      title: 'Сертификат о прохождении курса',
      issued_at: c.issuedAt.toISOString(),
      holder: 'И. П. Иванова',
      revoked_at: null,
      replaced_at: null,
    });
    expect(JSON.stringify(res.json())).not.toContain('Ирина');
    const unknown = await verify('CR-2345-6789-ABCD', '10.1.0.1');
    const malformed = await verify('nonsense<>', '10.1.0.1');
    for (const answer of [unknown, malformed]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: CERTIFICATE_TEXTS.notFound });
    }
    expect(unknown.body).toBe(malformed.body);
  });

  it('limits lookups per network: after the limit, 429 with Retry-After, whatever the number; other networks are not affected', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < VERIFY_LIMIT.limit; i += 1) expect((await verify(`CR-2345-6789-${'ABCD'}`, ip)).statusCode).toBe(404);
    const refused = await verify('CR-2345-6789-ABCE', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({ detail: CERTIFICATE_TEXTS.tooMany });
    expect((await verify('bad', ip)).statusCode).toBe(429);
    expect((await verify('CR-2345-6789-ABCD', '10.3.0.1')).statusCode).toBe(404);
  });
});

describe('revoking and reissuing', () => {
  async function issued() {
    const owner = await buildOwner(db());
    const s = await course(owner.id);
    const l = await learner(s.course.id);
    const c = await buildCertificate(db(), { courseId: s.course.id, userId: l.user.id, userCourseId: l.enrolment.id, lastName: 'Соколова', firstName: 'Анна', patronymic: 'Сергеевна' });
    return { owner, ownerSession: await signInAs(t.app, owner), s, l, c };
  }

  it('lists a course’s certificates with a search on the server, and revokes with a reason the public page never shows', async () => {
    const { ownerSession, s, l, c } = await issued();
    const another = await learner(s.course.id, { lastName: 'Морозов', firstName: 'Пётр', patronymic: null });
    await buildCertificate(db(), { courseId: s.course.id, userId: another.user.id, lastName: 'Морозов', firstName: 'Пётр' });
    const list = (query = '') => t.app.inject({ method: 'GET', url: `/api/admin/courses/${s.course.id}/certificates/${query}`, headers: ownerSession.headers });
    expect((await list()).json()).toMatchObject({ count: 2 });
    const byName = (await list('?search=соколова')).json() as { count: number; results: IssuedCertificate[] };
    expect(byName.count).toBe(1);
    expect(byName.results[0]).toMatchObject({ number: c.number, holder: 'Соколова Анна Сергеевна', status: 'valid', name_changed: false });
    expect((await list(`?search=${c.number.slice(3, 10)}`)).json()).toMatchObject({ count: 1 });
    expect((await list('?page=0')).statusCode).toBe(400);

    const revoke = (payload: object, id = c.id, session = ownerSession) =>
      t.app.inject({ method: 'POST', url: `/api/admin/courses/${s.course.id}/certificates/${id}/revoke/`, headers: session.headers, payload });
    const noReason = await revoke({ reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: [CERTIFICATE_TEXTS.reasonRequired] });
    const done = await revoke({ reason: 'Ошибка в данных слушателя' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'revoked', revoked_reason: 'Ошибка в данных слушателя' });
    expect((await revoke({ reason: 'ещё раз' })).statusCode).toBe(409);
    const [audit] = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'certificate.revoke'), eq(auditEvents.entityId, c.number)));
    expect(audit).toMatchObject({ courseId: s.course.id, after: { status: 'revoked', reason: 'Ошибка в данных слушателя' } });

    const page = await verify(c.number, '10.4.0.1');
    expect(page.json()).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) });
    expect(page.body).not.toContain('Ошибка');
    // The holder may not download a revoked certificate.
    expect((await t.app.inject({ method: 'GET', url: `/api/user/certificates/${c.number}/pdf/`, headers: l.session.headers })).statusCode).toBe(404);
  });

  it('reissues after a name change: a new number, the old one only says it was replaced', async () => {
    const { ownerSession, s, l, c } = await issued();
    const reissue = () => t.app.inject({ method: 'POST', url: `/api/admin/courses/${s.course.id}/certificates/${c.id}/reissue/`, headers: ownerSession.headers });
    const same = await reissue();
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ detail: CERTIFICATE_TEXTS.sameName });
    await db().update(users).set({ lastName: 'Орлова' }).where(eq(users.id, l.user.id));
    const listed = (await t.app.inject({ method: 'GET', url: `/api/admin/courses/${s.course.id}/certificates/`, headers: ownerSession.headers })).json() as { results: IssuedCertificate[] };
    expect(listed.results[0]).toMatchObject({ name_changed: true });
    const done = await reissue();
    expect(done.statusCode).toBe(200);
    const fresh = done.json() as IssuedCertificate;
    expect(fresh.number).not.toBe(c.number);
    expect(fresh).toMatchObject({ status: 'valid', holder: 'Орлова Анна Сергеевна' });
    const [old] = await db().select().from(certificates).where(eq(certificates.id, c.id));
    expect(old).toMatchObject({ replacedById: fresh.id });
    const oldPage = (await verify(c.number, '10.5.0.1')).json();
    expect(oldPage).toMatchObject({ status: 'replaced', holder: 'А. С. Соколова' });
    expect(JSON.stringify(oldPage)).not.toContain(fresh.number);
    expect((await verify(fresh.number, '10.5.0.1')).json()).toMatchObject({ status: 'valid', holder: 'А. С. Орлова' });
    expect((await reissue()).statusCode).toBe(409);
    expect(await lettersTo(l.user.email)).toHaveLength(1);
    const mineNow = await mine(l.session);
    expect(mineNow.certificates.map((x) => x.status)).toEqual(['replaced', 'valid']);
  });

  it('answers 404 for another owner’s course, and for a certificate of another course under one’s own', async () => {
    const a = await issued();
    const b = await issued();
    const foreign = await t.app.inject({ method: 'POST', url: `/api/admin/courses/${a.s.course.id}/certificates/${a.c.id}/revoke/`, headers: b.ownerSession.headers, payload: { reason: 'x' } });
    expect(foreign.statusCode).toBe(404);
    const crossed = await t.app.inject({ method: 'POST', url: `/api/admin/courses/${b.s.course.id}/certificates/${a.c.id}/revoke/`, headers: b.ownerSession.headers, payload: { reason: 'x' } });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toEqual({ detail: CERTIFICATE_TEXTS.notFound });
    const [still] = await db().select().from(certificates).where(eq(certificates.id, a.c.id));
    expect(still!.revokedAt).toBeNull();
  });
});
