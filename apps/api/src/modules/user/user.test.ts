// The personal account API: personal data, documents sealed at rest,
// reference books and students, each scoped to the caller.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@crema/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { orderStudents, orders, students, userDocuments, users } from '../../db/schema/index.ts';
import { createTestApp, createTestDatabase, type TestContext } from '../../test/app.ts';
import {
  buildCourse,
  buildEnrolment,
  buildStatisticsSource,
  buildStudent,
  buildUser,
  signInAs,
  type TestSession,
} from '../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedIn(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.app.deps.db, overrides);
  return { user, session: await signInAs(t.app, user) };
}

function call(session: TestSession, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
}

/** A real multipart/form-data body, as a browser's FormData would send it. */
async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

// A valid SNILS (control number 95) and passport values used across the tests.
const SNILS = '112-233-445 95';
const SNILS_DIGITS = '11223344595';
const DOCUMENTS = {
  passport_series: '45 10',
  passport_number: '734519',
  passport_given_code: '770-001',
  passport_given_date: '2015-04-20',
  passport_given_location: 'ОВД района Хамовники г. Москвы',
  snils: SNILS,
};

describe('GET/PATCH /api/user/personal/', () => {
  it('shows the profile and what is missing for a complete one', async () => {
    const { user, session } = await signedIn({ firstName: 'Иван' });
    const res = await call(session, 'GET', '/api/user/personal/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, first_name: 'Иван', is_complete: false });
    expect(res.json().missing_fields).toEqual([
      'last_name',
      'patronymic',
      'birth_date',
      'phone',
      'passport_series',
      'passport_number',
      'passport_given_code',
      'passport_given_date',
      'passport_given_location',
      'snils',
    ]);
  });

  it('updates only the fields sent (JSON), accepting the masked phone forms and normalising names', async () => {
    const { user, session } = await signedIn({ firstName: 'Иван', address: 'Москва' });
    for (const phone of ['+7 (916) 123-45-67', '+7 916-123-45-67', '8 916 123 45 67', '+79161234567']) {
      const res = await call(session, 'PATCH', '/api/user/personal/', { phone, last_name: "  Д'Артаньян-Иванов  " });
      expect(res.statusCode, phone).toBe(200);
      expect(res.json(), phone).toMatchObject({ phone: '79161234567', last_name: "Д'Артаньян-Иванов", first_name: 'Иван' });
    }
    const res = await call(session, 'PATCH', '/api/user/personal/', { birth_date: '1990-05-17', gender: 'female', patronymic: 'Петровна' });
    expect(res.json()).toMatchObject({ birth_date: '1990-05-17', gender: 'female', address: 'Москва', documents_erased: false });
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ phone: '79161234567', birthDate: '1990-05-17', firstName: 'Иван', address: 'Москва' });
  });

  it('accepts multipart form data: strings for every field, an empty value clears the field', async () => {
    const { user, session } = await signedIn({ address: 'Тверь', patronymic: 'Ильич' });
    const form = await multipart({
      first_name: 'Мария',
      last_name: 'Сидорова',
      patronymic: '',
      phone: '+7 (903) 000-11-22',
      birth_date: '01.02.1985',
      data_refusal: 'false',
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/personal/',
      headers: { ...session.headers, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Мария',
      last_name: 'Сидорова',
      patronymic: null,
      phone: '79030001122',
      birth_date: '1985-02-01',
      address: 'Тверь',
      data_refusal: false,
    });
    const bad = await multipart({ phone: '12345', unknown_field: 'x' });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/personal/',
      headers: { ...session.headers, 'content-type': bad.contentType },
      payload: bad.body,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ phone: [ACCOUNT_TEXTS.phoneInvalid], unknown_field: ['Неизвестное поле.'] });
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phone).toBe('79030001122');
  });

  it('answers bad input per field in Russian, changing nothing', async () => {
    const { user, session } = await signedIn({ firstName: 'Иван' });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ first_name: 'Иван2' }, { first_name: [ACCOUNT_TEXTS.nameLetters] }],
      [{ last_name: '<script>' }, { last_name: [ACCOUNT_TEXTS.nameLetters] }],
      [{ first_name: 'Я'.repeat(101) }, { first_name: [ACCOUNT_TEXTS.nameTooLong] }],
      [{ first_name: 42 }, { first_name: ['Ожидается текст.'] }],
      [{ phone: '+7 916 123' }, { phone: [ACCOUNT_TEXTS.phoneInvalid] }],
      [{ phone: '+1 916 123 45 67' }, { phone: [ACCOUNT_TEXTS.phoneInvalid] }],
      [{ phone: '8916123456a' }, { phone: [ACCOUNT_TEXTS.phoneInvalid] }],
      [{ birth_date: '1990-02-30' }, { birth_date: [ACCOUNT_TEXTS.dateInvalid] }],
      [{ birth_date: 'вчера' }, { birth_date: [ACCOUNT_TEXTS.dateInvalid] }],
      [{ birth_date: '2999-01-01' }, { birth_date: [ACCOUNT_TEXTS.dateInFuture] }],
      [{ birth_date: '1850-01-01' }, { birth_date: [ACCOUNT_TEXTS.dateTooOld] }],
      [{ birth_date: `${new Date().getFullYear() - 5}-01-01` }, { birth_date: [ACCOUNT_TEXTS.accountTooYoung] }],
      [{ gender: 'other' }, { gender: [ACCOUNT_TEXTS.genderInvalid] }],
      [{ data_refusal: 'maybe' }, { data_refusal: ['Ожидается true или false.'] }],
      [{ is_course_owner: true }, { is_course_owner: ['Неизвестное поле.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await call(session, 'PATCH', '/api/user/personal/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(errors);
    }
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Иван', phone: null, birthDate: null, gender: null, isCourseOwner: false });
  });

  it('keeps the login: the same e-mail is accepted, another one needs a code', async () => {
    const { user, session } = await signedIn();
    const same = await call(session, 'PATCH', '/api/user/personal/', { email: ` ${user.email.toUpperCase()} `, first_name: 'Олег' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ email: user.email, first_name: 'Олег' });
    // Compared as the login is (NFKC): a full-width form of the same address is the same address.
    const wide = user.email.replace('@', '\uFF20');
    expect((await call(session, 'PATCH', '/api/user/personal/', { email: wide })).statusCode).toBe(200);
    const other = await call(session, 'PATCH', '/api/user/personal/', { email: 'new-address@example.ru', first_name: 'Пётр' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ email: [ACCOUNT_TEXTS.emailChangeNeedsCode] });
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, firstName: 'Олег' });
  });

  it('counts the profile complete only with the personal fields and all six documents', async () => {
    const { session } = await signedIn();
    await call(session, 'PATCH', '/api/user/personal/', {
      last_name: 'Иванов',
      first_name: 'Иван',
      patronymic: 'Иванович',
      birth_date: '1980-01-01',
      phone: '+79161234567',
    });
    const partial = await call(session, 'PATCH', '/api/user/documents/', { ...DOCUMENTS, snils: null });
    expect(partial.json()).toMatchObject({ is_complete: false, missing_fields: ['snils'] });
    const full = await call(session, 'PATCH', '/api/user/documents/', { snils: SNILS });
    expect(full.json()).toMatchObject({ is_complete: true, missing_fields: [] });
    expect((await call(session, 'GET', '/api/user/personal/')).json()).toMatchObject({ is_complete: true, missing_fields: [] });
  });
});

