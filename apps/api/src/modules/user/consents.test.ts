// Consents as records (152-ФЗ, decision 0018): giving, superseding, withdrawing, the refusal to give
// document data, a student's consent, consents written at sign-up; each scoped to the caller.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_TEXTS, SIGN_UP_CONSENT_REQUIRED } from '@crema/contract';
import { consentDocuments, consents, students, users } from '../../db/schema/index.ts';
import { createTestApp, lastMailedCode, type TestContext } from '../../test/app.ts';
import { buildStudent, buildUser, signInAs, type TestSession } from '../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedIn() {
  const user = await buildUser(t.app.deps.db);
  return { user, session: await signInAs(t.app, user) };
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Crema-test';

function call(session: TestSession, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...session.headers, 'user-agent': BROWSER },
    remoteAddress: '203.0.113.7',
    ...(payload ? { payload } : {}),
  });
}

describe('GET /api/user/consents/', () => {
  it('lists the current documents (version 1 from the migration) and no records for a new user', async () => {
    const { session } = await signedIn();
    const res = await call(session, 'GET', '/api/user/consents/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      documents: [
        { kind: 'personal_data', title: 'Согласие на обработку персональных данных', version: 1, url: '/documents/personal-data-consent/v/1/' },
        { kind: 'privacy_policy', title: 'Политика конфиденциальности', version: 1, url: '/documents/privacy-policy/v/1/' },
        { kind: 'advertising', title: 'Согласие на получение рекламных рассылок', version: 1, url: '/documents/advertising-consent/v/1/' },
        {
          kind: 'child_personal_data',
          title: 'Согласие родителя на обработку персональных данных ребёнка',
          version: 1,
          url: '/documents/child-personal-data-consent/v/1/',
        },
      ],
      consents: [],
    });
  });
});

