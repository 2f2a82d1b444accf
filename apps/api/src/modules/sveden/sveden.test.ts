// 'Сведения об образовательной организации' (decision 0042): public reads in the standard order,
// 'Образование' / 'Педагогический состав' from the published courses, staff-only edits and PDF uploads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SVEDEN_SECTIONS } from '@crema/contract';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCourse, buildOwner, buildTeacher, buildUser, signInAs, type TestSession } from '../../test/factories.ts';
import { demoPdf } from '../media/demo.ts';
import { NOT_AN_OWNER, NOT_SIGNED_IN, NOT_STAFF } from '../auth/plugin.ts';

let t: TestContext;
let staff: TestSession;
let owner: TestSession;
let student: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  staff = await signInAs(t.app, await buildUser(db, { isStaff: true }));
  owner = await signInAs(t.app, await buildOwner(db));
  student = await signInAs(t.app, await buildUser(db));
  const course = await buildCourse(db, { title: 'Бариста с нуля', durationText: '4 недели', durationHours: 24 });
  await buildCourse(db, { title: 'Черновик', published: false });
  await buildTeacher(db, { lastName: 'Орлов', firstName: 'Дмитрий', position: 'Q-грейдер', courseIds: [course.id] });
});
afterAll(async () => {
  await t?.close();
});

const common = {
  facts: [
    { itemprop: 'fullName', label: 'Полное наименование', value: 'Общество с ограниченной ответственностью «Тест»' },
    { itemprop: 'email', label: 'Электронная почта', value: 'school@example.ru' },
  ],
  groups: [{ itemprop: 'uchredLaw', title: 'Учредитель', facts: [{ itemprop: 'nameUchred', label: 'Наименование', value: 'Иванов И. И.' }] }],
  documents: [{ itemprop: 'licenseDocLink', title: 'Лицензия', url: '/media/x.pdf' }],
};

/** A multipart body with one file, as the browser's FormData sends it. */
async function upload(bytes: Buffer, session: Pick<TestSession, 'headers'> = staff, name = 'устав.pdf') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/sveden/uploads/',
    headers: { ...session.headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('GET /api/sveden/', () => {
  it('lists every subsection in the standard order, the empty ones marked so, to a guest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sveden/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.nav.map((n: { url: string }) => n.url)).toEqual(SVEDEN_SECTIONS.map((s) => `/sveden/${s.key}/`));
    expect(body.nav.find((n: { key: string }) => n.key === 'common').is_filled).toBe(false);
    // Filled from the published courses even before staff wrote anything.
    expect(body.nav.find((n: { key: string }) => n.key === 'education').is_filled).toBe(true);
    expect(body.sections).toHaveLength(SVEDEN_SECTIONS.length);
  });

  it('gives Образование and Педагогический состав the published courses with their teachers, drafts left out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sveden/employees/' });
    expect(res.statusCode).toBe(200);
    const { section } = res.json();
    expect(section.programmes.map((p: { title: string }) => p.title)).toEqual(['Бариста с нуля']);
    expect(section.programmes[0]).toMatchObject({ term: '4 недели, 24 ак. ч.', language: 'Русский', teachers: [{ fio: 'Орлов Дмитрий', post: 'Q-грейдер' }] });
    const common = (await t.app.inject({ method: 'GET', url: '/api/sveden/common/' })).json();
    expect(common.section.programmes).toEqual([]);
    expect(common.section.content).toEqual({ intro: '', facts: [], groups: [], documents: [], add_refs: [] });
  });

  it('answers 404 for a subsection that does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sveden/nothing/' })).statusCode).toBe(404);
  });
});

