// Homework files over real HTTP: a tus upload in parts (resumed where it stopped), the checks of
// the finished file, photos re-encoded without EXIF with a phone size, videos' phone copies made by
// ffmpeg (Debian's package; .ci/run installs it), the private storage /media/ refuses, the
// access-checked file route with byte ranges, and the sweep of uploads never sent.
import { execFile } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { HomeworkThread, HomeworkUpload } from '@crema/contract';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { debianProgram } from '../../test/debian.ts';
import { buildCourse, buildEnrolment, buildGroup, buildLesson, buildLessonBlock, buildModule, buildOwner, buildUser, signInAs, type TestSession } from '../../test/factories.ts';
import type { HomeworkBlockData } from '../../db/schema/blocks.ts';
import { curators, homeworkAttachments } from '../../db/schema/index.ts';
import { readObject } from '../media/storage.ts';
import { homeworkUploadsDir, sweepPendingUploads, UPLOAD_TEXTS } from './uploads.ts';
import { phoneKey, videoKeys } from './files.ts';
import { encodePendingVideos, homeworkVideoJob, homeworkVideosDir } from './videos.ts';

const run = promisify(execFile);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const b64 = (value: string) => Buffer.from(value).toString('base64');

async function setup(data: Partial<HomeworkBlockData> = {}) {
  const { db } = t.database;
  const owner = await buildOwner(db);
  const course = await buildCourse(db, { ownerId: owner.id });
  const module = await buildModule(db, { courseId: course.id });
  const lesson = await buildLesson(db, { moduleId: module.id });
  const block = await buildLessonBlock(db, {
    lessonId: lesson.id,
    type: 'homework',
    data: {
      title: 'Латте-арт',
      html: '<p>Нарисуйте сердце.</p>',
      accepts: { text: true, photos: 3, videos: 1, files: 1 },
      maxFileMb: 20,
      gate: 'none',
      deadline: null,
      ...data,
    } satisfies HomeworkBlockData,
  });
  const learner = await buildUser(db, { firstName: 'Анна', lastName: 'Петрова' });
  const enrolment = await buildEnrolment(db, { userId: learner.id, courseId: course.id });
  return { owner, course, block, learner, enrolment, session: await signInAs(t.app, learner) };
}

const tus = { 'tus-resumable': '1.0.0' };

async function create(session: Pick<TestSession, 'headers'>, blockId: number, length: number, name = 'photo.jpg') {
  return t.app.inject({
    method: 'POST',
    url: '/api/homework/uploads/',
    headers: { ...session.headers, ...tus, 'upload-length': String(length), 'upload-metadata': `block ${b64(String(blockId))},filename ${b64(name)}` },
  });
}

function patch(session: Pick<TestSession, 'headers'>, location: string, offset: number, bytes: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...session.headers, ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
    payload: bytes,
  });
}

/** A whole upload in two parts, as a phone on a weak connection sends it; the finished upload's answer. */
async function upload(session: Pick<TestSession, 'headers'>, blockId: number, bytes: Buffer, name = 'photo.jpg') {
  const created = await create(session, blockId, bytes.length, name);
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  const half = Math.floor(bytes.length / 2);
  const first = await patch(session, location, 0, bytes.subarray(0, half));
  expect(first.statusCode, first.body).toBe(204);
  return { location, finish: () => patch(session, location, half, bytes.subarray(half)) };
}

async function uploaded(session: Pick<TestSession, 'headers'>, blockId: number, bytes: Buffer, name = 'photo.jpg'): Promise<HomeworkUpload> {
  const res = await (await upload(session, blockId, bytes, name)).finish();
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HomeworkUpload;
}

const jpegWithExif = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8b5a2b' } })
    .withExif({ IFD0: { Make: 'КофеКам', Copyright: 'GPS 55.75 37.61' } })
    .jpeg()
    .toBuffer();
