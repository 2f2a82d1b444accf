// Applications through dynamic forms (decision 0022): the form, each rule of a submission, JSON
// and multipart, the school's letter, the captcha against the local stand-in over real HTTP, the
// rate limits, and a double click sent concurrently stored once.
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TEXTS, FEEDBACK_TEXTS, addDays, fromIsoDate, moscowIsoDate } from '@crema/contract';
import { consents, feedbackSubmissions, mailOutbox, orders } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCourse, buildFeedbackForm, buildUser, setConfig, signInAs, unique } from '../../test/factories.ts';
import { CAPTCHA_STANDIN_PREFIX, captchaStandIn } from '../captcha/stand-in.ts';

const SCHOOL = 'leads@crema.test';
const CAPTCHA_SECRET = 'captcha-secret-for-tests';

/** A real multipart/form-data body, as a browser's FormData would send it. */
async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

let addressSequence = 0;
/** A fresh client address per test, so one test's rate limits never reach another's. */
const freshIp = () => `10.61.${Math.floor(++addressSequence / 250)}.${(addressSequence % 250) + 1}`;
const sessionKey = () => unique('guest').replace(/[^A-Za-z0-9_-]/g, '_');

function post(t: TestContext, key: string, payload: Record<string, unknown>, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/feedback/${key}/process/`,
    payload,
    headers: { 'user-agent': 'vitest-browser', ...options.headers },
    remoteAddress: options.ip ?? freshIp(),
  });
}

const submissionsOf = (t: TestContext, formId: number) =>
  t.database.db.select().from(feedbackSubmissions).where(eq(feedbackSubmissions.formId, formId));
const mailsTo = (t: TestContext, to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('dynamic forms and applications (captcha off)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ SCHOOL_NOTIFY_EMAIL: SCHOOL, PUBLIC_URL: 'https://crema.test' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the form with its fields in order, and 404 {detail} for an unknown key', async () => {
    const form = await buildFeedbackForm(t.database.db, {
      description: 'Оставьте контакты.',
      fields: [
        { name: 'phone', title: 'Телефон', placeholder: '+7 (999) 999 99 99', required: true, type: 'phone', sort: 2 },
        { name: 'name', title: 'Имя', required: true, type: 'text', sort: 1 },
      ],
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/feedback/${form.key}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      key: form.key,
      title: 'Записаться на курс',
      description: 'Оставьте контакты.',
      success_message: 'Спасибо! Мы свяжемся с вами.',
      fields: [
        { id: expect.any(Number), name: 'name', title: 'Имя', placeholder: null, required: true, type: 'text' },
        { id: expect.any(Number), name: 'phone', title: 'Телефон', placeholder: '+7 (999) 999 99 99', required: true, type: 'phone' },
      ],
    });
    for (const [method, url] of [
      ['GET', '/api/feedback/no_such_form/'],
      ['POST', '/api/feedback/no_such_form/process/'],
    ] as const) {
      const missing = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: { name: 'Анна' } } : {}) });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual({ detail: 'Форма не найдена.' });
    }
  });

  it('stores a guest application normalised, answers the success message, and queues the school letter', async () => {
    const course = await buildCourse(t.database.db, { title: 'Бариста с нуля' });
    const form = await buildFeedbackForm(t.database.db);
    const key = sessionKey();
    const res = await post(t, form.key, {
      name: '  Анна   Петрова ',
      phone: '8 (916) 123-45-67',
      email: ' Anna@Example.RU ',
      course_slug: course.slug,
      session_key: key,
      consent_personal_data: true,
      consent_advertising: 'on',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success_message: 'Спасибо! Мы свяжемся с вами.' });
    expect(res.headers['cache-control']).toBe('no-store');

    const [row, ...more] = await submissionsOf(t, form.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      data: { name: 'Анна Петрова', phone: '79161234567', email: 'anna@example.ru' },
      userId: null,
      courseId: course.id,
      sessionKey: key,
      userAgent: 'vitest-browser',
      consents: [
        { kind: 'personal_data', version: 1 },
        { kind: 'advertising', version: 1 },
      ],
    });
    // A guest's consents live on the submission only: no account to hold records.
    expect(await t.database.db.select().from(consents)).toEqual([]);

    const letters = (await mailsTo(t, SCHOOL)).filter((m) => m.text.includes('Анна Петрова'));
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toBe('Новая заявка: Бариста с нуля');
    expect(letters[0]!.text).toContain('Телефон: +7 (916) 123-45-67');
    expect(letters[0]!.text).toContain(`https://crema.test/courses/${course.slug}/`);
    expect(letters[0]!.text).toContain('Согласие на рекламные рассылки дано.');
    expect(letters[0]!.html).toContain('anna@example.ru');
  });

  it('checks every value against the form’s own fields, listing each problem under its field in Russian', async () => {
    const form = await buildFeedbackForm(t.database.db, {
      fields: [
        { name: 'name', title: 'Имя', required: true, type: 'text' },
        { name: 'phone', title: 'Телефон', required: true, type: 'phone' },
        { name: 'email', title: 'Почта', required: false, type: 'email' },
        { name: 'birthdate', title: 'Дата рождения', required: false, type: 'date' },
        { name: 'comment', title: 'Комментарий', required: false, type: 'text' },
      ],
    });
    const res = await post(t, form.key, {
      phone: '+7 916 123',
      email: 'anna@',
      birthdate: '31.02.2015',
      comment: 'к'.repeat(501),
      course_slug: 'no-such-course',
      session_key: 'bad key!',
      consent_privacy: 'maybe',
      student_name: 'Миша',
      surprise: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['Заполните поле «Имя».'],
      phone: ['Введите номер в формате +7 (999) 999-99-99.'],
      email: ['Введите корректный адрес электронной почты.'],
      birthdate: ['Введите существующую дату в формате ДД.ММ.ГГГГ.'],
      comment: ['Не длиннее 500 символов.'],
      session_key: ['Некорректный ключ сессии.'],
      consent_privacy: ['Ожидается true или false.'],
      consent_personal_data: ['Нужно согласие на обработку персональных данных.'],
      student_name: ['Неизвестное поле.'],
      surprise: ['Неизвестное поле.'],
    });
    // The course is looked up once the values are right.
    const course = await post(t, form.key, { name: 'Анна', phone: '+79161234567', course_slug: 'no-such-course', consent_personal_data: true });
    expect(course.statusCode).toBe(400);
    expect(course.json()).toEqual({ course_slug: ['Курс не найден.'] });
    // A value that is not text, and a body that is not an object.
    const number = await post(t, form.key, { name: 42, phone: '+79161234567', consent_personal_data: true });
    expect(number.json()).toEqual({ name: ['Ожидается текст.'] });
    const list = await t.app.inject({ method: 'POST', url: `/api/feedback/${form.key}/process/`, payload: [1, 2] });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ non_field_errors: ['Ожидается объект с полями формы.'] });
    expect(await submissionsOf(t, form.id)).toEqual([]);
  });

  it('accepts a kids form as multipart form data, with the date typed dd.mm.yyyy', async () => {
    const form = await buildFeedbackForm(t.database.db, {
      key: unique('kids').replace(/-/g, '_'),
      fields: [
        { name: 'name', title: 'Имя родителя', required: true, type: 'text' },
        { name: 'phone', title: 'Телефон родителя', required: true, type: 'phone' },
        { name: 'student_name', title: 'Фамилия и имя ребёнка', required: true, type: 'text' },
        { name: 'student_birthdate', title: 'Дата рождения ребёнка', required: true, type: 'date' },
        { name: 'student_phone', title: 'Телефон ребёнка', required: false, type: 'phone' },
        { name: 'student_email', title: 'Почта ребёнка', required: false, type: 'email' },
      ],
    });
    const kid = {
      name: 'Ольга',
      phone: '+7 (903) 000-11-22',
      student_name: 'Иванов Миша',
      student_birthdate: '05.03.2016',
      student_phone: '',
      consent_personal_data: 'true',
      consent_privacy: 'true',
    };
    // The child's data without the parent's consent for it: refused, nothing stored.
    for (const extra of [{}, { consent_child_personal_data: 'false' }] as Record<string, string>[]) {
      const unticked = await multipart({ ...kid, ...extra });
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/feedback/${form.key}/process/`,
        headers: { 'content-type': unticked.contentType },
        payload: unticked.body,
        remoteAddress: freshIp(),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ consent_child_personal_data: [FEEDBACK_TEXTS.childConsentRequired] });
    }
    expect(await submissionsOf(t, form.id)).toEqual([]);
    const body = await multipart({ ...kid, consent_child_personal_data: 'true' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/feedback/${form.key}/process/`,
      headers: { 'content-type': body.contentType },
      payload: body.body,
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await submissionsOf(t, form.id);
    expect(row!.data).toEqual({ name: 'Ольга', phone: '79030001122', student_name: 'Иванов Миша', student_birthdate: '2016-03-05' });
    expect(row!.consents).toEqual([
      { kind: 'personal_data', version: 1 },
      { kind: 'privacy_policy', version: 1 },
      { kind: 'child_personal_data', version: 1 },
    ]);
    expect(row).toMatchObject({ ip: expect.any(String), userAgent: expect.any(String) });
    const [letter] = (await mailsTo(t, SCHOOL)).filter((m) => m.text.includes('Иванов Миша'));
    expect(letter!.subject).toBe(`Новая заявка: ${form.title}`);
    expect(letter!.text).toContain('Дата рождения ребёнка: 05.03.2016');

    const missing = await multipart({ name: 'Ольга', phone: '+79030001122', consent_personal_data: 'true', consent_child_personal_data: 'true' });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/feedback/${form.key}/process/`,
      headers: { 'content-type': missing.contentType },
      payload: missing.body,
      remoteAddress: freshIp(),
    });
    expect(bad.json()).toEqual({
      student_name: ['Заполните поле «Фамилия и имя ребёнка».'],
      student_birthdate: ['Заполните поле «Дата рождения ребёнка».'],
    });
  });

  it('a signed-in parent’s consent for a child stays with the application, not as an account record; a form without student fields records none', async () => {
    const user = await buildUser(t.database.db);
    const { headers } = await signInAs(t.app, user);
    const kids = await buildFeedbackForm(t.database.db, {
      key: unique('kids').replace(/-/g, '_'),
      fields: [
        { name: 'name', title: 'Имя родителя', required: true, type: 'text' },
        { name: 'student_name', title: 'Фамилия и имя ребёнка', required: true, type: 'text' },
      ],
    });
    const res = await post(t, kids.key, { name: 'Ольга', student_name: 'Миша', consent_personal_data: true, consent_child_personal_data: true }, { headers });
    expect(res.statusCode).toBe(201);
    const [row] = await submissionsOf(t, kids.id);
    expect(row!.consents.map((c) => c.kind)).toEqual(['personal_data', 'child_personal_data']);
    const records = await t.database.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(records.map((r) => r.kind)).toEqual(['personal_data']);

    const plain = await buildFeedbackForm(t.database.db);
    const sent = await post(t, plain.key, { name: 'Ольга', phone: '+79160000002', consent_personal_data: true, consent_child_personal_data: true }, { headers });
    expect(sent.statusCode).toBe(201);
    const [plainRow] = await submissionsOf(t, plain.id);
    expect(plainRow!.consents.map((c) => c.kind)).toEqual(['personal_data']);
  });

  it('records a signed-in caller’s consents as account records, with IP and browser', async () => {
    const user = await buildUser(t.database.db);
    const { headers } = await signInAs(t.app, user);
    const form = await buildFeedbackForm(t.database.db);
    const res = await post(
      t,
      form.key,
      { name: 'Пётр', phone: '+79160000001', session_key: sessionKey(), consent_personal_data: true, consent_privacy: true },
      { headers, ip: '10.62.0.9' },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await submissionsOf(t, form.id);
    expect(row).toMatchObject({ userId: user.id, sessionKey: null, ip: '10.62.0.9' });
    const records = await t.database.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(records.map((r) => [r.kind, r.version, r.ip, r.userAgent]).sort()).toEqual([
      ['personal_data', 1, '10.62.0.9', 'vitest-browser'],
      ['privacy_policy', 1, '10.62.0.9', 'vitest-browser'],
    ]);
  });

  it('stores a double click once: the same application sent concurrently, and a repeat with the same request_id', async () => {
    const form = await buildFeedbackForm(t.database.db);
    const key = sessionKey();
    const payload = { name: 'Двойной Клик', phone: '+79161112233', session_key: key, consent_personal_data: true };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(t, form.key, payload)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.every((r) => r.json().success_message === 'Спасибо! Мы свяжемся с вами.')).toBe(true);
    expect(await submissionsOf(t, form.id)).toHaveLength(1);
    expect((await mailsTo(t, SCHOOL)).filter((m) => m.text.includes('Двойной Клик'))).toHaveLength(1);

    // The same request_id is the same send, even when a field was edited in between.
    const requestId = 'req_0123456789abcdef';
    const first = { name: 'Повтор Запроса', phone: '+79161112244', session_key: key, request_id: requestId, consent_personal_data: true };
    const sent = await Promise.all([post(t, form.key, first), post(t, form.key, { ...first, name: 'Повтор Запроса Правка' })]);
    expect(sent.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await submissionsOf(t, form.id)).toHaveLength(2);
    // Another application of the same person is stored.
    expect((await post(t, form.key, { ...payload, name: 'Другая Заявка' })).statusCode).toBe(201);
    expect(await submissionsOf(t, form.id)).toHaveLength(3);
    // The repeats spent none of the sender's quota (5 per 10 minutes): two more still pass.
    for (const name of ['Ещё Одна', 'И Ещё Одна']) expect((await post(t, form.key, { ...payload, name })).statusCode).toBe(201);
    expect((await post(t, form.key, { ...payload, name: 'Шестая' })).statusCode).toBe(429);
  });

  it('limits applications per sender and per address with a Russian 429', async () => {
    const form = await buildFeedbackForm(t.database.db);
    const key = sessionKey();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post(t, form.key, { name: `Заявка ${'а'.repeat(i + 1)}`, phone: '+79160000002', session_key: key, consent_personal_data: true });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({ detail: 'Слишком много заявок подряд. Попробуйте позже или позвоните нам.' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

    // One address, many guest sessions: the per-address limit holds.
    const ip = freshIp();
    const byAddress: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await post(t, form.key, { name: `Адрес ${i}`, phone: '+79160000003', session_key: sessionKey(), consent_personal_data: true }, { ip });
      byAddress.push(res.statusCode);
    }
    expect(byAddress.filter((s) => s === 201)).toHaveLength(20);
    expect(byAddress.at(-1)).toBe(429);
  });

  it("refuses a child outside the course's age range at the birth date (the age counted today), in JSON and multipart alike", async () => {
    const kids = await buildFeedbackForm(t.database.db, {
      key: unique('kids').replace(/-/g, '_'),
      fields: [
        { name: 'name', title: 'Имя родителя', required: true, type: 'text' },
        { name: 'phone', title: 'Телефон родителя', required: true, type: 'phone' },
        { name: 'student_birthdate', title: 'Дата рождения ребёнка', required: true, type: 'date' },
      ],
    });
    const course = await buildCourse(t.database.db, { isKids: true, ageMin: 10, ageMax: 14 });
    const today = moscowIsoDate(new Date());
    const tenToday = `${Number(today.slice(0, 4)) - 10}${today.slice(4)}`;
    const base = { name: 'Ольга', phone: '+79160000003', course_slug: course.slug, consent_personal_data: true, consent_child_personal_data: true };

    const small = await post(t, kids.key, { ...base, student_birthdate: addDays(tenToday, 1) });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({ student_birthdate: ['Курс для детей 10–14 лет, а ребёнку сейчас 9 лет.'] });
    const typed = await multipart({ ...base, consent_personal_data: 'on', consent_child_personal_data: 'on', student_birthdate: fromIsoDate(addDays(tenToday, 1)) });
    const sentAsForm = await t.app.inject({
      method: 'POST',
      url: `/api/feedback/${kids.key}/process/`,
      payload: typed.body,
      headers: { 'content-type': typed.contentType },
      remoteAddress: freshIp(),
    });
    expect(sentAsForm.statusCode).toBe(400);
    expect(sentAsForm.json()).toEqual({ student_birthdate: ['Курс для детей 10–14 лет, а ребёнку сейчас 9 лет.'] });
    expect(await submissionsOf(t, kids.id)).toEqual([]);

    const fits = await post(t, kids.key, { ...base, student_birthdate: tenToday });
    expect(fits.statusCode).toBe(201);
    // A course without a range, and an application about no course, take any child.
    const open = await buildCourse(t.database.db, { isKids: true });
    expect((await post(t, kids.key, { ...base, course_slug: open.slug, student_birthdate: '2021-05-10' })).statusCode).toBe(201);
    const { course_slug: _none, ...noCourse } = base;
    expect((await post(t, kids.key, { ...noCourse, student_birthdate: '2021-05-10' })).statusCode).toBe(201);
    expect(await submissionsOf(t, kids.id)).toHaveLength(3);
  });
});

describe('the school address falls back to the CONTACT_EMAIL setting', () => {
  it('sends the letter there when SCHOOL_NOTIFY_EMAIL is not set, and stores the application when neither is', async () => {
    const t = await createTestApp();
    try {
      const form = await buildFeedbackForm(t.database.db);
      const payload = { name: 'Без Адреса', phone: '+79160000004', consent_personal_data: true };
      expect((await post(t, form.key, payload)).statusCode).toBe(201);
      expect(await t.database.db.select().from(mailOutbox)).toEqual([]);
      expect(await submissionsOf(t, form.id)).toHaveLength(1);

      await setConfig(t.database.db, { CONTACT_EMAIL: 'hello@crema.test' });
      expect((await post(t, form.key, { ...payload, name: 'С Адресом' })).statusCode).toBe(201);
      const letters = await mailsTo(t, 'hello@crema.test');
      expect(letters.map((m) => m.subject)).toEqual([`Новая заявка: ${form.title}`]);
    } finally {
      await t.close();
    }
  });
});

describe('captcha through the local stand-in, over real HTTP', () => {
  let standIn: FastifyInstance;
  let standInUrl: string;
  const apps: TestContext[] = [];

  beforeAll(async () => {
    standIn = Fastify({ logger: false });
    await standIn.register(captchaStandIn, { prefix: CAPTCHA_STANDIN_PREFIX, secret: CAPTCHA_SECRET });
    standInUrl = `${await standIn.listen({ host: '127.0.0.1', port: 0 })}${CAPTCHA_STANDIN_PREFIX}`;
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await standIn?.close();
  });

  async function appWith(env: Record<string, string>) {
    const t = await createTestApp({ SCHOOL_NOTIFY_EMAIL: SCHOOL, CAPTCHA_SECRET, ...env });
    apps.push(t);
    return t;
  }
  /** A token as the widget would get it in the browser. */
  async function token(action = 'studentForm', score = 0.9): Promise<string> {
    const res = await fetch(`${standInUrl}/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, score: String(score) }),
    });
    return ((await res.json()) as { token: string }).token;
  }
  const person = () => ({ name: 'Капча Проверка', phone: '+79160000005', session_key: sessionKey(), consent_personal_data: true });

  it('reCAPTCHA v3: passes a good token once; refuses none, a reused one, another action and a low score', async () => {
    const t = await appWith({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SITE_KEY: 'site-key-1', CAPTCHA_VERIFY_URL: `${standInUrl}/recaptcha/api/siteverify` });
    const form = await buildFeedbackForm(t.database.db);
    const good = await token();
    expect((await post(t, form.key, { ...person(), 'g-recaptcha-response': good })).statusCode).toBe(201);

    const refusals = [
      [undefined, CAPTCHA_TEXTS.missing],
      [good, CAPTCHA_TEXTS.failed],
      [await token('orderForm'), CAPTCHA_TEXTS.failed],
      [await token('studentForm', 0.3), CAPTCHA_TEXTS.failed],
      ['forged-token', CAPTCHA_TEXTS.failed],
    ] as const;
    for (const [value, message] of refusals) {
      const res = await post(t, form.key, { ...person(), ...(value ? { 'g-recaptcha-response': value } : {}) });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json(), String(value)).toEqual({ 'g-recaptcha-response': [message] });
    }
    // At the threshold (CAPTCHA_MIN_SCORE, 0.5 by default) it passes.
    expect((await post(t, form.key, { ...person(), 'g-recaptcha-response': await token('studentForm', 0.5) })).statusCode).toBe(201);
    expect(await submissionsOf(t, form.id)).toHaveLength(2);

    // The widget's public key travels with the site settings.
    const configs = await t.app.inject({ method: 'POST', url: '/api/configs/', payload: { keys: ['CAPTCHA_SITE_KEY', 'CAPTCHA_PROVIDER'] } });
    expect(configs.json()).toEqual({ CAPTCHA_SITE_KEY: 'site-key-1', CAPTCHA_PROVIDER: 'recaptcha' });
  });

  it('the order form asks the same verifier with the action orderForm: no token or another action is refused before an order is written', async () => {
    const t = await appWith({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_VERIFY_URL: `${standInUrl}/recaptcha/api/siteverify` });
    const course = await buildCourse(t.database.db);
    const orderBody = (extra: Record<string, unknown>) => ({
      course_slug: course.slug,
      last_name: 'Капчина',
      first_name: 'Анна',
      patronymic: 'Сергеевна',
      phone: '+7 916-123-45-67',
      email: `${unique('captcha-order')}@example.ru`,
      consent_privacy: true,
      consent_personal_data: true,
      study_for_self: true,
      ...extra,
    });
    const send = (extra: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/order/request/', payload: orderBody(extra) });
    for (const [extra, message] of [
      [{}, CAPTCHA_TEXTS.missing],
      [{ 'g-recaptcha-response': await token('studentForm') }, CAPTCHA_TEXTS.failed],
    ] as const) {
      const res = await send(extra);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ 'g-recaptcha-response': [message] });
    }
    expect(await t.database.db.select().from(orders)).toHaveLength(0);
    const res = await send({ 'g-recaptcha-response': await token('orderForm') });
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(orders)).toHaveLength(1);
  });

  it('a double click with one single-use token is stored once and answered twice', async () => {
    const t = await appWith({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_VERIFY_URL: `${standInUrl}/recaptcha/api/siteverify` });
    const form = await buildFeedbackForm(t.database.db);
    const payload = { ...person(), 'g-recaptcha-response': await token() };
    const answers = await Promise.all([post(t, form.key, payload), post(t, form.key, payload), post(t, form.key, payload)]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(await submissionsOf(t, form.id)).toHaveLength(1);
  });

  it('SmartCaptcha: passes a token once and refuses it again', async () => {
    const t = await appWith({ CAPTCHA_PROVIDER: 'smartcaptcha', CAPTCHA_VERIFY_URL: `${standInUrl}/validate` });
    const form = await buildFeedbackForm(t.database.db);
    const good = await token();
    expect((await post(t, form.key, { ...person(), 'g-recaptcha-response': good })).statusCode).toBe(201);
    const again = await post(t, form.key, { ...person(), 'g-recaptcha-response': good });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ 'g-recaptcha-response': [CAPTCHA_TEXTS.failed] });
  });

  it('a provider that cannot answer lets applications through by default, and refuses them with CAPTCHA_FAIL_OPEN=false', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const down = `http://127.0.0.1:${port}/validate`;
    const open = await appWith({ CAPTCHA_PROVIDER: 'smartcaptcha', CAPTCHA_VERIFY_URL: down });
    const openForm = await buildFeedbackForm(open.database.db);
    expect((await post(open, openForm.key, { ...person(), 'g-recaptcha-response': 'any-token' })).statusCode).toBe(201);
    // No token at all is still refused: the outage does not switch the captcha off.
    expect((await post(open, openForm.key, person())).json()).toEqual({ 'g-recaptcha-response': [CAPTCHA_TEXTS.missing] });

    const closed = await appWith({ CAPTCHA_PROVIDER: 'smartcaptcha', CAPTCHA_VERIFY_URL: down, CAPTCHA_FAIL_OPEN: 'false' });
    const closedForm = await buildFeedbackForm(closed.database.db);
    const res = await post(closed, closedForm.key, { ...person(), 'g-recaptcha-response': 'any-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'g-recaptcha-response': [CAPTCHA_TEXTS.unavailable] });
    expect(await submissionsOf(closed, closedForm.id)).toEqual([]);

    // A wrong secret is the installation's fault: the stand-in refuses it as the provider would (HTTP 403).
    const misconfigured = await appWith({ CAPTCHA_PROVIDER: 'smartcaptcha', CAPTCHA_VERIFY_URL: `${standInUrl}/validate`, CAPTCHA_SECRET: 'wrong', CAPTCHA_FAIL_OPEN: 'false' });
    const form = await buildFeedbackForm(misconfigured.database.db);
    expect((await post(misconfigured, form.key, { ...person(), 'g-recaptcha-response': await token() })).json()).toEqual({
      'g-recaptcha-response': [CAPTCHA_TEXTS.unavailable],
    });
  });

  it('the site settings carry no captcha key while the captcha is off', async () => {
    const t = await createTestApp();
    apps.push(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/configs/', payload: { keys: ['CAPTCHA_SITE_KEY'] } });
    expect(res.json()).toEqual({});
  });
});

describe('the captcha stand-in is a development tool', () => {
  it('answers this machine only, never in production, and stays out of the OpenAPI document', async () => {
    const dev = await createTestApp();
    const prod = await createTestApp({ NODE_ENV: 'production', SECRET_KEY: 'p'.repeat(40), SMTP_URL: 'smtp://mail.example.ru:587' });
    try {
      const ask = (t: TestContext, remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: `${CAPTCHA_STANDIN_PREFIX}/token/`, payload: { action: 'studentForm' }, remoteAddress });
      const local = await ask(dev, '127.0.0.1');
      expect(local.statusCode).toBe(200);
      expect(local.json()).toEqual({ token: expect.stringMatching(/^standin\./) });
      expect((await ask(dev, '203.0.113.5')).statusCode).toBe(404);
      expect((await ask(prod, '127.0.0.1')).statusCode).toBe(404);
      const doc = (await dev.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/dev/'))).toEqual([]);
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/feedback/{key}/', '/api/feedback/{key}/process/']));
    } finally {
      await dev.close();
      await prod.close();
    }
  });
});
