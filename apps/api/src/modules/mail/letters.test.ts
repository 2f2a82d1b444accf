// The school's letters over HTTP: each event queues its letter once (order placed, paid, declined,
// refunded, a session moved, a test finished), letters that may not go at night wait for 09:00
// Moscow time while codes and payments do not, the account's settings are respected, an optional
// letter carries a one-click unsubscribe that works by POST without signing in, and the scheduler
// queues each letter once across ticks and processes.
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_TEXTS, addDays, moscowInstant, moscowIsoDate } from '@crema/contract';
import { consents, groupMembers, mailOutbox, mailPreferences, orders, userCourses, type MailMessage } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildCourse,
  buildEnrolment,
  buildGroup,
  buildLesson,
  buildModule,
  buildQuestion,
  buildTest,
  buildUser,
  setConfig,
  signInAs,
  type TestSession,
} from '../../test/factories.ts';
import { TESTBANK_PASSWORD, TESTBANK_PREFIX, TESTBANK_TERMINAL_KEY } from '../payments/testbank/credentials.ts';
import { TEST_CARDS, testBank } from '../payments/testbank/plugin.ts';
import { setMailClock } from './context.ts';
import { deliverAt } from './policy.ts';
import { runScheduledLetters } from './scheduled.ts';

let bank: FastifyInstance;
let t: TestContext;
let staff: TestSession;
const db = () => t.database.db;
const PUBLIC_URL = 'http://127.0.0.1:9';
/** Noon in Moscow: letters go at once. */
const DAY = moscowInstant('2026-12-01', '12:00');
/** 23:30 in Moscow: only codes and payment letters go at once. */
const NIGHT = moscowInstant('2026-12-01', '23:30');
let restoreClock: () => void = () => undefined;

beforeAll(async () => {
  bank = Fastify({ logger: false });
  await bank.register(testBank, { prefix: TESTBANK_PREFIX, terminalKey: TESTBANK_TERMINAL_KEY, password: TESTBANK_PASSWORD, retryDelaysMs: [] });
  const bankUrl = await bank.listen({ host: '127.0.0.1', port: 0 });
  t = await createTestApp({
    PUBLIC_URL,
    TBANK_TERMINAL_KEY: TESTBANK_TERMINAL_KEY,
    TBANK_PASSWORD: TESTBANK_PASSWORD,
    TBANK_API_URL: `${bankUrl}${TESTBANK_PREFIX}/v2`,
    ORDERS_PER_IP_HOUR: '1000',
  });
  staff = await signInAs(t.app, await buildUser(db(), { isStaff: true }));
  await setConfig(db(), { SITE_NAME: 'Crema', FOOTER_PHONE: '+7 495 123-45-67', CONTACT_EMAIL: 'hello@crema.example', LEGAL_INN: '7700000000' });
});
afterAll(async () => {
  await t?.close();
  await bank?.close();
});
afterEach(() => restoreClock());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, session: TestSession | null, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(session?.headers ?? {}), ...headers }, ...(payload ? { payload } : {}) });

async function lettersTo(email: string, template?: string): Promise<MailMessage[]> {
  const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id);
  return template ? rows.filter((row) => row.template === template) : rows;
}

async function confirmedOrder(options: { groupId?: number; courseId?: number } = {}) {
  const user = await buildUser(db());
  const session = await signInAs(t.app, user);
  const course = options.courseId
    ? { id: options.courseId, slug: (await db().query.courses.findFirst({ where: (c, { eq: e }) => e(c.id, options.courseId!) }))!.slug }
    : await buildCourse(db(), { priceKopecks: 1_000_000, title: 'Бариста с нуля' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/request/',
    headers: session.headers,
    payload: {
      course_slug: course.slug,
      last_name: 'Иванова',
      first_name: 'Анна',
      phone: '+7 916 555-12-34',
      email: user.email,
      consent_privacy: true,
      consent_personal_data: true,
      study_for_self: true,
      ...(options.groupId ? { group: options.groupId } : {}),
    },
  });
  expect(res.statusCode).toBe(200);
  const code = res.json().order.code as string;
  const [order] = await db().select().from(orders).where(eq(orders.code, code));
  return { user, session, course, code, order: order! };
}