/** The first bytes of an MP4 (an ftyp box of brand isom), padded. */
const mp4 = Buffer.concat([Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f326d703431', 'hex'), Buffer.alloc(4000, 7)]);
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32), Buffer.from('\n%%EOF\n')]);
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('tus uploads at /api/homework/uploads/', () => {
  it('takes a photo in parts, resumes at the offset the server has, re-encodes it without EXIF and keeps a phone size', async () => {
    const s = await setup();
    const bytes = await jpegWithExif();
    const { location, finish } = await upload(s.session, s.block.id, bytes, 'латте.jpeg');
    expect(location).toMatch(new RegExp(`^/api/homework/uploads/u${s.learner.id}-[A-Za-z0-9_-]+/$`));
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { ...s.session.headers, ...tus } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(Math.floor(bytes.length / 2)));
    // A part sent from the wrong place: a 409 in our words, nothing written.
    const wrong = await patch(s.session, location, 0, bytes.subarray(0, 10));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({ detail: expect.stringContaining('Часть файла') });
    const done = await finish();
    expect(done.statusCode).toBe(200);
    const body = done.json() as HomeworkUpload;
    expect(body).toMatchObject({ kind: 'photo', name: 'латте.jpeg', content_type: 'image/jpeg' });
    expect(location).toContain(body.upload);

    const [row] = await t.database.db.select().from(homeworkAttachments).where(eq(homeworkAttachments.upload, body.upload));
    expect(row).toMatchObject({ uploaderId: s.learner.id, blockId: s.block.id, messageId: null, width: 1600, height: 1200 });
    expect(row!.storageKey).toMatch(new RegExp(`^homework/${s.block.id}/[A-Za-z0-9_-]+\\.jpg$`));
    const stored = await readObject(t.app.media.storage, row!.storageKey);
    const meta = await sharp(stored!).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored!.includes(Buffer.from('GPS 55.75'))).toBe(false);
    const phone = await sharp((await readObject(t.app.media.storage, phoneKey(row!.storageKey)))!).metadata();
    expect([phone.format, phone.width, phone.height]).toEqual(['webp', 1280, 960]);
    // Asked again after the last answer was lost: whole (offset = length), so the client does not send it again.
    const again = await t.app.inject({ method: 'HEAD', url: location, headers: { ...s.session.headers, ...tus } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['upload-offset']).toBe(again.headers['upload-length']);
    expect(again.headers['upload-offset']).toBe(String(body.size_bytes));
    // The parts are gone once the file is stored.
    expect((await readdir(homeworkUploadsDir(t.app.deps.config))).filter((name) => name.startsWith(body.upload))).toEqual([]);
  });

  it('takes an iPhone’s HEIC photo and keeps it as JPEG with a phone size; a broken HEIC is refused in Russian', async () => {
    const s = await setup();
    // 800×600, a red square in its top-left corner, encoded by libheif (HEVC in HEIF).
    const heic = await readFile(path.join(import.meta.dirname, 'test-files', 'latte.heic'));
    const body = await uploaded(s.session, s.block.id, heic, 'IMG_0007.HEIC');
    expect(body).toMatchObject({ kind: 'photo', name: 'IMG_0007.HEIC', content_type: 'image/jpeg' });
    const [row] = await t.database.db.select().from(homeworkAttachments).where(eq(homeworkAttachments.upload, body.upload));
    expect(row).toMatchObject({ width: 800, height: 600 });
    expect(row!.storageKey).toMatch(/\.jpg$/);
    const stored = (await readObject(t.app.media.storage, row!.storageKey))!;
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
    const { data } = await sharp(stored).extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(180);
    expect(data[1]).toBeLessThan(60);
    const phone = await sharp((await readObject(t.app.media.storage, phoneKey(row!.storageKey)))!).metadata();
    expect([phone.format, phone.width, phone.height]).toEqual(['webp', 800, 600]);

    // The header of a HEIC with its picture cut off.
    const { finish } = await upload(s.session, s.block.id, heic.subarray(0, 1200), 'обрезано.heic');
    const broken = await finish();
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ file: [UPLOAD_TEXTS.badImage] });
  });

  it('refuses by content, whatever the name: an SVG, a program, a video where none is taken — and keeps nothing', async () => {
    const s = await setup({ accepts: { text: true, photos: 2, videos: 0, files: 0 } });
    for (const [bytes, name] of [
      [svg, 'рисунок.jpg'],
      [mp4, 'видео.mp4'],
      [Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(3000, 1)]), 'photo.png'],
    ] as const) {
      const res = await (await upload(s.session, s.block.id, bytes, name)).finish();
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ file: [UPLOAD_TEXTS.wrongType({ text: true, photos: 2, videos: 0, files: 0 })] });
    }
    expect(await t.database.db.select().from(homeworkAttachments).where(eq(homeworkAttachments.blockId, s.block.id))).toEqual([]);
  });

  it('refuses a file over the block’s limit before a byte is sent, and an upload without a block', async () => {
    const s = await setup({ maxFileMb: 1 });
    const big = await create(s.session, s.block.id, 2 * 1024 * 1024);
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ file: [UPLOAD_TEXTS.tooBig(1024 * 1024)] });
    const noBlock = await t.app.inject({ method: 'POST', url: '/api/homework/uploads/', headers: { ...s.session.headers, ...tus, 'upload-length': '10' } });
    expect(noBlock.statusCode).toBe(400);
    expect(noBlock.json()).toEqual({ block: [UPLOAD_TEXTS.noBlock] });
  });

  it('lets nobody but the uploader touch an upload, and nobody upload to a course they neither study nor check', async () => {
    const s = await setup();
    const { location } = await upload(s.session, s.block.id, pdf, 'план.pdf');
    const stranger = await signInAs(t.app, await buildUser(t.database.db));
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: location, headers: { ...stranger.headers, ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }, payload: method === 'PATCH' ? pdf : undefined });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await create(stranger, s.block.id, 100)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/homework/uploads/', headers: tus })).statusCode).toBe(401);
    // A curator of the course may upload (pictures for a comment).
    const curator = await buildUser(t.database.db, { isCurator: true });
    await t.database.db.insert(curators).values({ userId: curator.id, courseId: s.course.id });
    expect((await create(await signInAs(t.app, curator), s.block.id, 100)).statusCode).toBe(201);
    // Pictures in a curator's comment, even on a task that takes text alone from learners.
    const textOnly = await setup({ accepts: { text: true, photos: 0, videos: 0, files: 0 } });
    await t.database.db.insert(curators).values({ userId: curator.id, courseId: textOnly.course.id });
    expect(await uploaded(await signInAs(t.app, curator), textOnly.block.id, await jpegWithExif(), 'так.jpg')).toMatchObject({ kind: 'photo' });
    const refused = await (await upload(textOnly.session, textOnly.block.id, await jpegWithExif())).finish();
    expect(refused.statusCode).toBe(400);
    // The uploader may give up an upload.
    const gone = await t.app.inject({ method: 'DELETE', url: location, headers: { ...s.session.headers, ...tus } });
    expect(gone.statusCode).toBe(204);
  });
});