describe('GET/PATCH /api/user/documents/', () => {
  it('stores the documents sealed: the raw columns hold no plain value, the owner reads them back', async () => {
    const { user, session } = await signedIn();
    const res = await call(session, 'PATCH', '/api/user/documents/', DOCUMENTS);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      passport_series: '4510',
      passport_number: '734519',
      passport_given_code: '770001',
      passport_given_date: '2015-04-20',
      passport_given_location: 'ОВД района Хамовники г. Москвы',
      snils: SNILS_DIGITS,
      data_refusal: false,
    };
    expect(res.json()).toMatchObject(expected);
    expect((await call(session, 'GET', '/api/user/documents/')).json()).toMatchObject(expected);

    const { rows } = await t.app.deps.pool.query<Record<string, string>>(
      'select passport_series, passport_number, passport_given_code, passport_given_date, passport_given_location, snils from user_documents where user_id = $1',
      [user.id],
    );
    const raw = JSON.stringify(rows[0]);
    for (const plain of ['4510', '734519', '770001', '2015-04-20', 'Хамовники', SNILS_DIGITS, '445']) {
      expect(raw).not.toContain(plain);
    }
    for (const value of Object.values(rows[0]!)) expect(value).toMatch(/^k[\w-]{11}:[\w-]{16}:[\w-]{22}:[\w-]+$/);
  });

  it('updates documents partially; null or an empty value clears one', async () => {
    const { session } = await signedIn();
    await call(session, 'PATCH', '/api/user/documents/', DOCUMENTS);
    const form = await multipart({ passport_number: '000111', passport_given_location: '' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/documents/',
      headers: { ...session.headers, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ passport_series: '4510', passport_number: '000111', passport_given_location: null, snils: SNILS_DIGITS });
  });

  it('answers bad documents per field in Russian', async () => {
    const { user, session } = await signedIn();
    const res = await call(session, 'PATCH', '/api/user/documents/', {
      passport_series: '451',
      passport_number: '73451x',
      passport_given_code: '77-0001',
      passport_given_date: '2015-13-01',
      snils: '112-233-445 96',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      passport_series: [ACCOUNT_TEXTS.passportSeries],
      passport_number: [ACCOUNT_TEXTS.passportNumber],
      passport_given_code: [ACCOUNT_TEXTS.passportGivenCode],
      passport_given_date: [ACCOUNT_TEXTS.dateInvalid],
      snils: [ACCOUNT_TEXTS.snilsInvalid],
    });
    const future = await call(session, 'PATCH', '/api/user/documents/', { passport_given_date: '2999-01-01', passport: '1' });
    expect(future.json()).toEqual({ passport_given_date: [ACCOUNT_TEXTS.dateInFuture], passport: ['Неизвестное поле.'] });
    const rows = await t.app.deps.db.select().from(userDocuments).where(eq(userDocuments.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('shows documents to their owner only', async () => {
    const owner = await signedIn();
    await call(owner.session, 'PATCH', '/api/user/documents/', DOCUMENTS);
    const stranger = await signedIn();
    const res = await call(stranger.session, 'GET', '/api/user/documents/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ passport_number: null, snils: null });
    expect(res.body).not.toContain('734519');
  });

  it('a sealed value copied into another row does not open there', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await call(a.session, 'PATCH', '/api/user/documents/', DOCUMENTS);
    await call(b.session, 'PATCH', '/api/user/documents/', { passport_number: '999999' });
    const [rowA] = await t.app.deps.db.select().from(userDocuments).where(eq(userDocuments.userId, a.user.id));
    await t.app.deps.db.update(userDocuments).set({ passportNumber: rowA!.passportNumber }).where(eq(userDocuments.userId, b.user.id));
    const res = await call(b.session, 'GET', '/api/user/documents/');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('734519');
  });

  it('data_refusal erases the documents, says so, and refuses new ones until withdrawn', async () => {
    const { user, session } = await signedIn();
    await call(session, 'PATCH', '/api/user/documents/', DOCUMENTS);
    const refused = await call(session, 'PATCH', '/api/user/personal/', { data_refusal: true });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ data_refusal: true, documents_erased: true });
    expect(await t.app.deps.db.select().from(userDocuments).where(eq(userDocuments.userId, user.id))).toEqual([]);
    expect((await call(session, 'GET', '/api/user/documents/')).json()).toMatchObject({ data_refusal: true, passport_number: null });

    const again = await call(session, 'PATCH', '/api/user/documents/', { snils: SNILS });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ACCOUNT_TEXTS.documentsRefused });

    await call(session, 'PATCH', '/api/user/personal/', { data_refusal: false });
    expect((await call(session, 'PATCH', '/api/user/documents/', { snils: SNILS })).json()).toMatchObject({ snils: SNILS_DIGITS });
  });
});

