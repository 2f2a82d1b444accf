// Uploads of the course builder (decision 0035): the type read from the content, not the name; the
// stored file served by /media/; nothing left behind by a refused file.
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { eq } from 'drizzle-orm';
import { courses } from '../../db/schema/index.ts';
import { buildCourse, buildLesson, buildModule, buildOwner, buildTest, buildUser, signInAs, type TestSession } from '../../test/factories.ts';
import { UPLOAD_TEXTS } from './uploads.ts';

let t: TestContext;
let owner: TestSession;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const o = await buildOwner(t.database.db);
  ownerId = o.id;
  owner = await signInAs(t.app, o);
});
afterAll(async () => {
  await t?.close();
});

/** A real multipart/form-data body with one file, as a browser's FormData sends it. */
async function upload(kind: string, name: string, bytes: Buffer, session: Pick<TestSession, 'headers'> = owner, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/uploads/?kind=${kind}`,
    headers: { ...session.headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** Keys in the uploads store under `prefix`. */
async function storedKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.app.media.storage.list(prefix)) keys.push(object.key);
  return keys;
}

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#6f4e37' } }).png().toBuffer();
/** The first bytes of a Linux executable, padded: what a renamed program looks like. */
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(4096, 1)]);

describe('POST /api/admin/uploads/', () => {
  it('stores an image under a new key with the real extension, served by /media/ and usable as a cover', async () => {
    const res = await upload('image', 'обложка.jpeg', await png(), owner, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ content_type: 'image/png', width: 40, height: 30, original_name: 'обложка.jpeg' });
    expect(body.key).toMatch(new RegExp(`^courses/${ownerId}/[A-Za-z0-9_-]+\\.png$`));
    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const course = await buildCourse(t.database.db, { ownerId });
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/admin/courses/${course.id}/`, headers: owner.headers, payload: { image: body.key } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ image_key: body.key, image: { original: body.url } });
  });

  it('refuses a renamed executable, a text file called .pdf and an empty file, keeping nothing', async () => {
    const before = await readdir(t.app.media.incomingDir).catch(() => []);
    const exe = await upload('image', 'cover.png', elf, owner, 'image/png');
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toEqual({ file: [UPLOAD_TEXTS.wrongType('image')] });
    const fakePdf = await upload('file', 'программа.pdf', Buffer.from('#!/bin/sh\nrm -rf /\n'), owner, 'application/pdf');
    expect(fakePdf.json()).toEqual({ file: [UPLOAD_TEXTS.wrongType('file')] });
    expect((await upload('video', 'clip.mp4', elf)).json()).toEqual({ file: [UPLOAD_TEXTS.wrongType('video')] });
    expect((await upload('file', 'empty.pdf', Buffer.alloc(0))).json()).toEqual({ file: [UPLOAD_TEXTS.noFile] });
    const after = await readdir(t.app.media.incomingDir);
    expect(after).toEqual(before);
  });

  it('takes a PDF as a file, refuses an image that does not decode, and is for owners only', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const res = await upload('file', 'рецепт.pdf', pdf);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ content_type: 'application/pdf', original_name: 'рецепт.pdf' });
    const broken = Buffer.concat([(await png()).subarray(0, 40)]);
    expect((await upload('image', 'broken.png', broken)).json()).toEqual({ file: [UPLOAD_TEXTS.badImage] });
    // A whole header over pixel data that does not decode (a bad checksum): refused too, as the
    // picture would never reach learners through the resizer.
    const corrupt = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaGD4DwAC/AF/2xGsSQAAAABJRU5ErkJggg==', 'base64');
    expect((await upload('image', 'corrupt.png', corrupt)).json()).toEqual({ file: [UPLOAD_TEXTS.badImage] });
    const student = await signInAs(t.app, await buildUser(t.database.db));
    expect((await upload('image', 'a.png', await png(), student)).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/uploads/?kind=exe', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('kind');
  });

  it('answers a form with two files or too many fields in Russian, keeping nothing', async () => {
    const before = await readdir(t.app.media.incomingDir).catch(() => []);
    const storedBefore = await storedKeys(`courses/${ownerId}/`);
    const send = async (form: FormData) => {
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/uploads/?kind=image',
        headers: { ...owner.headers, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };
    const image = await png();
    const twoFiles = new FormData();
    twoFiles.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'a.png');
    twoFiles.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'b.png');
    const fields = new FormData();
    for (let i = 0; i < 8; i += 1) fields.append(`note${i}`, 'x');
    fields.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'c.png');
    const refusedTwo = await send(twoFiles);
    expect(refusedTwo.statusCode).toBe(400);
    expect(refusedTwo.json()).toEqual({ file: [UPLOAD_TEXTS.oneFile] });
    const refusedFields = await send(fields);
    expect(refusedFields.statusCode).toBe(400);
    expect(refusedFields.json()).toEqual({ file: [UPLOAD_TEXTS.oneFile] });
    // A refused first file followed by a second one: the type's message, nothing stored, no hang.
    const wrongThenRight = new FormData();
    wrongThenRight.append('file', new Blob([new Uint8Array(elf)]), 'a.png');
    wrongThenRight.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'b.png');
    expect((await send(wrongThenRight)).json()).toEqual({ file: [UPLOAD_TEXTS.oneFile] });
    expect(await readdir(t.app.media.incomingDir)).toEqual(before);
    const ownFolder = await storedKeys(`courses/${ownerId}/`);
    expect(ownFolder).toHaveLength(storedBefore.length);
  });
});

