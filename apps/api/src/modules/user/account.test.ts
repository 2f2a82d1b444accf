// The data download, account deletion and the change of the sign-in address (decision 0018).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_TEXTS, EMAIL_CHANGE_TEXTS, SESSION_COOKIES } from '@crema/contract';
import {
  accountDeletions,
  calendarFeeds,
  consents,
  orderStudents,
  orders,
  refreshTokens,
  socialAccounts,
  students,
  userDocuments,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, lastMailedCode, type TestContext } from '../../test/app.ts';
import { buildCourse, buildEnrolment, buildOwner, buildStudent, buildUser, signInAs, type TestSession } from '../../test/factories.ts';
import { deletedEmail } from './deletion.ts';
import { hideCodes } from './export.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function call(session: TestSession, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { ...session.headers, 'user-agent': 'account-test' }, ...(payload ? { payload } : {}) });
}

/** A user with a profile, documents, a student, a consent, a social account and a paid order. */
async function fullUser(label: string) {
  const { db } = t.app.deps;
  const user = await buildUser(db, { email: `${label}-${Date.now()}@example.ru`, lastName: `Фамилия${label}`, firstName: 'Имя', phone: '79160000001' });
  const session = await signInAs(t.app, user);
  const documents = await call(session, 'PATCH', '/api/user/documents/', { passport_number: label === 'a' ? '111111' : '222222', snils: '112-233-445 95' });
  expect(documents.statusCode, documents.body).toBe(200);
  const student = await buildStudent(db, { userId: user.id, lastName: `Ученик${label}`, firstName: 'Пётр' });
  expect((await call(session, 'POST', '/api/user/consents/', { kind: 'advertising' })).statusCode).toBe(201);
  await db.insert(socialAccounts).values({ userId: user.id, provider: 'vk', providerUserId: `vk-${label}-${Date.now()}`, email: `${label}-vk@example.ru` });
  const course = await buildCourse(db);
  const [order] = await db
    .insert(orders)
    .values({
      code: `order-${label}-${Date.now()}`,
      userId: user.id,
      courseId: course.id,
      status: 'paid',
      amountKopecks: 500_000,
      payerLastName: `Плательщик${label}`,
      payerFirstName: 'Имя',
      payerPhone: '79160000001',
      payerEmail: user.email,
      paidAt: new Date(),
    })
    .returning();
  await db.insert(orderStudents).values({ orderId: order!.id, studentId: student.id, fullName: `Ученик${label} Пётр` });
  const enrolment = await buildEnrolment(db, { userId: user.id, courseId: course.id, orderId: order!.id });
  return { user, session, student, order: order!, course, enrolment };
}