describe('tus over a real socket', () => {
  let listening: Promise<string> | undefined;
  const serve = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));
  it('streams parts sent over HTTP into the upload and answers the finished file', async () => {
    const s = await setup();
    const address = await serve();
    const headers = { ...s.session.headers, ...tus };
    const created = await fetch(`${address}/api/homework/uploads/`, {
      method: 'POST',
      headers: { ...headers, 'upload-length': String(pdf.length), 'upload-metadata': `block ${b64(String(s.block.id))},filename ${b64('план.pdf')}` },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    // The first part as a stream in small pieces, as a browser sends a large part.
    const pieces = Array.from({ length: 10 }, (_, i) => pdf.subarray(i * 100, (i + 1) * 100));
    const first = await fetch(`${address}${location}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      body: new ReadableStream({
        pull(controller) {
          const next = pieces.shift();
          if (next) controller.enqueue(new Uint8Array(next));
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('1000');
    const last = await fetch(`${address}${location}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': '1000' },
      body: new Uint8Array(pdf.subarray(1000)),
    });
    expect(last.status).toBe(200);
    expect(await last.json()).toMatchObject({ kind: 'file', name: 'план.pdf', content_type: 'application/pdf', size_bytes: pdf.length });
  });

  it('keeps what came before a dropped connection, so the upload goes on from there', async () => {
    const s = await setup();
    const address = new URL(await serve());
    const headers = { ...s.session.headers, ...tus };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/homework/uploads/',
      headers: { ...headers, 'upload-length': String(pdf.length), 'upload-metadata': `block ${b64(String(s.block.id))}` },
    });
    const location = created.headers.location as string;
    // A phone losing its connection in the middle of a part: 600 bytes of the promised 2000 sent.
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: address.hostname,
        port: address.port,
        path: location,
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0', 'content-length': String(pdf.length) },
      });
      request.on('error', () => resolve());
      request.write(pdf.subarray(0, 600), () => setTimeout(() => request.destroy(), 200));
      request.on('close', () => resolve());
    });
    let offset = '';
    for (let i = 0; i < 50 && offset !== '600'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const head = await t.app.inject({ method: 'HEAD', url: location, headers });
      offset = String(head.headers['upload-offset']);
    }
    expect(offset).toBe('600');
    const rest = await patch(s.session, location, 600, pdf.subarray(600));
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ kind: 'file', size_bytes: pdf.length });
  });
});

