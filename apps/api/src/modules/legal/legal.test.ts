// Legal documents with versions (decision 0043): the current version, old versions at
// their own address, versions prepared ahead, and publishing by staff only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS, LEGAL_TEXTS } from '@crema/contract';
import { consentDocuments } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildOwner, buildUser, signInAs } from '../../test/factories.ts';
import { NOT_AN_OWNER } from '../auth/plugin.ts';
import { publishVersion } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const DAY = 86_400_000;

describe('GET /api/documents/', () => {
  it('lists every document with version 1 from the migration, each at its own address', async () => {
    const res = await get('/api/documents/');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { slug: string; version: number; url: string }[];
    expect(list.map((d) => d.slug)).toEqual(LEGAL_DOCUMENTS.map((d) => d.slug));
    for (const doc of list) expect(doc.url).toBe(`/documents/${doc.slug}/`);
  });
});

describe('GET /api/documents/{slug}/ and /v/{n}/', () => {
  it('shows the newest version in force; older ones stay readable by number; a future one is not shown yet', async () => {
    const { db } = t.app.deps;
    await db.transaction((tx) => publishVersion(tx, { kind: 'cookie_policy', title: 'Политика cookie', body: 'Редакция 2', published_at: new Date(Date.now() - DAY).toISOString() }));
    await db.transaction((tx) => publishVersion(tx, { kind: 'cookie_policy', title: 'Политика cookie', body: 'Редакция 3', published_at: new Date(Date.now() + 30 * DAY).toISOString() }));

    const current = await get('/api/documents/cookie-policy/');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      kind: 'cookie_policy',
      slug: 'cookie-policy',
      version: 2,
      body: 'Редакция 2',
      is_current: true,
      current_version: 2,
      url: '/documents/cookie-policy/v/2/',
    });
    expect(current.json().versions.map((v: { version: number; url: string }) => [v.version, v.url])).toEqual([
      [2, '/documents/cookie-policy/v/2/'],
      [1, '/documents/cookie-policy/v/1/'],
    ]);

    const old = await get('/api/documents/cookie-policy/v/1/');
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ version: 1, is_current: false, current_version: 2 });

    const future = await get('/api/documents/cookie-policy/v/3/');
    expect(future.statusCode).toBe(404);
    expect(future.json()).toEqual({ detail: LEGAL_TEXTS.versionNotFound });
    const list = (await get('/api/documents/')).json() as { slug: string; version: number }[];
    expect(list.find((d) => d.slug === 'cookie-policy')?.version).toBe(2);
  });

  it('answers 404 to an unknown document or version, 400 to a version that is not a number', async () => {
    expect((await get('/api/documents/no-such-thing/')).json()).toEqual({ detail: LEGAL_TEXTS.notFound });
    expect((await get('/api/documents/no-such-thing/')).statusCode).toBe(404);
    expect((await get('/api/documents/offer/v/999/')).statusCode).toBe(404);
    expect((await get('/api/documents/offer/v/abc/')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/documents/', () => {
  const body = { kind: 'privacy_policy', title: 'Политика конфиденциальности', body: '## Общие положения\n\nНовая редакция.' };
  const post = async (user: { id: number } | null, payload: object = body) =>
    t.app.inject({ method: 'POST', url: '/api/admin/documents/', payload, ...(user ? { headers: (await signInAs(t.app, user)).headers } : {}) });

  it('is for staff only: 401 to a guest, 403 to a student and to a course owner who is not staff', async () => {
    expect((await post(null)).statusCode).toBe(401);
    const student = await post(await buildUser(t.app.deps.db));
    expect(student.statusCode).toBe(403);
    expect(student.json()).toEqual({ detail: NOT_AN_OWNER });
    const owner = await post(await buildOwner(t.app.deps.db));
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toEqual({ detail: LEGAL_TEXTS.staffOnly });
    expect((await get('/api/documents/privacy-policy/')).json()).toMatchObject({ version: 1 });
  });

  it('publishes the next version for staff; a consent kind gets its twin in the consent register', async () => {
    const staff = await buildUser(t.app.deps.db, { isStaff: true });
    const res = await post(staff);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'privacy_policy', version: 2, is_current: true, url: '/documents/privacy-policy/v/2/' });
    expect((await get('/api/documents/privacy-policy/')).json()).toMatchObject({ version: 2, body: body.body });
    expect((await get('/api/documents/privacy-policy/v/1/')).json()).toMatchObject({ version: 1, is_current: false });
    const twins = await t.app.deps.db.select().from(consentDocuments).where(eq(consentDocuments.kind, 'privacy_policy'));
    expect(twins.map((d) => [d.version, d.url]).sort()).toEqual([
      [1, '/documents/privacy-policy/v/1/'],
      [2, '/documents/privacy-policy/v/2/'],
    ]);
    // Consents given now point to the new version.
    const session = await signInAs(t.app, await buildUser(t.app.deps.db));
    const given = await t.app.inject({ method: 'POST', url: '/api/user/consents/', headers: session.headers, payload: { kind: 'privacy_policy' } });
    expect(given.json()).toMatchObject({ version: 2 });
  });

  it('checks the body: fields in Russian, unknown fields refused', async () => {
    const staff = await buildUser(t.app.deps.db, { isStaff: true });
    const res = await post(staff, { kind: 'nope', title: ' ', body: '', extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ kind: [LEGAL_TEXTS.kindInvalid], title: [LEGAL_TEXTS.titleRequired], body: [LEGAL_TEXTS.bodyRequired] });
  });
});
