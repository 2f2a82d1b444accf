import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.ts';
import { buildCourse, buildOwner, buildUser, signInAs } from './factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('factories', () => {
  it('build distinct users and a course owned by one of them', async () => {
    const [a, b] = await Promise.all([buildUser(t.database.db), buildUser(t.database.db)]);
    expect(a.email).not.toBe(b.email);
    const owner = await buildOwner(t.database.db);
    const course = await buildCourse(t.database.db, { ownerId: owner.id, published: false });
    expect(course).toMatchObject({ ownerId: owner.id, isPublished: false });
  });

  it('signInAs opens a session the API accepts by header and by cookie', async () => {
    const user = await buildUser(t.database.db, { firstName: 'Анна' });
    const session = await signInAs(t.app, user);
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/user/personal/', headers: session.headers });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json()).toMatchObject({ id: user.id, first_name: 'Анна' });
    const byCookie = await t.app.inject({ method: 'GET', url: '/api/user/personal/', headers: session.cookieHeaders });
    expect(byCookie.json()).toMatchObject({ id: user.id });
    const guest = await t.app.inject({ method: 'GET', url: '/api/user/personal/' });
    expect(guest.statusCode).toBe(401);
  });
});