describe('GET /api/homework/files/{id}/', () => {
  it('serves a sent file to the learner and the course’s curators with ranges, 404 to others; /media/ never serves it', async () => {
    const s = await setup();
    const video = await uploaded(s.session, s.block.id, mp4, 'урок.mp4');
    const photo = await uploaded(s.session, s.block.id, await jpegWithExif(), 'латте.jpg');
    const file = await uploaded(s.session, s.block.id, pdf, 'план.pdf');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/user/course/${s.enrolment.id}/homework/${s.block.id}/`,
      headers: s.session.headers,
      payload: { text: 'Готово', uploads: [video.upload, photo.upload, file.upload] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [message] = (sent.json() as HomeworkThread).messages;
    expect(message!.attachments.map((a) => [a.kind, a.name])).toEqual([
      ['video', 'урок.mp4'],
      ['photo', 'латте.jpg'],
      ['file', 'план.pdf'],
    ]);
    const [videoFile, photoFile, pdfFile] = message!.attachments;
    expect(photoFile!.preview).toEqual({ original: photoFile!.url, url: `${photoFile!.url}?size=phone`, width: 1280, height: 960 });
    expect(videoFile!.preview).toBeNull();

    const get = (session: Pick<TestSession, 'headers'> | null, url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { ...(session?.headers ?? {}), ...headers } });
    const range = await get(s.session, videoFile!.url, { range: 'bytes=0-27' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-27/${mp4.length}`);
    expect(range.headers['content-type']).toBe('video/mp4');
    expect(range.rawPayload.equals(mp4.subarray(0, 28))).toBe(true);
    const phone = await get(s.session, photoFile!.url + '?size=phone');
    expect(phone.headers['content-type']).toBe('image/webp');
    const download = await get(s.session, pdfFile!.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''%D0%BF%D0%BB%D0%B0%D0%BD.pdf");

    const { db } = t.database;
    const curator = await buildUser(db, { isCurator: true });
    await db.insert(curators).values({ userId: curator.id, courseId: s.course.id });
    expect((await get(await signInAs(t.app, curator), videoFile!.url)).statusCode).toBe(200);
    expect((await get(await signInAs(t.app, s.owner), videoFile!.url)).statusCode).toBe(200);
    expect((await get(await signInAs(t.app, await buildUser(db, { isStaff: true })), videoFile!.url)).statusCode).toBe(200);
    for (const other of [await buildUser(db), await buildOwner(db), await buildUser(db, { isCurator: true })]) {
      const res = await get(await signInAs(t.app, other), videoFile!.url);
      expect(res.statusCode).toBe(404);
    }
    expect((await get(null, videoFile!.url)).statusCode).toBe(401);
    // A curator of the learner's group opens it; a curator of another group of the same course does not.
    const ownGroup = await buildGroup(db, { courseId: s.course.id, memberIds: [s.enrolment.id] });
    const otherGroup = await buildGroup(db, { courseId: s.course.id });
    for (const [group, status] of [
      [ownGroup, 200],
      [otherGroup, 404],
    ] as const) {
      const groupCurator = await buildUser(db, { isCurator: true });
      await db.insert(curators).values({ userId: groupCurator.id, courseId: s.course.id, groupId: group.id });
      expect((await get(await signInAs(t.app, groupCurator), photoFile!.url)).statusCode).toBe(status);
    }

    const [row] = await db.select().from(homeworkAttachments).where(eq(homeworkAttachments.id, videoFile!.id));
    expect((await t.app.inject({ method: 'GET', url: `/media/${row!.storageKey}` })).statusCode).toBe(404);
  });
});