describe('PUT /api/sveden/{key}/', () => {
  it('asks a guest to sign in, refuses a student and a course owner who is not staff', async () => {
    const guest = await t.app.inject({ method: 'PUT', url: '/api/sveden/common/', payload: common });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ detail: NOT_SIGNED_IN });
    const byStudent = await t.app.inject({ method: 'PUT', url: '/api/sveden/common/', payload: common, headers: student.headers });
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.json()).toEqual({ detail: NOT_AN_OWNER });
    const byOwner = await t.app.inject({ method: 'PUT', url: '/api/sveden/common/', payload: common, headers: owner.headers });
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toEqual({ detail: NOT_STAFF });
    expect((await t.app.inject({ method: 'GET', url: '/api/sveden/common/' })).json().section.content.facts).toEqual([]);
  });

  it('stores what staff send, shown to everyone at once with the date', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/sveden/common/', payload: common, headers: staff.cookieHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const read = (await t.app.inject({ method: 'GET', url: '/api/sveden/common/' })).json();
    expect(read.section.content).toEqual({ intro: '', add_refs: [], ...common });
    expect(read.section.updated_at).toEqual(expect.any(String));
    expect(read.nav.find((n: { key: string }) => n.key === 'common').is_filled).toBe(true);
    // Saved again: replaced whole, not merged.
    await t.app.inject({ method: 'PUT', url: '/api/sveden/common/', payload: { intro: 'Текст' }, headers: staff.headers });
    expect((await t.app.inject({ method: 'GET', url: '/api/sveden/common/' })).json().section.content).toMatchObject({ intro: 'Текст', facts: [] });
  });

  it('checks every item: a microdata name, a safe link, at most 10 extra pages, no unknown keys', async () => {
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/sveden/document/', payload, headers: staff.headers });
    const badProp = await put({ facts: [{ itemprop: 'full name', label: 'Имя', value: 'x' }] });
    expect(badProp.statusCode).toBe(400);
    expect(JSON.stringify(badProp.json())).toContain('латинские буквы');
    const badLink = await put({ documents: [{ itemprop: 'ustavDocLink', title: 'Устав', url: 'javascript:alert(1)' }] });
    expect(badLink.statusCode).toBe(400);
    // Paths a browser reads as another site: a field error in Russian, nothing saved.
    for (const href of ['/\\evil.example/x', '/..//evil.example', '/%2F%2Fevil.example', '/\t/evil.example']) {
      const res = await put({ facts: [{ itemprop: 'fullName', label: 'Сайт', value: 'Ссылка', href }] });
      expect(res.statusCode, href).toBe(400);
      expect(res.json(), href).toEqual({ 'facts.0.href': ['Ссылка начинается с / (страница сайта) или с https://.'] });
      const doc = await put({ documents: [{ itemprop: 'ustavDocLink', title: 'Устав', url: href }] });
      expect(doc.statusCode, href).toBe(400);
    }
    const refs = Array.from({ length: 11 }, (_, i) => ({ title: `Страница ${i}`, url: `/p${i}/` }));
    expect((await put({ add_refs: refs })).statusCode).toBe(400);
    expect((await put({ add_refs: refs.slice(0, 10) })).statusCode).toBe(200);
    expect((await put({ extra: 1 })).statusCode).toBe(400);
  });
});

describe('POST /api/sveden/uploads/', () => {
  it('asks a guest to sign in and refuses anyone but staff', async () => {
    expect((await upload(demoPdf('ustav'), { headers: {} })).statusCode).toBe(401);
    expect((await upload(demoPdf('ustav'), student)).statusCode).toBe(403);
    const byOwner = await upload(demoPdf('ustav'), owner);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toEqual({ detail: NOT_STAFF });
  });

  it('keeps a PDF (checked by content) and serves it by the answered address', async () => {
    const res = await upload(demoPdf('ustav'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ original_name: 'устав.pdf', size_bytes: expect.any(Number) });
    expect(body.url).toMatch(/^\/media\/.+\.pdf$/);
    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('application/pdf');
  });

  it('refuses a file that is not a PDF inside, whatever its name', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 0)]);
    const res = await upload(zip, staff, 'устав.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().file[0]).toContain('PDF');
  });
});

describe('GET /api/admin/sveden/ (the staff screen)', () => {
  it('asks a guest to sign in, refuses a student and a course owner who is not staff', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/admin/sveden/' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ detail: NOT_SIGNED_IN });
    const byStudent = await t.app.inject({ method: 'GET', url: '/api/admin/sveden/', headers: student.headers });
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.json()).toEqual({ detail: NOT_AN_OWNER });
    const byOwner = await t.app.inject({ method: 'GET', url: '/api/admin/sveden/', headers: owner.headers });
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toEqual({ detail: NOT_STAFF });
  });

  it('gives staff every subsection in order with its state and who wrote it last, never cached', async () => {
    const who = await buildUser(t.database.db, { isStaff: true, firstName: 'Ирина', lastName: 'Власова' });
    const writer = await signInAs(t.app, who);
    await t.app.inject({ method: 'PUT', url: '/api/sveden/budget/', payload: { facts: [{ itemprop: 'finPVolume', label: 'Объём', value: 'Всё платно' }] }, headers: writer.headers });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/sveden/', headers: staff.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const list = res.json();
    expect(list.map((s: { key: string }) => s.key)).toEqual(SVEDEN_SECTIONS.map((s) => s.key));
    expect(list.find((s: { key: string }) => s.key === 'budget')).toMatchObject({
      url: '/sveden/budget/',
      is_filled: true,
      from_courses: false,
      items: 1,
      updated_at: expect.any(String),
      updated_by: 'Власова Ирина',
    });
    expect(list.find((s: { key: string }) => s.key === 'employees')).toMatchObject({ from_courses: true, is_filled: true });
    expect(list.find((s: { key: string }) => s.key === 'catering')).toMatchObject({ is_filled: false, items: 0, updated_at: null, updated_by: null });
  });
});