describe('POST /api/user/consents/', () => {
  it('writes a record with the version, time, IP and browser; giving again answers 200 with the same record', async () => {
    const { user, session } = await signedIn();
    const res = await call(session, 'POST', '/api/user/consents/', { kind: 'advertising' });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json();
    expect(record).toMatchObject({
      kind: 'advertising',
      title: 'Согласие на получение рекламных рассылок',
      version: 1,
      student_id: null,
      student_name: null,
      withdrawn_at: null,
      is_current_version: true,
    });
    expect(Date.parse(record.given_at)).not.toBeNaN();
    const [row] = await t.app.deps.db.select().from(consents).where(eq(consents.id, record.id));
    expect(row).toMatchObject({ userId: user.id, ip: '203.0.113.7', userAgent: BROWSER, version: 1 });

    const again = await call(session, 'POST', '/api/user/consents/', { kind: 'advertising' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(record);
    const list = (await call(session, 'GET', '/api/user/consents/')).json();
    expect(list.consents).toEqual([record]);
  });

  it('gives one record when the same consent is sent concurrently', async () => {
    const { user, session } = await signedIn();
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(session, 'POST', '/api/user/consents/', { kind: 'privacy_policy' })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const rows = await t.app.deps.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, user.id), eq(consents.kind, 'privacy_policy')));
    expect(rows).toHaveLength(1);
  });

  it('supersedes a live consent to an older version: the old one is withdrawn, a new one written', async () => {
    const { db } = t.app.deps;
    const { user, session } = await signedIn();
    const first = (await call(session, 'POST', '/api/user/consents/', { kind: 'personal_data' })).json();
    // The school publishes version 2 (here it is a row).
    await db.insert(consentDocuments).values({ kind: 'personal_data', version: 2, title: 'Согласие на обработку персональных данных', url: '/privacy-policy/' });
    try {
      const listed = (await call(session, 'GET', '/api/user/consents/')).json();
      expect(listed.documents.find((d: { kind: string }) => d.kind === 'personal_data').version).toBe(2);
      expect(listed.consents[0]).toMatchObject({ id: first.id, is_current_version: false, withdrawn_at: null });

      const res = await call(session, 'POST', '/api/user/consents/', { kind: 'personal_data' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ version: 2, is_current_version: true, withdrawn_at: null });
      const rows = await db.select().from(consents).where(eq(consents.userId, user.id)).orderBy(consents.id);
      expect(rows.map((r) => [r.version, r.withdrawnAt !== null])).toEqual([
        [1, true],
        [2, false],
      ]);
      expect(rows[0]).toMatchObject({ withdrawnIp: '203.0.113.7', withdrawnUserAgent: BROWSER });
    } finally {
      // Other tests in this file expect version 1 to be current.
      await db.delete(consents).where(and(eq(consents.kind, 'personal_data'), eq(consents.version, 2)));
      await db.delete(consentDocuments).where(and(eq(consentDocuments.kind, 'personal_data'), eq(consentDocuments.version, 2)));
    }
  });

  it("records a parent's consent for a child under the child's document; only for own students", async () => {
    const { db } = t.app.deps;
    const { user, session } = await signedIn();
    const child = await buildStudent(db, { userId: user.id, studentType: 'child', dateBirth: '2015-03-01', lastName: 'Петрова', firstName: 'Алиса' });
    const res = await call(session, 'POST', '/api/user/consents/', { kind: 'child_personal_data', student_id: child.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'child_personal_data',
      title: 'Согласие родителя на обработку персональных данных ребёнка',
      version: 1,
      student_id: child.id,
      student_name: 'Петрова Алиса',
      is_current_version: true,
    });
    // The holder's own consent is a separate record.
    expect((await call(session, 'POST', '/api/user/consents/', { kind: 'personal_data' })).statusCode).toBe(201);
    const listed = (await call(session, 'GET', '/api/user/consents/')).json();
    expect(listed.consents.map((c: { kind: string; student_id: number | null }) => [c.kind, c.student_id])).toEqual([
      ['personal_data', null],
      ['child_personal_data', child.id],
    ]);

    const wrongKind = await call(session, 'POST', '/api/user/consents/', { kind: 'advertising', student_id: child.id });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json()).toEqual({ student_id: [CONSENT_TEXTS.studentOnlyPersonalData] });
    // A child gets the parent's document, an adult student the adult one; the child's needs a student.
    const adultKindForChild = await call(session, 'POST', '/api/user/consents/', { kind: 'personal_data', student_id: child.id });
    expect(adultKindForChild.statusCode).toBe(400);
    expect(adultKindForChild.json()).toEqual({ kind: [CONSENT_TEXTS.childKindForChild] });
    const adult = await buildStudent(db, { userId: user.id, lastName: 'Петров', firstName: 'Олег' });
    const childKindForAdult = await call(session, 'POST', '/api/user/consents/', { kind: 'child_personal_data', student_id: adult.id });
    expect(childKindForAdult.statusCode).toBe(400);
    expect(childKindForAdult.json()).toEqual({ kind: [CONSENT_TEXTS.childKindOnlyChild] });
    expect((await call(session, 'POST', '/api/user/consents/', { kind: 'personal_data', student_id: adult.id })).json()).toMatchObject({
      kind: 'personal_data',
      student_name: 'Петров Олег',
    });
    // The adult becomes a child (the student form asks the parent's consent then): it supersedes the adult's.
    const adultRecord = (await call(session, 'GET', '/api/user/consents/')).json().consents.find((c: { student_id: number | null }) => c.student_id === adult.id);
    await db.update(students).set({ studentType: 'child', dateBirth: '2014-01-01' }).where(eq(students.id, adult.id));
    expect((await call(session, 'POST', '/api/user/consents/', { kind: 'child_personal_data', student_id: adult.id })).statusCode).toBe(201);
    const [superseded] = await db.select().from(consents).where(eq(consents.id, adultRecord.id));
    expect(superseded!.withdrawnAt).not.toBeNull();
    const noStudent = await call(session, 'POST', '/api/user/consents/', { kind: 'child_personal_data' });
    expect(noStudent.statusCode).toBe(400);
    expect(noStudent.json()).toEqual({ student_id: [CONSENT_TEXTS.childNeedsStudent] });

    const other = await buildUser(db);
    const foreign = await buildStudent(db, { userId: other.id });
    const notMine = await call(session, 'POST', '/api/user/consents/', { kind: 'child_personal_data', student_id: foreign.id });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({ detail: 'Ученик не найден.' });
  });

  it('refuses bad input in Russian, per field', async () => {
    const { session } = await signedIn();
    for (const body of [{}, { kind: 'data_refusal' }, { kind: 'nope' }, { kind: 'advertising', student_id: 'x' }, { kind: 'advertising', extra: 1 }]) {
      const res = await call(session, 'POST', '/api/user/consents/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json() as Record<string, string[]>;
      for (const messages of Object.values(answer)) for (const m of messages) expect(m, JSON.stringify(body)).toMatch(/[а-яё]/i);
    }
    const res = await call(session, 'POST', '/api/user/consents/', { kind: 'nope' });
    expect(res.json()).toEqual({ kind: [CONSENT_TEXTS.kindInvalid] });
  });
});