describe('the sweep of pending uploads', () => {
  it('removes uploads not sent within a day with their files, and parts left a day; keeps what was sent and what is fresh', async () => {
    const s = await setup();
    const { db } = t.database;
    const storage = t.app.media.storage;
    const old = await uploaded(s.session, s.block.id, await jpegWithExif());
    const fresh = await uploaded(s.session, s.block.id, pdf, 'план.pdf');
    const sentUpload = await uploaded(s.session, s.block.id, mp4, 'видео.mp4');
    await t.app.inject({
      method: 'POST',
      url: `/api/user/course/${s.enrolment.id}/homework/${s.block.id}/`,
      headers: s.session.headers,
      payload: { uploads: [sentUpload.upload] },
    });
    const longAgo = new Date(Date.now() - 2 * DAY);
    await db.update(homeworkAttachments).set({ createdAt: longAgo }).where(eq(homeworkAttachments.upload, old.upload));
    await db.update(homeworkAttachments).set({ createdAt: longAgo }).where(eq(homeworkAttachments.upload, sentUpload.upload));
    const [oldRow] = await db.select().from(homeworkAttachments).where(eq(homeworkAttachments.upload, old.upload));
    // An unfinished upload left for two days, and one from a minute ago.
    const dir = homeworkUploadsDir(t.app.deps.config);
    const stale = (await upload(s.session, s.block.id, pdf)).location.split('/').at(-2)!;
    const recent = (await upload(s.session, s.block.id, pdf)).location.split('/').at(-2)!;
    for (const name of [stale, `${stale}.json`]) await utimes(path.join(dir, name), longAgo, longAgo);

    const swept = await sweepPendingUploads(db, storage, dir);
    expect(swept).toEqual({ uploads: 1, parts: 1 });
    const left = (await db.select({ upload: homeworkAttachments.upload }).from(homeworkAttachments).where(eq(homeworkAttachments.blockId, s.block.id))).map((r) => r.upload);
    expect(left.sort()).toEqual([fresh.upload, sentUpload.upload].sort());
    expect(await storage.head(oldRow!.storageKey)).toBeNull();
    expect(await storage.head(phoneKey(oldRow!.storageKey))).toBeNull();
    const names = await readdir(dir);
    expect(names).not.toContain(stale);
    expect(names).toContain(recent);
  });
});