describe('GET /api/user/export/', () => {
  it("is a JSON file with the person's own data and nothing of another person's", async () => {
    const a = await fullUser('a');
    const b = await fullUser('b');
    // A sign-in letter with a code, to the person's address.
    await t.app.inject({ method: 'POST', url: '/api/auth/send_code/email/', payload: { email: a.user.email } });
    const code = await lastMailedCode(t.database, a.user.email);

    const res = await call(a.session, 'GET', '/api/user/export/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="crema-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({ id: a.user.id, email: a.user.email, last_name: 'Фамилияa' });
    expect(data.documents).toMatchObject({ passport_number: '111111', snils: '11223344595' });
    expect(data.students).toEqual([expect.objectContaining({ id: a.student.id, last_name: 'Ученикa' })]);
    expect(data.consents).toEqual([expect.objectContaining({ kind: 'advertising', version: 1, user_agent: 'account-test' })]);
    expect(data.social_accounts).toEqual([{ provider: 'vk', created_at: expect.any(String) }]);
    expect(data.orders).toEqual([
      expect.objectContaining({ id: a.order.id, status: 'paid', payer_last_name: 'Плательщикa', students: [expect.objectContaining({ student_id: a.student.id })] }),
    ]);
    expect(data.enrolments).toEqual([expect.objectContaining({ id: a.enrolment.id, order_id: a.order.id, course_id: a.course.id })]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions[0]).toEqual(expect.objectContaining({ user_agent: 'vitest', ended_at: null }));
    expect(data.letters.length).toBeGreaterThanOrEqual(1);
    expect(data.letters.at(-1).subject).toBe('Код для входа: ****');

    // No tokens, no code, nothing of the other person.
    for (const secret of [a.session.refresh, a.session.access]) expect(res.body).not.toContain(secret);
    // The four-digit code on its own (it may well occur inside a phone number or a timestamp).
    expect(res.body).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    for (const foreign of [b.user.email, 'Фамилияb', 'Ученикb', 'Плательщикb', '222222', b.order.code]) expect(res.body).not.toContain(foreign);
  });

  it('hides codes in letter subjects', () => {
    expect(hideCodes('Код для входа: 0042')).toBe('Код для входа: ****');
    expect(hideCodes('Адрес входа изменён')).toBe('Адрес входа изменён');
  });
});

describe('account deletion', () => {
  async function requestCode(session: TestSession, email: string) {
    const sent = await call(session, 'POST', '/api/user/delete/code/');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ detail: DELETION_TEXTS.codeSent, resend_after: expect.any(Number) });
    return lastMailedCode(t.database, email);
  }

  it('needs the code: none → 400, a wrong one changes nothing', async () => {
    const { db } = t.app.deps;
    const a = await fullUser('wrong');
    const missing = await call(a.session, 'POST', '/api/user/delete/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: ['Введите код из письма.'] });
    const code = await requestCode(a.session, a.user.email);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const res = await call(a.session, 'POST', '/api/user/delete/', { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ['Код не подходит или устарел. Осталось попыток: 4.'] });
    const [row] = await db.select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ email: a.user.email, lastName: 'Фамилияwrong' });
    expect(await db.select().from(accountDeletions).where(eq(accountDeletions.userId, a.user.id))).toEqual([]);
    expect((await call(a.session, 'GET', '/api/user/personal/')).statusCode).toBe(200);
  });

  it('anonymises the account, keeps its orders, ends its sessions, logs the deletion; the address may register anew', async () => {
    const { db } = t.app.deps;
    const a = await fullUser('del');
    const spare = await buildStudent(db, { userId: a.user.id, lastName: 'Беззаказов' });
    // A personal calendar feed (decision 0031): its secret URL must end with the account.
    const feed = (await call(a.session, 'POST', '/api/user/schedule/feed/')).json<{ url: string }>();
    expect((await t.app.inject({ method: 'GET', url: new URL(feed.url).pathname })).statusCode).toBe(200);
    const code = await requestCode(a.session, a.user.email);
    // The code letter has gone out (the worker marks it sent): the mail log to the address is erased.
    await t.database.pool.query(`update mail_outbox set status = 'sent', sent_at = now() where "to" = $1`, [a.user.email]);
    // A letter still waiting in the queue is delivered all the same (only the handled ones are erased).
    await t.database.pool.query(`insert into mail_outbox ("to", subject, html, text) values ($1, 'Ждёт отправки', '<p>x</p>', 'x')`, [a.user.email]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete/',
      headers: { ...a.session.headers, 'user-agent': 'account-test' },
      payload: { code },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: DELETION_TEXTS.deleted });
    const cleared = res.cookies.map((c) => c.name).sort();
    expect(cleared).toEqual(Object.values(SESSION_COOKIES).sort());

    const [row] = await db.select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({
      email: deletedEmail(a.user.id),
      passwordHash: null,
      lastName: null,
      firstName: null,
      patronymic: null,
      phone: null,
      address: null,
      birthDate: null,
      gender: null,
    });
    expect(await db.select().from(userDocuments).where(eq(userDocuments.userId, a.user.id))).toEqual([]);
    expect(await db.select().from(socialAccounts).where(eq(socialAccounts.userId, a.user.id))).toEqual([]);
    expect(await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, a.user.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: new URL(feed.url).pathname })).statusCode).toBe(404);
    const { rows: letters } = await t.database.pool.query<{ status: string; subject: string }>(
      'select status, subject from mail_outbox where lower("to") = lower($1)',
      [a.user.email],
    );
    expect(letters).toEqual([{ status: 'pending', subject: 'Ждёт отправки' }]);
    // The student named in the paid order is kept without personal fields; the other one is gone.
    const left = await db.select().from(students).where(eq(students.userId, a.user.id));
    expect(left).toEqual([expect.objectContaining({ id: a.student.id, lastName: 'Удалён', firstName: 'Удалён', phone: null, email: null })]);
    expect(left[0]!.anonymisedAt).not.toBeNull();
    expect(left.find((s) => s.id === spare.id)).toBeUndefined();
    // The order survives, pointing to the anonymised row.
    const [order] = await db.select().from(orders).where(eq(orders.id, a.order.id));
    expect(order).toMatchObject({ userId: a.user.id, status: 'paid', amountKopecks: 500_000 });
    // Consents withdrawn, kept.
    const records = await db.select().from(consents).where(eq(consents.userId, a.user.id));
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(record.withdrawnAt).not.toBeNull();
    // Every session ended: the refresh token no longer works, nor the access token.
    const live = await db.select().from(refreshTokens).where(sql`${refreshTokens.userId} = ${a.user.id} and ${refreshTokens.revokedAt} is null`);
    expect(live).toEqual([]);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: a.session.refresh } });
    expect(refreshed.statusCode).toBe(401);
    expect((await call(a.session, 'GET', '/api/user/personal/')).statusCode).toBe(401);
    // The audit row: no address in clear.
    const [audit] = await db.select().from(accountDeletions).where(eq(accountDeletions.userId, a.user.id));
    expect(audit).toMatchObject({ ip: '203.0.113.9', userAgent: 'account-test', emailHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(audit)).not.toContain(a.user.email);

    // The address signs up anew as a fresh account.
    await db.execute(sql`delete from rate_limits where key like 'send:%'`);
    await t.app.inject({ method: 'POST', url: '/api/auth/send_code/email/', payload: { email: a.user.email } });
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/email/',
      payload: { email: a.user.email, code: await lastMailedCode(t.database, a.user.email), consent_personal_data: true },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect(signUp.json().user).toMatchObject({ email: a.user.email, last_name: null });
    expect(signUp.json().user.id).not.toBe(a.user.id);
  });

  it('the same delete sent twice at once deletes once; the other answers like a used code', async () => {
    const { db } = t.app.deps;
    const a = await fullUser('twice');
    const code = await requestCode(a.session, a.user.email);
    const answers = await Promise.all([1, 2].map(() => call(a.session, 'POST', '/api/user/delete/', { code })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json()).toHaveProperty('code');
    expect(await db.select().from(accountDeletions).where(eq(accountDeletions.userId, a.user.id))).toHaveLength(1);
  });

  it('a course owner with courses cannot delete the account (409), before any code is sent', async () => {
    const { db } = t.app.deps;
    const owner = await buildOwner(db);
    await buildCourse(db, { ownerId: owner.id, published: false });
    const session = await signInAs(t.app, owner);
    for (const [url, payload] of [
      ['/api/user/delete/code/', undefined],
      ['/api/user/delete/', { code: '1234' }],
    ] as const) {
      const res = await call(session, 'POST', url, payload);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({ detail: DELETION_TEXTS.ownerHasCourses });
    }
    const [row] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.email).toBe(owner.email);
  });
});

