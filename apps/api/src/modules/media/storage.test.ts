import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig, type ConfigError } from '../../config.ts';
import { demoMediaKeys } from '../../db/seed/media.ts';
import { createTestDatabase } from '../../test/app.ts';
import { buildOwner, signInAs, type TestSession } from '../../test/factories.ts';
import { createTestStorage, STORAGE_KINDS, type TestStorage } from '../../test/storage.ts';
import { DEMO_VIDEO_DIR, ensureDemoMedia } from './demo.ts';
import { startS3Standin } from './s3-standin.ts';
import { createStorage, diskStorage, readObject, s3Storage, type Storage } from './storage.ts';

const SECRET_KEY = randomBytes(48).toString('base64');

/** A real multipart/form-data body with one file, as a browser's FormData sends it. */
async function uploadForm(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { contentType: request.headers.get('content-type')!, body: Buffer.from(await request.arrayBuffer()) };
}

async function keysOf(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys;
}

describe.each(STORAGE_KINDS)('two Crema processes on one STORAGE=%s', (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: TestStorage;
  const dataDirs: string[] = [];
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];
  let owner: TestSession;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await createTestStorage(kind);
    // One shared uploads folder (a mounted disk), each process with a DATA_DIR (variant cache) of its own.
    const shared = await mkdtemp(path.join(os.tmpdir(), 'crema-shared-uploads-'));
    dataDirs.push(shared);
    for (let i = 0; i < 2; i++) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `crema-process-${i}-`));
      dataDirs.push(dataDir);
      const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CACHE_TTL_MS: '0', SECRET_KEY, DATA_DIR: dataDir, ...store.env };
      const config = loadConfig(kind === 'local' ? { ...env, UPLOADS_DIR: shared } : env);
      const app = await buildApp({ config, db: database.db, pool: database.pool });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      urls.push(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
    }
    owner = await signInAs(apps[0]!, await buildOwner(database.db));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
    await store?.close();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  async function upload(via: number, kindOf: 'image' | 'video', bytes: Buffer, name: string) {
    const form = await uploadForm(bytes, name);
    const res = await fetch(`${urls[via]}/api/admin/uploads/?kind=${kindOf}`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': form.contentType },
      body: form.body,
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { key: string; url: string };
  }

  it('serves a picture uploaded through one process from the other, original and resized', async () => {
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#6f4e37' } }).jpeg().toBuffer();
    const uploaded = await upload(0, 'image', picture, 'обложка.jpg');
    const fromOther = await fetch(`${urls[1]}${uploaded.url}`);
    expect(fromOther.status).toBe(200);
    expect(fromOther.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fromOther.arrayBuffer()).equals(picture)).toBe(true);
    if (kind === 's3') expect(store.standin!.objects.get(uploaded.key)?.contentType).toBe('image/jpeg');

    // Both processes give the same variant URL; the other one makes the variant from the shared original.
    const first = await apps[0]!.media.image(uploaded.key, { width: 400, crop: 'none' });
    const second = await apps[1]!.media.image(uploaded.key, { width: 400, crop: 'none' });
    expect(second).toEqual(first);
    const variant = await fetch(`${urls[1]}${second!.url}`);
    expect(variant.status).toBe(200);
    const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 267]);
    expect(apps[1]!.media.generatedCount).toBe(1);
  });

  it('serves byte ranges of a video uploaded through the other process (seeking)', async () => {
    const video = await readFile(path.join(DEMO_VIDEO_DIR, 'studio-tour.mp4'));
    const uploaded = await upload(1, 'video', video, 'урок.mp4');
    const part = await fetch(`${urls[0]}${uploaded.url}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);
    const tail = await fetch(`${urls[0]}${uploaded.url}`, { headers: { range: 'bytes=-50' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 50))).toBe(true);
    const beyond = await fetch(`${urls[0]}${uploaded.url}`, { headers: { range: `bytes=${video.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${video.length}`);
  });

  it('answers a missing object with our 404, from either process', async () => {
    for (const url of urls) {
      const res = await fetch(`${url}/media/courses/1/nothing-here.jpg`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Не найдено.' });
      const head = await fetch(`${url}/media/courses/1/nothing-here.mp4`, { method: 'HEAD', headers: { range: 'bytes=0-9' } });
      expect(head.status).toBe(404);
    }
  });

  it('keeps nothing in the store from a refused form (two files)', async () => {
    const before = await keysOf(apps[0]!.media.storage, 'courses/');
    const picture = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)]), 'a.png');
    form.append('file', new Blob([new Uint8Array(picture)]), 'b.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await fetch(`${urls[0]}/api/admin/uploads/?kind=image`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': request.headers.get('content-type')! },
      body: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.status).toBe(400);
    expect(await keysOf(apps[1]!.media.storage, 'courses/')).toEqual(before);
  });

  it('removes an object for both once one process deletes it', async () => {
    const picture = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } }).png().toBuffer();
    const uploaded = await upload(0, 'image', picture, 'a.png');
    expect((await fetch(`${urls[1]}${uploaded.url}`)).status).toBe(200);
    await apps[0]!.media.storage.delete(uploaded.key);
    expect((await fetch(`${urls[1]}${uploaded.url}`)).status).toBe(404);
    expect(await apps[1]!.media.storage.head(uploaded.key)).toBeNull();
  });
});

describe('the storage interface (list, get and put: what a backup copies with)', () => {
  let dir: string;
  let store: TestStorage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'crema-storage-'));
    store = await createTestStorage('s3');
  });
  afterAll(async () => {
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('copies every object from a folder to a bucket and back, byte for byte', async () => {
    const local = diskStorage(path.join(dir, 'uploads'));
    const bucket = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ...store.env }));
    const files: Record<string, Buffer> = {
      'courses/7/кофе (1).jpg': randomBytes(3000),
      'courses/7/notes.pdf': Buffer.from('%PDF-1.4\n%%EOF\n'),
      'demo/video/a.mp4': randomBytes(70_000),
      'sveden/устав.pdf': Buffer.from('%PDF-1.4\n'),
    };
    for (const [key, data] of Object.entries(files)) await local.put(key, data, { contentType: 'application/octet-stream' });
    // Files being received are not objects.
    expect(await keysOf(local, '')).toEqual(Object.keys(files).sort());
    expect(await keysOf(local, 'courses/7/')).toEqual(['courses/7/notes.pdf', 'courses/7/кофе (1).jpg']);
    expect(await keysOf(local, 'courses/')).toHaveLength(2);
    expect(await keysOf(local, 'cour')).toHaveLength(2);

    for await (const { key, size } of local.list('')) {
      const object = (await local.get(key))!;
      expect(object.size).toBe(size);
      await bucket.put(key, object.body, { contentType: object.contentType, size });
    }
    expect(await keysOf(bucket, '')).toEqual(Object.keys(files).sort());
    expect(await keysOf(bucket, 'courses/7/')).toHaveLength(2);
    for (const [key, data] of Object.entries(files)) expect((await readObject(bucket, key))!.equals(data), key).toBe(true);
    expect((await bucket.head('courses/7/notes.pdf'))?.contentType).toBe('application/pdf');

    const back = diskStorage(path.join(dir, 'restored'));
    for await (const { key, size } of bucket.list('')) {
      const object = (await bucket.get(key))!;
      await back.put(key, object.body, { contentType: object.contentType, size });
    }
    for (const [key, data] of Object.entries(files)) expect((await readObject(back, key))!.equals(data), key).toBe(true);
    expect(await back.get('courses/7/missing.jpg')).toBeNull();
    await back.delete('courses/7/missing.jpg'); // no error
  });

  it('lists past a page of the bucket (continuation)', async () => {
    const bucket = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ...store.env }));
    for (let i = 0; i < 1005; i++) store.standin!.objects.set(`many/${String(i).padStart(4, '0')}.txt`, {
      data: Buffer.from('x'),
      contentType: 'text/plain',
      modified: new Date(),
      etag: '"x"',
    });
    const keys = await keysOf(bucket, 'many/');
    expect(keys).toHaveLength(1005);
    expect(keys.at(-1)).toBe('many/1004.txt');
  });

  it('refuses keys that would leave the store', async () => {
    const local = diskStorage(path.join(dir, 'uploads'));
    await expect(local.put('../outside.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/unsafe key/);
    await expect(local.get('/etc/passwd')).rejects.toThrow(/unsafe key/);
  });
});

describe('the S3 stand-in', () => {
  it('refuses a wrong access key, a wrong secret and an unsigned request', async () => {
    const standin = await startS3Standin({ bucket: 'crema-test', accessKeyId: 'right-key', secretAccessKey: 'right-secret' });
    try {
      const settings = { kind: 's3' as const, endpoint: standin.url, region: 'ru-central1', bucket: 'crema-test', forcePathStyle: true };
      const right = s3Storage({ ...settings, accessKeyId: 'right-key', secretAccessKey: 'right-secret' });
      await right.put('a/b.txt', Buffer.from('hello'), { contentType: 'text/plain' });
      expect((await readObject(right, 'a/b.txt'))?.toString()).toBe('hello');

      const wrongKey = s3Storage({ ...settings, accessKeyId: 'other-key', secretAccessKey: 'right-secret' });
      await expect(wrongKey.put('a/c.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject({
        name: 'InvalidAccessKeyId',
        $metadata: { httpStatusCode: 403 },
      });
      const wrongSecret = s3Storage({ ...settings, accessKeyId: 'right-key', secretAccessKey: 'wrong-secret' });
      await expect(wrongSecret.get('a/b.txt')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
      await expect(wrongSecret.head('a/b.txt')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      const unsigned = await fetch(`${standin.url}/crema-test/a/b.txt`);
      expect(unsigned.status).toBe(403);
      expect(await unsigned.text()).not.toContain('hello');
      expect(standin.refused).toBe(4);
      expect([...standin.objects.keys()]).toEqual(['a/b.txt']);
    } finally {
      await standin.close();
    }
  });
});

describe('demo media through the store', () => {
  it('puts the missing demo files into a bucket and leaves the present ones alone', async () => {
    const store = await createTestStorage('s3');
    try {
      const bucket = createStorage(loadConfig({ NODE_ENV: 'test', ...store.env }));
      const keys = await demoMediaKeys();
      const drawn = ['demo/teachers/orlov.jpg', keys.find((key) => key.endsWith('.pdf'))!, keys.find((key) => key.endsWith('.mp4'))!];
      // Present already (a replaced demo picture, say): left as it is.
      for (const key of keys) if (!drawn.includes(key)) await bucket.put(key, Buffer.from('kept'), { contentType: 'text/plain' });
      const result = await ensureDemoMedia(bucket);
      expect(result.created.sort()).toEqual([...drawn].sort());
      expect(result.existing).toBe(keys.length - drawn.length);
      const teacher = store.standin!.objects.get('demo/teachers/orlov.jpg')!;
      expect(teacher.contentType).toBe('image/jpeg');
      expect(await sharp(teacher.data).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 800 });
      expect(store.standin!.objects.get(drawn[1]!)!.contentType).toBe('application/pdf');
      expect(store.standin!.objects.get(drawn[2]!)!.data.subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect((await ensureDemoMedia(bucket)).created).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe('STORAGE settings', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('stores in DATA_DIR/uploads by default, or in UPLOADS_DIR', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/srv/crema' }).storage).toEqual({ kind: 'local', uploadsDir: '/srv/crema/uploads' });
    expect(loadConfig({ NODE_ENV: 'test', UPLOADS_DIR: '/mnt/shared/uploads' }).storage).toEqual({ kind: 'local', uploadsDir: '/mnt/shared/uploads' });
  });

  it('needs a bucket and a key for s3, and outside production an explicit address', () => {
    expect(problems({ NODE_ENV: 'test', STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000' }).join('\n')).toMatch(
      /S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: для STORAGE=s3 нужны бакет и ключ доступа/,
    );
    const keys = { STORAGE: 's3', S3_BUCKET: 'crema-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(problems({ NODE_ENV: 'test', ...keys }).join('\n')).toMatch(/S3_ENDPOINT: вне production STORAGE=s3 работает только с явно указанным адресом/);
    expect(problems({ NODE_ENV: 'development', ...keys }).join('\n')).toMatch(/S3_ENDPOINT/);
    expect(problems({ NODE_ENV: 'test', STORAGE: 'disk' }).join('\n')).toMatch(/STORAGE: ожидается local/);
    expect(problems({ NODE_ENV: 'test', ...keys, S3_BUCKET: 'Crema_Files', S3_ENDPOINT: 'http://127.0.0.1:9000' }).join('\n')).toMatch(/S3_BUCKET: ожидается имя бакета/);
    expect(problems({ NODE_ENV: 'test', S3_BUCKET: 'crema-files' }).join('\n')).toMatch(/S3_BUCKET: бакет задан, но STORAGE не s3/);

    // Production may use either; the address defaults to the SDK's (AWS) there, but is usually set.
    const production = { NODE_ENV: 'production', SECRET_KEY: randomBytes(48).toString('base64'), SMTP_URL: 'smtp://mail.example:587' };
    expect(loadConfig({ ...production }).storage.kind).toBe('local');
    const s3 = loadConfig({ ...production, ...keys, S3_ENDPOINT: 'https://storage.yandexcloud.net', S3_FORCE_PATH_STYLE: 'true' }).storage;
    expect(s3).toEqual({
      kind: 's3',
      endpoint: 'https://storage.yandexcloud.net',
      region: 'ru-central1',
      bucket: 'crema-files',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });
});