describe('phone copies of videos', () => {
  beforeAll(() => Promise.all([debianProgram('ffmpeg', 'ffmpeg'), debianProgram('ffprobe', 'ffmpeg')]), 600_000);

  /** A phone's upright video: HEVC in a MOV, 1080×1920, with sound — what a camera roll holds. Made once. */
  let made: Promise<Buffer> | undefined;
  const phoneVideo = () => (made ??= makePhoneVideo());
  async function makePhoneVideo(): Promise<Buffer> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'crema-video-'));
    try {
      const out = path.join(dir, 'IMG_0042.MOV');
      await run('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', 'testsrc2=s=1080x1920:r=30:d=0.6', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.6'],
        ...['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-x265-params', 'log-level=error', '-c:a', 'aac', '-shortest', out],
      ]);
      return await readFile(out);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** What ffprobe says of `bytes`: each stream's codec and sides. */
  async function probe(bytes: Buffer): Promise<{ codec_name: string; width?: number; height?: number }[]> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'crema-probe-'));
    try {
      const file = path.join(dir, 'copy.mp4');
      await writeFile(file, bytes);
      const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', file]);
      return (JSON.parse(stdout) as { streams: { codec_name: string; width?: number; height?: number }[] }).streams;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('makes an H.264 MP4 of 720×1280 with its index first and a poster, served to those who see the answer; an unreadable video plays as sent', async () => {
    const s = await setup({ maxFileMb: 50, accepts: { text: true, photos: 0, videos: 2, files: 0 } });
    const { db } = t.database;
    const storage = t.app.media.storage;
    const mov = await uploaded(s.session, s.block.id, await phoneVideo(), 'IMG_0042.MOV');
    const broken = await uploaded(s.session, s.block.id, mp4, 'битое.mp4');
    expect(mov).toMatchObject({ kind: 'video', content_type: 'video/quicktime' });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/user/course/${s.enrolment.id}/homework/${s.block.id}/`,
      headers: s.session.headers,
      payload: { uploads: [mov.upload, broken.upload] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [before, brokenBefore] = (sent.json() as HomeworkThread).messages[0]!.attachments;
    // Until the copy is made the original plays; asking for the phone size gives the original too.
    expect(before!.playback).toBeNull();
    const early = await t.app.inject({ method: 'GET', url: `${before!.url}?size=phone`, headers: s.session.headers });
    expect(early.headers['content-type']).toBe('video/quicktime');
    expect((await t.app.inject({ method: 'GET', url: `${before!.url}?size=poster`, headers: s.session.headers })).statusCode).toBe(404);

    const dir = homeworkVideosDir(t.app.deps.config);
    const done = await encodePendingVideos(db, storage, { ffmpeg: 'ffmpeg', dir });
    expect(done.ready).toBe(1);
    expect(done.original).toBeGreaterThanOrEqual(1);
    const states = await db
      .select({ id: homeworkAttachments.id, state: homeworkAttachments.videoState })
      .from(homeworkAttachments)
      .where(inArray(homeworkAttachments.id, [before!.id, brokenBefore!.id]))
      .orderBy(homeworkAttachments.id);
    expect(states.map((row) => row.state)).toEqual(['ready', 'original']);
    expect(await readdir(dir)).toEqual([]);

    const thread = await t.app.inject({ method: 'GET', url: `/api/user/course/${s.enrolment.id}/homework/${s.block.id}/`, headers: s.session.headers });
    const [video, brokenVideo] = (thread.json() as HomeworkThread).messages[0]!.attachments;
    expect(video!.playback).toEqual({ url: `${video!.url}?size=phone`, poster: `${video!.url}?size=poster`, width: 720, height: 1280 });
    expect(brokenVideo!.playback).toBeNull();

    const phone = await t.app.inject({ method: 'GET', url: video!.playback!.url, headers: s.session.headers });
    expect(phone.statusCode).toBe(200);
    expect(phone.headers['content-type']).toBe('video/mp4');
    expect(phone.headers['content-disposition']).toContain('IMG_0042.mp4');
    const bytes = phone.rawPayload;
    // The index (moov) before the pictures (mdat): a phone starts playing before it has it all.
    expect(bytes.indexOf('moov')).toBeGreaterThan(0);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect(await probe(bytes)).toEqual([
      { codec_name: 'h264', width: 720, height: 1280 },
      { codec_name: 'aac' },
    ]);
    const range = await t.app.inject({ method: 'GET', url: video!.playback!.url, headers: { ...s.session.headers, range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    const poster = await t.app.inject({ method: 'GET', url: video!.playback!.poster, headers: s.session.headers });
    expect(poster.headers['content-type']).toBe('image/webp');
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 720, height: 1280 });
    // The original stays as it was sent.
    const original = await t.app.inject({ method: 'GET', url: video!.url, headers: s.session.headers });
    expect(original.headers['content-type']).toBe('video/quicktime');
    expect(original.rawPayload.length).toBe(mov.size_bytes);
    // Nobody else reaches the copies.
    const stranger = await signInAs(t.app, await buildUser(db));
    for (const url of [video!.playback!.url, video!.playback!.poster])
      expect((await t.app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode).toBe(404);

    // The sweep of an upload never sent removes its copies with it.
    const unsent = await uploaded(s.session, s.block.id, await phoneVideo(), 'второе.MOV');
    expect((await encodePendingVideos(db, storage, { ffmpeg: 'ffmpeg', dir })).ready).toBe(1);
    const [row] = await db.select().from(homeworkAttachments).where(eq(homeworkAttachments.upload, unsent.upload));
    const keys = videoKeys(row!.storageKey);
    expect(await storage.head(keys.phone)).not.toBeNull();
    await db.update(homeworkAttachments).set({ createdAt: new Date(Date.now() - 2 * DAY) }).where(eq(homeworkAttachments.id, row!.id));
    await sweepPendingUploads(db, storage, homeworkUploadsDir(t.app.deps.config));
    expect(await storage.head(keys.phone)).toBeNull();
    expect(await storage.head(keys.poster)).toBeNull();
  }, 120_000);

  it('leaves videos waiting, playing as sent, when there is no ffmpeg, and says so once', async () => {
    const s = await setup();
    const { db } = t.database;
    const sent = await uploaded(s.session, s.block.id, mp4, 'урок.mp4');
    const warnings: unknown[] = [];
    const log = { ...t.app.log, warn: (...args: unknown[]) => warnings.push(args) } as unknown as Parameters<typeof homeworkVideoJob>[0]['log'];
    const job = homeworkVideoJob({ db, storage: t.app.media.storage, ffmpeg: '/nonexistent/ffmpeg', dir: homeworkVideosDir(t.app.deps.config), log });
    expect(await job.run()).toBeUndefined();
    expect(await job.run()).toBeUndefined();
    expect(warnings).toHaveLength(1);
    const [row] = await db.select().from(homeworkAttachments).where(eq(homeworkAttachments.upload, sent.upload));
    expect(row!.videoState).toBe('pending');
  });
});