describe('changing the sign-in address', () => {
  it('sends a code to the new address, then the code changes the login and the old address gets a notice', async () => {
    const { db } = t.app.deps;
    const user = await buildUser(db);
    const session = await signInAs(t.app, user);
    const fresh = `moved-${Date.now()}@example.ru`;
    const sent = await call(session, 'POST', '/api/user/email/', { email: fresh.toUpperCase() });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ detail: `Код отправлен на ${fresh}.`, resend_after: expect.any(Number) });
    const code = await lastMailedCode(t.database, fresh);

    const wrong = await call(session, 'POST', '/api/user/email/confirm/', { email: fresh, code: String((Number(code) + 1) % 10_000).padStart(4, '0') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('code');

    const res = await call(session, 'POST', '/api/user/email/confirm/', { email: fresh, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: fresh, is_complete: false });
    const { rows } = await t.database.pool.query<{ subject: string }>('select subject from mail_outbox where "to" = $1 order by id desc limit 1', [user.email]);
    expect(rows[0]?.subject).toBe('Адрес входа изменён');
  });

  it('refuses the current address (400) and says a taken one is taken only after the code', async () => {
    const { db } = t.app.deps;
    const user = await buildUser(db);
    const holder = await buildUser(db);
    const session = await signInAs(t.app, user);
    const same = await call(session, 'POST', '/api/user/email/', { email: user.email });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ email: [EMAIL_CHANGE_TEXTS.sameAddress] });

    // A taken address: the same answer, and the letter carries no code.
    const sent = await call(session, 'POST', '/api/user/email/', { email: holder.email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ detail: `Код отправлен на ${holder.email}.`, resend_after: expect.any(Number) });
    await expect(lastMailedCode(t.database, holder.email)).rejects.toThrow(/no code/);
    const guess = await call(session, 'POST', '/api/user/email/confirm/', { email: holder.email, code: '0000' });
    expect(guess.statusCode).toBe(400);
    expect(guess.json()).toHaveProperty('code');
  });

  it('when the address got taken meanwhile the right code answers {email}; of two concurrent confirms one wins', async () => {
    const { db } = t.app.deps;
    const target = `contested-${Date.now()}@example.ru`;
    const [x, y] = [await buildUser(db), await buildUser(db)];
    const sx = await signInAs(t.app, x);
    const sy = await signInAs(t.app, y);
    // X asks, then Y asks (Y's request voids X's code, as a newer code for the same address does);
    // so each confirm below uses the code of its own request, sent in turn.
    expect((await call(sx, 'POST', '/api/user/email/', { email: target })).statusCode).toBe(200);
    const codeX = await lastMailedCode(t.database, target);
    const confirmX = await call(sx, 'POST', '/api/user/email/confirm/', { email: target, code: codeX });
    expect(confirmX.statusCode, confirmX.body).toBe(200);
    // Taken now: Y's code request goes out as a "taken" letter; a row made taken after the code was sent answers {email}.
    await db.update(users).set({ email: `parked-${x.id}@example.ru` }).where(eq(users.id, x.id));
    await db.execute(sql`delete from rate_limits where key like 'send:%'`);
    expect((await call(sy, 'POST', '/api/user/email/', { email: target })).statusCode).toBe(200);
    const codeY = await lastMailedCode(t.database, target);
    await db.update(users).set({ email: target }).where(eq(users.id, x.id));
    const late = await call(sy, 'POST', '/api/user/email/confirm/', { email: target, code: codeY });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ email: [EMAIL_CHANGE_TEXTS.taken] });

    // Two confirms with the same right code at once: one changes the address, the other gets a code error.
    const z = await buildUser(db);
    const sz = await signInAs(t.app, z);
    const free = `race-${Date.now()}@example.ru`;
    expect((await call(sz, 'POST', '/api/user/email/', { email: free })).statusCode).toBe(200);
    const codeZ = await lastMailedCode(t.database, free);
    const both = await Promise.all([1, 2].map(() => call(sz, 'POST', '/api/user/email/confirm/', { email: free, code: codeZ })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const [row] = await db.select().from(users).where(eq(users.id, z.id));
    expect(row!.email).toBe(free);
  });
});