describe('whose uploads a course may show', () => {
  it('another owner cannot put owner1’s uploaded key into their course (cover, social image, lesson picture, question picture); owner1 can', async () => {
    const db = t.database.db;
    const key = (await upload('image', 'латте.png', await png())).json().key as string;
    const o2 = await buildOwner(db);
    const owner2 = await signInAs(t.app, o2);
    const theirs = await buildCourse(db, { ownerId: o2.id });
    const module = await buildModule(db, { courseId: theirs.id });
    const lesson = await buildLesson(db, { moduleId: module.id });
    const call = (session: TestSession, method: 'PATCH' | 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, headers: session.headers, payload });

    for (const field of ['image', 'og_image']) {
      const res = await call(owner2, 'PATCH', `/api/admin/courses/${theirs.id}/`, { [field]: key });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual({ [field]: [UPLOAD_TEXTS.notYours] });
    }
    const blocks = await call(owner2, 'PUT', `/api/admin/lessons/${lesson.id}/blocks/`, {
      updated_at: lesson.updatedAt.toISOString(),
      pages: [[{ data: { type: 'text', html: '<p>Урок</p>' } }, { data: { type: 'image', image: key, alt: 'Латте' } }]],
    });
    expect(blocks.statusCode).toBe(400);
    expect(blocks.json()).toEqual({ 'pages.0.1.data.image': [UPLOAD_TEXTS.notYours] });
    const video = await call(owner2, 'PUT', `/api/admin/lessons/${lesson.id}/blocks/`, { updated_at: lesson.updatedAt.toISOString(), pages: [[{ data: { type: 'video', url: key } }]] });
    expect(video.json()).toEqual({ 'pages.0.0.data.url': [UPLOAD_TEXTS.notYours] });
    const test = await buildTest(db, { courseId: theirs.id });
    const question = await call(owner2, 'POST', `/api/admin/tests/${test.id}/questions/`, { text: 'Что это?', image: key, answers: [{ text: 'Да', image: key }] });
    expect(question.statusCode).toBe(400);
    expect(question.json()).toEqual({ image: [UPLOAD_TEXTS.notYours], 'answers.0.image': [UPLOAD_TEXTS.notYours] });
    const [course] = await db.select().from(courses).where(eq(courses.id, theirs.id));
    expect([course!.image, course!.ogImage]).not.toContain(key);

    // Owner1 uses their own upload anywhere in their course; a key the course already has stays usable;
    // the school's demo pictures too.
    const mine = await buildCourse(db, { ownerId });
    expect((await call(owner, 'PATCH', `/api/admin/courses/${mine.id}/`, { image: key, og_image: 'demo/courses/latte-art.jpg' })).statusCode).toBe(200);
    const myLesson = await buildLesson(db, { moduleId: (await buildModule(db, { courseId: mine.id })).id });
    const put = await call(owner, 'PUT', `/api/admin/lessons/${myLesson.id}/blocks/`, {
      updated_at: myLesson.updatedAt.toISOString(),
      pages: [[{ data: { type: 'image', image: key, alt: 'Латте' } }]],
    });
    expect(put.statusCode, put.body).toBe(200);
    await db.update(courses).set({ image: 'covers/old-cover.jpg' }).where(eq(courses.id, mine.id));
    expect((await call(owner, 'PATCH', `/api/admin/courses/${mine.id}/`, { og_image: 'covers/old-cover.jpg' })).statusCode).toBe(200);
  });
});