async function payWith(code: string, card: string) {
  const link = await t.app.inject({ method: 'POST', url: '/api/tbank/order/payment_link/', payload: { extra_code: code, type: 'card' } });
  const paid = await fetch(link.json().url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card, expiry: '12/39', cvc: '123' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  // The payment page asks the bank; asking twice changes nothing twice.
  await t.app.inject({ method: 'GET', url: `/api/order/payment/${code}/` });
  return t.app.inject({ method: 'GET', url: `/api/order/payment/${code}/` });
}

describe('the night hours', () => {
  it('holds letters queued from 22:00 to 09:00 Moscow time until 09:00, except codes and payments', () => {
    expect(deliverAt('lesson_opened', DAY)).toEqual(DAY);
    expect(deliverAt('lesson_opened', NIGHT).toISOString()).toBe(moscowInstant('2026-12-02', '09:00').toISOString());
    const early = moscowInstant('2026-12-02', '06:15');
    expect(deliverAt('group_session_changed', early).toISOString()).toBe(moscowInstant('2026-12-02', '09:00').toISOString());
    expect(deliverAt('lesson_opened', moscowInstant('2026-12-02', '21:59'))).toEqual(moscowInstant('2026-12-02', '21:59'));
    expect(deliverAt('lesson_opened', moscowInstant('2026-12-02', '22:00')).toISOString()).toBe(moscowInstant('2026-12-03', '09:00').toISOString());
    for (const kind of ['codes', 'payments', 'school']) expect(deliverAt(kind, NIGHT)).toEqual(NIGHT);
  });
});

describe('payment letters', () => {
  it('order placed, paid, with the payment link and the seat hold; sent at night at once; each once', async () => {
    restoreClock = setMailClock(() => NIGHT);
    const course = await buildCourse(db(), { priceKopecks: 1_000_000, title: 'Альтернатива' });
    const group = await buildGroup(db(), { courseId: course.id, capacity: 5, title: 'Декабрьская' });
    const { user, code } = await confirmedOrder({ courseId: course.id, groupId: group.id });
    const [placed, ...more] = await lettersTo(user.email, 'order_placed');
    expect(more).toHaveLength(0);
    expect(placed!.text).toContain(`${PUBLIC_URL}/courses/payment/${code}/`);
    expect(placed!.text).toMatch(/Места в группе держим за вами до \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(по Москве\)/);
    // A payment letter is not held for the morning, and it has no unsubscribe: it is mandatory.
    expect(placed!.nextAttemptAt.toISOString()).toBe(NIGHT.toISOString());
    expect(placed!.headers).toEqual({});
    expect(placed!.text).toContain('Контакты школы: +7 495 123-45-67 · hello@crema.example');
    expect(placed!.text).toContain('ИНН 7700000000');

    const page = await payWith(code, TEST_CARDS.success);
    expect(page.json().order.status).toBe('paid');
    const paid = await lettersTo(user.email, 'order_paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.text).toContain('Группа: Декабрьская.');
    expect(paid[0]!.text).toContain('Учитесь вы сами');
  });

  it('a declined card: one letter with the reason and the link to pay again', async () => {
    const { user, code } = await confirmedOrder();
    await payWith(code, TEST_CARDS.declined);
    const failed = await lettersTo(user.email, 'payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.subject).toBe('Оплата не прошла: Бариста с нуля');
    expect(failed[0]!.text).toContain(`${PUBLIC_URL}/courses/payment/${code}/`);
    expect(failed[0]!.text).toMatch(/Банк отклонил оплату|Недостаточно средств|не прошла/);
  });

  it('a refund by staff: one letter in the refund transaction, partial then full', async () => {
    const { user, code, order } = await confirmedOrder();
    await payWith(code, TEST_CARDS.success);
    const part = await inject('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, { amount: 300_000, reason: 'Пропустил занятие' });
    expect(part.statusCode).toBe(200);
    let refunds = await lettersTo(user.email, 'refund_made');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.text).toContain('доступ к курсу сохраняется');
    expect(refunds[0]!.text).toContain(`${PUBLIC_URL}/user/orders/`);
    // A refund over what is left is refused: no letter for it.
    expect((await inject('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, { amount: 900_000 })).statusCode).toBe(400);
    expect(await lettersTo(user.email, 'refund_made')).toHaveLength(1);
    expect((await inject('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, {})).statusCode).toBe(200);
    refunds = await lettersTo(user.email, 'refund_made');
    expect(refunds).toHaveLength(2);
    expect(refunds[1]!.text).toContain('доступ к курсу закрыт');
  });
});

/** A group with one session in 3 days and `members` learners. */
async function groupWithMembers(members: number, sessionStart = addDays(moscowIsoDate(new Date()), 3)) {
  const course = await buildCourse(db(), { title: 'Латте-арт' });
  const users = [];
  const enrolments = [];
  for (let i = 0; i < members; i += 1) {
    const user = await buildUser(db());
    users.push(user);
    enrolments.push((await buildEnrolment(db(), { userId: user.id, courseId: course.id })).id);
  }
  const group = await buildGroup(db(), {
    courseId: course.id,
    title: 'Вечерняя',
    sessions: [{ startsAt: moscowInstant(sessionStart, '18:00'), endsAt: moscowInstant(sessionStart, '20:00'), title: 'Первое' }],
    memberIds: enrolments,
  });
  return { course, group, users };
}

describe('a session moved by staff', () => {
  it('by day: each member gets exactly one letter at once; at night: held until 09:00 Moscow', async () => {
    const { group, users } = await groupWithMembers(2);
    const session = group.sessions[0]!;
    const day = addDays(moscowIsoDate(new Date()), 4);
    restoreClock = setMailClock(() => DAY);
    const moved = await inject('PATCH', `/api/admin/school/groups/${group.id}/sessions/${session.id}/`, staff, { title: 'Первое', date: day, starts: '19:00', ends: '21:00' });
    expect(moved.statusCode).toBe(200);
    for (const user of users) {
      const letters = await lettersTo(user.email, 'group_session_changed');
      expect(letters).toHaveLength(1);
      expect(letters[0]!.nextAttemptAt.toISOString()).toBe(DAY.toISOString());
      // Changes to one's own sessions are mandatory: no unsubscribe.
      expect(letters[0]!.headers).toEqual({});
    }
    restoreClock();
    restoreClock = setMailClock(() => NIGHT);
    expect((await inject('PATCH', `/api/admin/school/groups/${group.id}/sessions/${session.id}/`, staff, { title: 'Первое', date: day, starts: '18:00', ends: '20:00' })).statusCode).toBe(200);
    for (const user of users) {
      const letters = await lettersTo(user.email, 'group_session_changed');
      expect(letters).toHaveLength(2);
      expect(letters[1]!.nextAttemptAt.toISOString()).toBe(moscowInstant('2026-12-02', '09:00').toISOString());
    }
  });
});

describe('a finished test', () => {
  it('tells the result once, and not at all once the learner turned such letters off', async () => {
    const course = await buildCourse(db(), { title: 'Сенсорика' });
    const module = await buildModule(db(), { courseId: course.id });
    const test = await buildTest(db(), { courseId: course.id, moduleId: module.id, passScore: 70, name: 'Вкусы' });
    await buildQuestion(db(), { testId: test.id, type: 'single', sort: 1, answers: [{ isCorrect: true }, {}] });
    const user = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
    const session = await signInAs(t.app, user);
    const url = `/api/user/course/${enrolment.id}/module/${module.id}/testing/${test.id}/`;
    restoreClock = setMailClock(() => DAY);
    expect((await inject('GET', `${url}?clear=true`, session)).statusCode).toBe(200);
    expect((await inject('POST', url, session, { selected_answers: {}, finish: true })).statusCode).toBe(200);
    // Finishing again changes nothing.
    await inject('POST', url, session, { selected_answers: {}, finish: true });
    const results = await lettersTo(user.email, 'test_result');
    expect(results).toHaveLength(1);
    expect(results[0]!.subject).toBe('Тест не сдан: Вкусы');
    expect(results[0]!.text).toContain('0\u00a0% при проходном 70\u00a0%');
    // An optional letter: the one-click unsubscribe headers.
    expect(results[0]!.headers['List-Unsubscribe']).toMatch(new RegExp(`^<${PUBLIC_URL}/api/mail/unsubscribe/\\?token=[^>]+>$`));
    expect(results[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const off = await inject('PUT', '/api/user/notifications/', session, { settings: { test_result: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().kinds.find((k: { key: string }) => k.key === 'test_result')).toMatchObject({ enabled: false, mandatory: false });
    expect((await inject('GET', `${url}?clear=true`, session)).statusCode).toBe(200);
    expect((await inject('POST', url, session, { selected_answers: {}, finish: true })).statusCode).toBe(200);
    expect(await lettersTo(user.email, 'test_result')).toHaveLength(1);
  });
});

describe('access given by the school', () => {
  it('one letter with the course link and a one-click unsubscribe; held for the morning at night; none once turned off', async () => {
    const person = await buildUser(db());
    const session = await signInAs(t.app, person);
    const course = await buildCourse(db(), { title: 'Фильтр-кофе' });
    restoreClock = setMailClock(() => NIGHT);
    expect((await inject('POST', `/api/admin/school/people/${person.id}/courses/`, staff, { course_id: course.id })).statusCode).toBe(200);
    const letters = await lettersTo(person.email, 'course_access');
    expect(letters).toHaveLength(1);
    expect(letters[0]!.text).toContain(`${PUBLIC_URL}/user/courses/`);
    expect(letters[0]!.nextAttemptAt.toISOString()).toBe(moscowInstant('2026-12-02', '09:00').toISOString());
    expect(letters[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(letters[0]!.text).toContain(`${PUBLIC_URL}/user/account/#notifications`);

    expect((await inject('PUT', '/api/user/notifications/', session, { settings: { course_access: false } })).statusCode).toBe(200);
    const other = await buildCourse(db(), { title: 'Аэропресс' });
    expect((await inject('POST', `/api/admin/school/people/${person.id}/courses/`, staff, { course_id: other.id })).statusCode).toBe(200);
    expect(await lettersTo(person.email, 'course_access')).toHaveLength(1);
  });
});

describe('notification settings', () => {
  it('lists every kind, mandatory ones locked on, advertising as the consent says, certificates among them', async () => {
    const user = await buildUser(db());
    const session = await signInAs(t.app, user);
    const got = await inject('GET', '/api/user/notifications/', session);
    expect(got.statusCode).toBe(200);
    const kinds = got.json().kinds as { key: string; enabled: boolean; mandatory: boolean; advertising: boolean }[];
    expect(kinds.map((k) => k.key)).toEqual(expect.arrayContaining(['codes', 'payments', 'group_session_changed', 'lesson_opened', 'certificate_issued', 'advertising']));
    expect(kinds.filter((k) => k.mandatory).every((k) => k.enabled)).toBe(true);
    expect(kinds.find((k) => k.key === 'advertising')).toMatchObject({ enabled: false, advertising: true });
    await db().insert(consents).values({ userId: user.id, kind: 'advertising', version: 1 });
    const withConsent = (await inject('GET', '/api/user/notifications/', session)).json().kinds as typeof kinds;
    expect(withConsent.find((k) => k.key === 'advertising')!.enabled).toBe(true);
    expect((await inject('GET', '/api/user/notifications/', null)).statusCode).toBe(401);
  });

  it('refuses in Russian: a mandatory kind off, the advertising kind, an unknown kind, a bad body', async () => {
    const session = await signInAs(t.app, await buildUser(db()));
    const mandatory = await inject('PUT', '/api/user/notifications/', session, { settings: { payments: false } });
    expect(mandatory.statusCode).toBe(400);
    expect(mandatory.json()).toEqual({ settings: [LETTER_TEXTS.mandatoryKind] });
    const advertising = await inject('PUT', '/api/user/notifications/', session, { settings: { advertising: true } });
    expect(advertising.json()).toEqual({ settings: [LETTER_TEXTS.advertisingKind] });
    const unknown = await inject('PUT', '/api/user/notifications/', session, { settings: { spam: false } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().settings[0]).toContain(LETTER_TEXTS.unknownKind);
    for (const body of [{}, { settings: { lesson_opened: 'нет' } }, { settings: [] }, { settings: {}, extra: 1 }]) {
      const bad = await inject('PUT', '/api/user/notifications/', session, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(bad.json())).toMatch(/[а-яё]/i);
    }
    // Turning a mandatory kind on is no change and no error.
    expect((await inject('PUT', '/api/user/notifications/', session, { settings: { payments: true, lesson_opened: true } })).statusCode).toBe(200);
  });
});

describe("the group's 'what to bring'", () => {
  it('staff set it in the group form (trimmed, bounded, cleared), and it is what the eve letter says', async () => {
    const course = await buildCourse(db());
    const base = { course_id: course.id, title: 'Субботняя', starts_on: addDays(moscowIsoDate(new Date()), 9), format: 'offline', location: 'Студия' };
    const made = await inject('POST', '/api/admin/school/groups/', staff, { ...base, bring: '  Фартук и блокнот.  ' });
    expect(made.statusCode).toBe(201);
    expect(made.json().bring).toBe('Фартук и блокнот.');
    const tooLong = await inject('POST', '/api/admin/school/groups/', staff, { ...base, bring: 'я'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ bring: ['Не длиннее 500 символов.'] });
    const { course_id: _course, ...fields } = base;
    const cleared = await inject('PATCH', `/api/admin/school/groups/${made.json().id}/`, staff, { ...fields, version: made.json().version, bring: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().bring).toBeNull();
  });
});

describe('the scheduler', () => {
  it('queues each letter once across two ticks and two ticks at once: group tomorrow, a lesson opened, access ending', async () => {
    const today = moscowIsoDate(DAY);
    const course = await buildCourse(db(), { title: 'Обжарка' });
    const module = await buildModule(db(), { courseId: course.id });
    const lesson = await buildLesson(db(), { moduleId: module.id, title: 'Профили обжарки' });
    const member = await buildUser(db());
    const quiet = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: member.id, courseId: course.id });
    const quietEnrolment = await buildEnrolment(db(), { userId: quiet.id, courseId: course.id });
    await db().insert(mailPreferences).values({ userId: quiet.id, kind: 'lesson_opened', enabled: false });
    const tomorrow = addDays(today, 1);
    const group = await buildGroup(db(), {
      courseId: course.id,
      title: 'Утренняя',
      location: 'Москва, ул. Кофейная, 1',
      bring: 'блокнот и ручку.',
      sessions: [
        { startsAt: moscowInstant(tomorrow, '10:00'), endsAt: moscowInstant(tomorrow, '12:00') },
      ],
      memberIds: [enrolment.id, quietEnrolment.id],
    });
    // Another group of the same course whose session opened a lesson an hour ago.
    const running = await buildGroup(db(), {
      courseId: course.id,
      title: 'Дневная',
      sessions: [{ startsAt: new Date(DAY.getTime() - 3600_000), endsAt: new Date(DAY.getTime() + 3600_000), lessonId: lesson.id }],
      memberIds: [],
    });
    await db().insert(groupMembers).values([{ groupId: running.id, userCourseId: enrolment.id }, { groupId: running.id, userCourseId: quietEnrolment.id }]);
    const ending = await buildEnrolment(db(), { userId: member.id, courseId: (await buildCourse(db(), { title: 'Эспрессо' })).id });
    await db().update(userCourses).set({ accessUntil: moscowInstant(addDays(today, 7), '23:59') }).where(eq(userCourses.id, ending.id));

    const first = await runScheduledLetters(db(), { publicUrl: PUBLIC_URL, now: DAY });
    expect(first.starts).toBeGreaterThanOrEqual(2);
    const again = await runScheduledLetters(db(), { publicUrl: PUBLIC_URL, now: DAY });
    expect(again).toEqual({ starts: 0, lessons: 0, ending: 0 });
    const both = await Promise.all([runScheduledLetters(db(), { publicUrl: PUBLIC_URL, now: DAY }), runScheduledLetters(db(), { publicUrl: PUBLIC_URL, now: DAY })]);
    expect(both).toEqual([{ starts: 0, lessons: 0, ending: 0 }, { starts: 0, lessons: 0, ending: 0 }]);

    const starts = await lettersTo(member.email, 'group_starts_tomorrow');
    expect(starts).toHaveLength(1);
    expect(starts[0]!.text).toContain('Где: Москва, ул. Кофейная, 1.');
    expect(starts[0]!.text).toContain('Что взять с собой: блокнот и ручку.');
    expect(starts[0]!.text).toContain(`${PUBLIC_URL}/user/group/${group.id}/`);
    expect(await lettersTo(quiet.email, 'group_starts_tomorrow')).toHaveLength(1);
    const lessons = await lettersTo(member.email, 'lesson_opened');
    expect(lessons).toHaveLength(1);
    expect(lessons[0]!.subject).toBe('Открыт урок: Профили обжарки');
    // Turned off by the other member: none.
    expect(await lettersTo(quiet.email, 'lesson_opened')).toHaveLength(0);
    const endingLetters = await lettersTo(member.email, 'access_ending');
    expect(endingLetters).toHaveLength(1);
    expect(endingLetters[0]!.text).toContain(`${addDays(today, 7).split('-').reverse().join('.')} 23:59`);
  });

  it('two ticks at once from scratch still queue one letter each', async () => {
    const { group, users } = await groupWithMembers(3, addDays(moscowIsoDate(NIGHT), 1));
    const results = await Promise.all([runScheduledLetters(db(), { publicUrl: PUBLIC_URL, now: NIGHT }), runScheduledLetters(db(), { publicUrl: PUBLIC_URL, now: NIGHT })]);
    expect(results[0]!.starts + results[1]!.starts).toBe(3);
    for (const user of users) {
      const letters = await lettersTo(user.email, 'group_starts_tomorrow');
      expect(letters, group.title).toHaveLength(1);
      // Queued at night: held until 09:00 Moscow time.
      expect(letters[0]!.nextAttemptAt.toISOString()).toBe(moscowInstant(addDays(moscowIsoDate(NIGHT), 1), '09:00').toISOString());
    }
  });
});

describe('one-click unsubscribe', () => {
  async function optionalLetter() {
    const course = await buildCourse(db(), { title: 'Капучино' });
    const module = await buildModule(db(), { courseId: course.id });
    const lesson = await buildLesson(db(), { moduleId: module.id, title: 'Молоко' });
    const user = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
    const now = new Date(DAY.getTime() + 5 * 86_400_000);
    await buildGroup(db(), { courseId: course.id, sessions: [{ startsAt: new Date(now.getTime() - 60_000), endsAt: new Date(now.getTime() + 3600_000), lessonId: lesson.id }], memberIds: [enrolment.id] });
    await runScheduledLetters(db(), { publicUrl: PUBLIC_URL, now });
    const [letter] = await lettersTo(user.email, 'lesson_opened');
    const link = /^<([^>]+)>$/.exec(letter!.headers['List-Unsubscribe']!)![1]!;
    return { user, letter: letter!, link: new URL(link) };
  }

  it('the POST turns the kind off without signing in; the GET page only shows a button', async () => {
    const { user, letter, link } = await optionalLetter();
    expect(letter.text).toContain(link.toString());
    const path = `${link.pathname}${link.search}`;
    const page = await inject('GET', path, null);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain('Отписаться от писем «Открыт новый урок»?');
    expect(page.body).toMatch(/<form method="post" action="\/api\/mail\/unsubscribe\/\?token=/);
    // The GET changed nothing.
    expect(await db().select().from(mailPreferences).where(eq(mailPreferences.userId, user.id))).toHaveLength(0);

    // As a mail provider sends it (RFC 8058): a form body, no cookies.
    const posted = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toMatchObject({ kind: 'lesson_opened', detail: LETTER_TEXTS.unsubscribed('Открыт новый урок') });
    const [preference] = await db().select().from(mailPreferences).where(and(eq(mailPreferences.userId, user.id), eq(mailPreferences.kind, 'lesson_opened')));
    expect(preference!.enabled).toBe(false);
    // Twice is fine; the page's button gets a page back.
    const button = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, payload: 'List-Unsubscribe=One-Click' });
    expect(button.statusCode).toBe(200);
    expect(button.body).toContain('Вы отписались');
    // The settings say so.
    const settings = (await inject('GET', '/api/user/notifications/', await signInAs(t.app, user))).json();
    expect(settings.kinds.find((k: { key: string }) => k.key === 'lesson_opened').enabled).toBe(false);
  });

  it('the page’s button works in a browser signed in to the site: the token decides, not the session', async () => {
    const { user, link } = await optionalLetter();
    // The form posts with the site's cookies and without the CSRF header the site's own calls send.
    const { 'x-csrf-token': _csrf, ...cookies } = (await signInAs(t.app, user)).cookieHeaders;
    const button = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { ...cookies, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(button.statusCode).toBe(200);
    expect(button.body).toContain('Вы отписались');
    const [preference] = await db().select().from(mailPreferences).where(and(eq(mailPreferences.userId, user.id), eq(mailPreferences.kind, 'lesson_opened')));
    expect(preference!.enabled).toBe(false);
  });

  it('refuses a forged, altered or missing token in Russian, never a 500', async () => {
    const { link } = await optionalLetter();
    const token = link.searchParams.get('token')!;
    const [payload] = token.split('.');
    const forged = `${Buffer.from('1:lesson_opened').toString('base64url')}.${token.split('.')[1]}`;
    const mandatory = `${Buffer.from('1:payments').toString('base64url')}.x`;
    for (const bad of [forged, `${payload}.AAAA`, mandatory, 'мусор', '', 'a.b.c']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe/?token=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(/[а-яё]/i);
      const page = await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe/?token=${encodeURIComponent(bad)}` });
      expect(page.statusCode, bad).toBe(400);
      expect(JSON.stringify(page.json())).toMatch(/[а-яё]/i);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/mail/unsubscribe/' })).statusCode).toBe(400);
  });
});