describe('documents sent at the same time', () => {
  it('keeps every field of concurrent partial updates', async () => {
    const { session } = await signedIn();
    const results = await Promise.all(
      Object.entries(DOCUMENTS).map(([field, value]) => call(session, 'PATCH', '/api/user/documents/', { [field]: value })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Object.keys(DOCUMENTS).map(() => 200));
    expect((await call(session, 'GET', '/api/user/documents/')).json()).toMatchObject({ passport_number: '734519', snils: SNILS_DIGITS, is_complete: false });
    expect((await call(session, 'GET', '/api/user/documents/')).json().missing_fields).not.toContain('passport_given_location');
  });

  it('never leaves documents behind a refusal sent at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const { user, session } = await signedIn();
      const [refusal, documents] = await Promise.all([
        call(session, 'PATCH', '/api/user/personal/', { data_refusal: true }),
        call(session, 'PATCH', '/api/user/documents/', DOCUMENTS),
      ]);
      expect(refusal.statusCode).toBe(200);
      expect([200, 409]).toContain(documents.statusCode);
      const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.dataRefusal).toBe(true);
      expect(await t.app.deps.db.select().from(userDocuments).where(eq(userDocuments.userId, user.id)), `round ${round}`).toEqual([]);
    }
  });

  it('refuses a file part in a form without a 500', async () => {
    const { session } = await signedIn();
    const form = new FormData();
    form.append('passport_number', '734519');
    form.append('scan', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'passport.pdf');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/documents/',
      headers: { ...session.headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('detail');
    expect((await call(session, 'GET', '/api/user/documents/')).json()).toMatchObject({ passport_number: null });
  });
});

