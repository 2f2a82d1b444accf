// Re-consent to a new version (decision 0046): what a signed-in person is asked after
// staff publish a new version, accepting it once (also when clicked twice at once), and that
// nothing is taken away or asked of anyone else. Its own file: publishing changes every account's
// current versions, and each test file has a database of its own.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_TEXTS, type PendingConsent } from '@crema/contract';
import { consents } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCourse, buildEnrolment, buildStudent, buildUser, signInAs, type TestSession } from '../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PENDING = '/api/user/consents/pending/';

function call(session: TestSession | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, ...(session ? { headers: session.headers } : {}), ...(payload ? { payload } : {}) });
}

async function publish(kind: string, title: string) {
  const staff = await buildUser(t.app.deps.db, { isStaff: true });
  const res = await call(await signInAs(t.app, staff), 'POST', '/api/admin/documents/', { kind, title, body: '## Что изменилось\n\nНовая редакция.' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { version: number };
}

async function pending(session: TestSession): Promise<PendingConsent[]> {
  const res = await call(session, 'GET', PENDING);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().items;
}

describe('re-consent to a new version', () => {
  let session: TestSession;
  let userId: number;
  let childId: number;
  let other: TestSession;

  beforeAll(async () => {
    const { db } = t.app.deps;
    const user = await buildUser(db);
    userId = user.id;
    session = await signInAs(t.app, user);
    const child = await buildStudent(db, { userId, studentType: 'child', lastName: 'Петрова', firstName: 'Алиса' });
    childId = child.id;
    for (const body of [{ kind: 'personal_data' }, { kind: 'privacy_policy' }, { kind: 'advertising' }, { kind: 'child_personal_data', student_id: childId }]) {
      expect((await call(session, 'POST', '/api/user/consents/', body)).statusCode).toBe(201);
    }
    // Someone who withdrew their consent to processing is not asked again.
    const withdrawn = await buildUser(db);
    other = await signInAs(t.app, withdrawn);
    const given = (await call(other, 'POST', '/api/user/consents/', { kind: 'personal_data' })).json();
    expect((await call(other, 'POST', `/api/user/consents/${given.id}/withdraw/`)).statusCode).toBe(200);
  });

  it('asks nothing while every consent is to the current version; a guest gets 401', async () => {
    expect(await pending(session)).toEqual([]);
    const guest = await call(null, 'GET', PENDING);
    expect(guest.statusCode).toBe(401);
  });

  it('after new versions: the consent to processing (own and the child’s) to accept, the policy as a notice; advertising is not asked', async () => {
    await publish('personal_data', 'Согласие на обработку персональных данных');
    await publish('child_personal_data', 'Согласие родителя на обработку персональных данных ребёнка');
    await publish('privacy_policy', 'Политика конфиденциальности');
    await publish('advertising', 'Согласие на получение рекламных рассылок');
    const items = await pending(session);
    expect(items.map((i) => [i.kind, i.action, i.given_version, i.version, i.student_id])).toEqual([
      ['personal_data', 'accept', 1, 2, null],
      ['child_personal_data', 'accept', 1, 2, childId],
      ['privacy_policy', 'notice', 1, 2, null],
    ]);
    expect(items[0]).toMatchObject({
      title: 'Согласие на обработку персональных данных',
      url: '/documents/personal-data-consent/v/2/',
      versions_url: '/documents/personal-data-consent/',
      student_name: null,
    });
    expect(Date.parse(items[0]!.published_at)).not.toBeNaN();
    expect(items[1]).toMatchObject({ url: '/documents/child-personal-data-consent/v/2/', student_name: 'Петрова Алиса' });
    // Until they answer the old consents stay in force (nothing is withdrawn, courses stay).
    const live = await t.app.deps.db.select().from(consents).where(and(eq(consents.userId, userId)));
    expect(live.every((c) => c.withdrawnAt === null)).toBe(true);
  });

  it('another user sees only their own: nothing for one who withdrew, nothing for a new one', async () => {
    expect(await pending(other)).toEqual([]);
    expect(await pending(await signInAs(t.app, await buildUser(t.app.deps.db)))).toEqual([]);
  });

  it('keeps what the person has while they have not answered', async () => {
    const { db } = t.app.deps;
    const course = await buildCourse(db);
    await buildEnrolment(db, { userId, courseId: course.id });
    const mine = await call(session, 'GET', '/api/user/courses/');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(JSON.stringify(mine.json())).toContain(course.title);
  });

  it('accepting records one consent to the new version even when clicked twice at once; the old one is superseded', async () => {
    const answers = await Promise.all([
      call(session, 'POST', '/api/user/consents/', { kind: 'personal_data', version: 2 }),
      call(session, 'POST', '/api/user/consents/', { kind: 'personal_data', version: 2 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json().id).toBe(answers[1]!.json().id);
    expect(answers[0]!.json()).toMatchObject({ kind: 'personal_data', version: 2, is_current_version: true, withdrawn_at: null });
    const rows = await t.app.deps.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, userId), eq(consents.kind, 'personal_data')))
      .orderBy(consents.id);
    expect(rows.map((r) => [r.version, r.withdrawnAt !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
    // Again later: the same record, 200.
    const again = await call(session, 'POST', '/api/user/consents/', { kind: 'personal_data', version: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(answers[0]!.json().id);
    expect((await pending(session)).map((i) => i.kind)).toEqual(['child_personal_data', 'privacy_policy']);
  });

  it("accepts the child's new version for that child; an outdated version is a 409, not a consent to a text not read", async () => {
    const outdated = await call(session, 'POST', '/api/user/consents/', { kind: 'child_personal_data', student_id: childId, version: 1 });
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json()).toEqual({ detail: CONSENT_TEXTS.versionOutdated });
    const res = await call(session, 'POST', '/api/user/consents/', { kind: 'child_personal_data', student_id: childId, version: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ version: 2, student_id: childId, student_name: 'Петрова Алиса' });
    expect((await pending(session)).map((i) => i.kind)).toEqual(['privacy_policy']);
  });

  it('withdrawing instead of accepting (the right to withdraw) ends the question too', async () => {
    const [notice] = await pending(session);
    expect((await call(session, 'POST', `/api/user/consents/${notice!.consent_id}/withdraw/`)).statusCode).toBe(200);
    expect(await pending(session)).toEqual([]);
  });

  it("another user's consent id cannot be withdrawn through the question", async () => {
    const { db } = t.app.deps;
    const [mine] = await db.select().from(consents).where(and(eq(consents.userId, userId), eq(consents.kind, 'advertising')));
    const stranger = await signInAs(t.app, await buildUser(db));
    expect((await call(stranger, 'POST', `/api/user/consents/${mine!.id}/withdraw/`)).statusCode).toBe(404);
  });
});