describe('POST /api/user/consents/{id}/withdraw/', () => {
  it('withdraws the live record (kept, with time, IP and browser); again → 409; another user → 404', async () => {
    const { db } = t.app.deps;
    const { user, session } = await signedIn();
    const given = (await call(session, 'POST', '/api/user/consents/', { kind: 'advertising' })).json();

    const stranger = await signedIn();
    const foreign = await call(stranger.session, 'POST', `/api/user/consents/${given.id}/withdraw/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: CONSENT_TEXTS.notFound });

    const res = await call(session, 'POST', `/api/user/consents/${given.id}/withdraw/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: given.id, kind: 'advertising' });
    expect(Date.parse(res.json().withdrawn_at)).not.toBeNaN();
    const [row] = await db.select().from(consents).where(eq(consents.id, given.id));
    expect(row).toMatchObject({ userId: user.id, withdrawnIp: '203.0.113.7', withdrawnUserAgent: BROWSER });

    const again = await call(session, 'POST', `/api/user/consents/${given.id}/withdraw/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: CONSENT_TEXTS.alreadyWithdrawn });

    // Giving it anew writes a new record; the list shows both, newest first.
    const anew = (await call(session, 'POST', '/api/user/consents/', { kind: 'advertising' })).json();
    const list = (await call(session, 'GET', '/api/user/consents/')).json();
    expect(list.consents.map((c: { id: number }) => c.id)).toEqual([anew.id, given.id]);

    expect((await call(session, 'POST', '/api/user/consents/abc/withdraw/')).statusCode).toBe(400);
    expect((await call(session, 'POST', '/api/user/consents/999999999/withdraw/')).statusCode).toBe(404);
  });
});

describe('data_refusal and students', () => {
  it('PATCH personal with data_refusal writes a data_refusal record; false withdraws it', async () => {
    const { db } = t.app.deps;
    const { user, session } = await signedIn();
    expect((await call(session, 'PATCH', '/api/user/personal/', { data_refusal: true })).statusCode).toBe(200);
    expect((await call(session, 'PATCH', '/api/user/personal/', { data_refusal: true })).statusCode).toBe(200);
    let rows = await db.select().from(consents).where(and(eq(consents.userId, user.id), eq(consents.kind, 'data_refusal')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: null, withdrawnAt: null, ip: '203.0.113.7' });
    const listed = (await call(session, 'GET', '/api/user/consents/')).json();
    expect(listed.consents[0]).toMatchObject({ kind: 'data_refusal', title: 'Отказ от предоставления данных документов', version: null });

    expect((await call(session, 'PATCH', '/api/user/personal/', { data_refusal: false })).statusCode).toBe(200);
    rows = await db.select().from(consents).where(and(eq(consents.userId, user.id), eq(consents.kind, 'data_refusal')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.withdrawnAt).not.toBeNull();
  });

  it("deleting a student withdraws the student's live consents; the record stays with the name", async () => {
    const { db } = t.app.deps;
    const { user, session } = await signedIn();
    const adult = await buildStudent(db, { userId: user.id, lastName: 'Смирнов', firstName: 'Олег' });
    const given = (await call(session, 'POST', '/api/user/consents/', { kind: 'personal_data', student_id: adult.id })).json();
    const own = (await call(session, 'POST', '/api/user/consents/', { kind: 'personal_data' })).json();
    expect((await call(session, 'DELETE', `/api/user/students/${adult.id}/`)).statusCode).toBe(204);
    expect(await db.select().from(students).where(eq(students.id, adult.id))).toEqual([]);
    const list = (await call(session, 'GET', '/api/user/consents/')).json();
    const studentRecord = list.consents.find((c: { id: number }) => c.id === given.id);
    expect(studentRecord).toMatchObject({ student_id: null, student_name: 'Смирнов Олег' });
    expect(studentRecord.withdrawn_at).not.toBeNull();
    expect(list.consents.find((c: { id: number }) => c.id === own.id)).toMatchObject({ withdrawn_at: null });
  });

  it('creating a student writes no consent (the screens send it separately)', async () => {
    const { db } = t.app.deps;
    const { user, session } = await signedIn();
    const res = await call(session, 'POST', '/api/user/students/', { student_type: 'child', last_name: 'Иванова', first_name: 'Вера', date_birth: '2016-01-02' });
    expect(res.statusCode).toBe(201);
    expect(await db.select().from(consents).where(eq(consents.userId, user.id))).toEqual([]);
  });
});

describe('consents at sign-up', () => {
  it('a new account made by the e-mail code gets personal_data and privacy_policy records with its IP and browser; a returning one gets none', async () => {
    const { db } = t.app.deps;
    const email = `newcomer-${Date.now()}@example.ru`;
    const signIn = async () => {
      const sent = await t.app.inject({ method: 'POST', url: '/api/auth/send_code/email/', payload: { email }, remoteAddress: '198.51.100.4' });
      expect(sent.statusCode, sent.body).toBe(200);
      const code = await lastMailedCode(t.database, email);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token/email/',
        payload: { email, code, consent_personal_data: true },
        headers: { 'user-agent': BROWSER },
        remoteAddress: '198.51.100.4',
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().user.id as number;
    };
    const userId = await signIn();
    const rows = await db.select().from(consents).where(eq(consents.userId, userId)).orderBy(consents.kind);
    expect(rows.map((r) => ({ kind: r.kind, version: r.version, ip: r.ip, userAgent: r.userAgent, live: r.withdrawnAt === null }))).toEqual([
      { kind: 'personal_data', version: 1, ip: '198.51.100.4', userAgent: BROWSER, live: true },
      { kind: 'privacy_policy', version: 1, ip: '198.51.100.4', userAgent: BROWSER, live: true },
    ]);
    // Signing in again (past the resend countdown) writes nothing new.
    await db.execute(`delete from rate_limits where key like 'send:%'`);
    expect(await signIn()).toBe(userId);
    expect(await db.select().from(consents).where(eq(consents.userId, userId))).toHaveLength(2);
  });

  it('a right code for a new address without the ticked box makes no account and keeps the code; with the box the account and its records are made', async () => {
    const { db } = t.app.deps;
    const email = `unticked-${Date.now()}@example.ru`;
    await t.app.inject({ method: 'POST', url: '/api/auth/send_code/email/', payload: { email } });
    const code = await lastMailedCode(t.database, email);
    for (const payload of [{ email, code }, { email, code, consent_personal_data: false }]) {
      const refused = await t.app.inject({ method: 'POST', url: '/api/auth/token/email/', payload });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toEqual({ consent_personal_data: [SIGN_UP_CONSENT_REQUIRED] });
    }
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // The same code, now with the box ticked.
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token/email/', payload: { email, code, consent_personal_data: true } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await db.select().from(consents).where(eq(consents.userId, res.json().user.id as number));
    expect(rows.map((r) => r.kind).sort()).toEqual(['personal_data', 'privacy_policy']);
  });

  it('an existing account signs in by code without the box, and no consent is recorded for it', async () => {
    const { db } = t.app.deps;
    const user = await buildUser(db);
    await t.app.inject({ method: 'POST', url: '/api/auth/send_code/email/', payload: { email: user.email } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/email/',
      payload: { email: user.email, code: await lastMailedCode(t.database, user.email) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    expect(await db.select().from(consents).where(eq(consents.userId, user.id))).toEqual([]);
  });
});