describe('logs of document calls', () => {
  it('never contain the passport or SNILS values, on success or on refusal, nor from the data download', async () => {
    const database = await createTestDatabase();
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' });
    const app = await buildApp({ config, db: database.db, pool: database.pool, logger: pino({ level: 'trace' }, sink) });
    try {
      await app.ready();
      const user = await buildUser(database.db);
      const session = await signInAs(app, user);
      const ok = await app.inject({ method: 'PATCH', url: '/api/user/documents/', headers: session.headers, payload: DOCUMENTS });
      expect(ok.statusCode).toBe(200);
      const bad = await app.inject({
        method: 'PATCH',
        url: '/api/user/documents/',
        headers: session.headers,
        payload: { passport_number: '734519', snils: '112-233-445 96' },
      });
      expect(bad.statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: '/api/user/documents/', headers: session.headers })).statusCode).toBe(200);
      // The data download carries the opened values in its body, never in the log.
      const exported = await app.inject({ method: 'GET', url: '/api/user/export/', headers: session.headers });
      expect(exported.statusCode).toBe(200);
      expect(exported.body).toContain(SNILS_DIGITS);
      const log = lines.join('');
      expect(log).toContain('/api/user/documents/'); // The log is there…
      expect(log).toContain('/api/user/export/');
      for (const plain of ['734519', SNILS_DIGITS, SNILS, '445 9', 'Хамовники', '770-001']) expect(log).not.toContain(plain); // …without the values.
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('GET /api/user/reference_books/', () => {
  it('lists genders, student types and the sources, in Russian', async () => {
    const source = await buildStatisticsSource(t.app.deps.db, { title: 'Яндекс Директ', sort: -1 });
    const { session } = await signedIn();
    const res = await call(session, 'GET', '/api/user/reference_books/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.genders).toEqual([
      { id: 'male', title: 'Мужской' },
      { id: 'female', title: 'Женский' },
    ]);
    expect(body.student_types).toEqual([
      { id: 'child', title: 'Ребёнок' },
      { id: 'adult', title: 'Взрослый' },
    ]);
    expect(body.sources[0]).toEqual({ id: source.id, title: 'Яндекс Директ' });
  });
});

describe('/api/user/students/', () => {
  it('adds a child and an adult, listed for their account only', async () => {
    const { session } = await signedIn();
    const child = await call(session, 'POST', '/api/user/students/', {
      student_type: 'child',
      last_name: 'Петров',
      first_name: 'Миша',
      date_birth: '2016-09-01',
    });
    expect(child.statusCode, child.body).toBe(201);
    expect(child.json()).toMatchObject({ student_type: 'child', date_birth: '2016-09-01', patronymic: null, phone: null });
    const adult = await call(session, 'POST', '/api/user/students/', {
      student_type: 'adult',
      last_name: 'Петрова',
      first_name: 'Ольга',
      patronymic: 'Сергеевна',
      phone: '+7 (999) 111-22-33',
      email: 'Olga@Example.ru',
    });
    expect(adult.statusCode, adult.body).toBe(201);
    expect(adult.json()).toMatchObject({ phone: '79991112233', email: 'olga@example.ru' });

    const other = await signedIn();
    await buildStudent(t.app.deps.db, { userId: other.user.id, lastName: 'Чужой' });
    const list = await call(session, 'GET', '/api/user/students/');
    expect(list.json().map((s: { first_name: string }) => s.first_name)).toEqual(['Миша', 'Ольга']);
    const theirs = await call(other.session, 'GET', '/api/user/students/');
    expect(theirs.json().map((s: { last_name: string }) => s.last_name)).toEqual(['Чужой']);
  });

  it('applies the add-student rules per field; unknown fields listed under their names', async () => {
    const { user, session } = await signedIn();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        {},
        {
          student_type: ['Выберите, кто будет учиться: ребёнок или взрослый.'],
          last_name: [ACCOUNT_TEXTS.lastNameRequired],
          first_name: [ACCOUNT_TEXTS.firstNameRequired],
        },
      ],
      [{ student_type: 'child', last_name: 'Петров', first_name: 'Миша' }, { date_birth: [ACCOUNT_TEXTS.childBirthRequired] }],
      [
        { student_type: 'adult', last_name: 'Петров', first_name: 'Миша', phone: '', email: null },
        { phone: [ACCOUNT_TEXTS.phoneRequired], email: [ACCOUNT_TEXTS.emailRequired] },
      ],
      [
        { student_type: 'child', last_name: 'Петров1', first_name: 'Миша', date_birth: '2016-02-30', nickname: 'm' },
        { last_name: [ACCOUNT_TEXTS.nameLetters], date_birth: [ACCOUNT_TEXTS.dateInvalid], nickname: ['Неизвестное поле.'] },
      ],
      [{ student_type: 'teen', last_name: 'Петров', first_name: 'Миша' }, { student_type: [ACCOUNT_TEXTS.studentTypeRequired] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await call(session, 'POST', '/api/user/students/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(errors);
    }
    expect(await t.app.deps.db.select().from(students).where(eq(students.userId, user.id))).toEqual([]);
  });

  it('edits a student of the account; another account’s student is a 404 and stays as it was', async () => {
    const { user, session } = await signedIn();
    const mine = await buildStudent(t.app.deps.db, { userId: user.id, studentType: 'child' });
    const ok = await call(session, 'PATCH', `/api/user/students/${mine.id}/`, { first_name: 'Кира' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: mine.id, first_name: 'Кира', student_type: 'child', date_birth: '2015-06-01' });
    // Becoming an adult needs the contacts.
    const adult = await call(session, 'PATCH', `/api/user/students/${mine.id}/`, { student_type: 'adult' });
    expect(adult.statusCode).toBe(400);
    expect(adult.json()).toEqual({ phone: [ACCOUNT_TEXTS.phoneRequired], email: [ACCOUNT_TEXTS.emailRequired] });

    const other = await signedIn();
    const theirs = await buildStudent(t.app.deps.db, { userId: other.user.id, firstName: 'Борис' });
    const foreign = await call(session, 'PATCH', `/api/user/students/${theirs.id}/`, { first_name: 'Взломщик' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Ученик не найден.' });
    const [row] = await t.app.deps.db.select().from(students).where(eq(students.id, theirs.id));
    expect(row!.firstName).toBe('Борис');
    const bad = await call(session, 'PATCH', '/api/user/students/abc/', { first_name: 'Кира' });
    expect(bad.statusCode).toBe(400);
  });

  it('applies edits of different fields sent at the same time in turn, losing none', async () => {
    const { user, session } = await signedIn();
    for (let round = 0; round < 3; round++) {
      const student = await buildStudent(t.app.deps.db, { userId: user.id });
      const edits = [{ first_name: 'Вера' }, { last_name: 'Зайцева' }, { patronymic: 'Львовна' }, { phone: '+7 900 000-00-01' }];
      const results = await Promise.all(edits.map((edit) => call(session, 'PATCH', `/api/user/students/${student.id}/`, edit)));
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const [row] = await t.app.deps.db.select().from(students).where(eq(students.id, student.id));
      expect(row, `round ${round}`).toMatchObject({ firstName: 'Вера', lastName: 'Зайцева', patronymic: 'Львовна', phone: '79000000001' });
    }
  });

  it('deletes a student of the account; another account’s is a 404; one with courses or paid orders is kept', async () => {
    const { db } = t.app.deps;
    const { user, session } = await signedIn();
    const free = await buildStudent(db, { userId: user.id });
    const other = await signedIn();
    const theirs = await buildStudent(db, { userId: other.user.id });

    const foreign = await call(session, 'DELETE', `/api/user/students/${theirs.id}/`);
    expect(foreign.statusCode).toBe(404);
    expect(await db.select().from(students).where(eq(students.id, theirs.id))).toHaveLength(1);

    const course = await buildCourse(db);
    const learning = await buildStudent(db, { userId: user.id });
    await buildEnrolment(db, { userId: user.id, courseId: course.id, studentId: learning.id });
    const paying = await buildStudent(db, { userId: user.id });
    const unpaid = await buildStudent(db, { userId: user.id });
    const payer = { courseId: course.id, userId: user.id, amountKopecks: 100, payerLastName: 'И', payerFirstName: 'И', payerPhone: '79160000000', payerEmail: user.email };
    const [paid] = await db.insert(orders).values({ ...payer, code: `paid-${user.id}`, status: 'paid' }).returning();
    const [fresh] = await db.insert(orders).values({ ...payer, code: `new-${user.id}`, status: 'new' }).returning();
    await db.insert(orderStudents).values([
      { orderId: paid!.id, studentId: paying.id, fullName: 'И И' },
      { orderId: fresh!.id, studentId: unpaid.id, fullName: 'И И' },
    ]);

    for (const kept of [learning, paying]) {
      const res = await call(session, 'DELETE', `/api/user/students/${kept.id}/`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: ACCOUNT_TEXTS.studentHasCourses });
    }
    for (const gone of [free, unpaid]) {
      const res = await call(session, 'DELETE', `/api/user/students/${gone.id}/`);
      expect(res.statusCode).toBe(204);
      expect(await db.select().from(students).where(eq(students.id, gone.id))).toEqual([]);
    }
    expect((await call(session, 'DELETE', `/api/user/students/${free.id}/`)).statusCode).toBe(404);
  });
});
