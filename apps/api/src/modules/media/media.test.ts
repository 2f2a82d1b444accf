import { createHmac } from 'node:crypto';
import { mkdtemp, mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { imageOptsSchema } from '@crema/contract';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createTestStorage, STORAGE_KINDS, type TestStorage } from '../../test/storage.ts';
import { IMAGE_ASPECT_RATIOS, IMAGE_WIDTHS } from '@crema/contract';
import { deriveKey } from '../../lib/keys.ts';
import { contentTypeOf } from './files.ts';
import { canonicalSpec, createMediaService, parseSpec } from './images.ts';

const opts = (raw: string) => imageOptsSchema.parse(raw);

// Every test runs against a folder and against an S3 bucket (the stand-in, over HTTP).
describe.each(STORAGE_KINDS)('media with STORAGE=%s', (kind) => {
  let t: TestContext;
  let dataDir: string;
  let store: TestStorage;
  /** Bytes of the stored originals, as written. */
  const written = new Map<string, Buffer>();

  async function put(key: string, data: Buffer | string) {
    const bytes = Buffer.from(data);
    written.set(key, bytes);
    await t.app.media.storage.put(key, bytes, { contentType: contentTypeOf(key) });
  }

  async function writeImage(key: string, width: number, height: number, format: 'jpeg' | 'png', orientation?: number) {
    let image = sharp({ create: { width, height, channels: 3, background: '#c8925a' } });
    image = format === 'jpeg' ? image.jpeg() : image.png();
    if (orientation) image = image.withMetadata({ orientation });
    await put(key, await image.toBuffer());
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crema-media-'));
    store = await createTestStorage(kind);
    await writeFile(path.join(dataDir, 'secret.txt'), 'TOP-SECRET');
    t = await createTestApp({ DATA_DIR: dataDir, ...store.env });
    await writeImage('tests/landscape.jpg', 1200, 800, 'jpeg');
    await writeImage('tests/small.png', 300, 200, 'png');
    // Stored 600×400 with EXIF orientation 6: shown rotated, 400×600.
    await writeImage('tests/rotated.jpg', 600, 400, 'jpeg', 6);
    await put('tests/notes.pdf', '%PDF-1.4\n%%EOF\n');
    await put('tests/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  describe('GET /media/<key> (originals)', () => {
    it('serves the stored bytes with the content type and a day of caching', async () => {
      const res = await get('/media/tests/landscape.jpg');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.rawPayload.equals(written.get('tests/landscape.jpg')!)).toBe(true);
      expect(res.headers.etag).toMatch(/^W\/".+"$/);
      expect(res.headers['last-modified']).toBeTruthy();

      expect((await get('/media/tests/notes.pdf')).headers['content-type']).toBe('application/pdf');
      const svg = await get('/media/tests/logo.svg');
      expect(svg.headers['content-type']).toBe('image/svg+xml');
      expect(svg.headers['content-security-policy']).toContain('sandbox');
    });

    it('answers 304 to a matching ETag or date, and serves byte ranges', async () => {
      const first = await get('/media/tests/landscape.jpg');
      const byEtag = await get('/media/tests/landscape.jpg', { 'if-none-match': String(first.headers.etag) });
      expect(byEtag.statusCode).toBe(304);
      expect(byEtag.rawPayload.length).toBe(0);
      const byDate = await get('/media/tests/landscape.jpg', { 'if-modified-since': String(first.headers['last-modified']) });
      expect(byDate.statusCode).toBe(304);

      const part = await get('/media/tests/landscape.jpg', { range: 'bytes=10-19' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-19/${first.rawPayload.length}`);
      expect(part.rawPayload.equals(first.rawPayload.subarray(10, 20))).toBe(true);
      const beyond = await get('/media/tests/landscape.jpg', { range: `bytes=${first.rawPayload.length + 5}-` });
      expect(beyond.statusCode).toBe(416);
    });

    it('answers HEAD with the headers and length, without a body', async () => {
      const size = written.get('tests/landscape.jpg')!.length;
      const res = await t.app.inject({ method: 'HEAD', url: '/media/tests/landscape.jpg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(Number(res.headers['content-length'])).toBe(size);
      expect(res.rawPayload.length).toBe(0);
      expect((await t.app.inject({ method: 'HEAD', url: '/media/tests/missing.jpg' })).statusCode).toBe(404);
    });

    it('is a JSON 404 for a missing file', async () => {
      const res = await get('/media/tests/missing.jpg');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено.' });
    });

    it.each([
      '/media/../secret.txt',
      '/media/tests/../../secret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/tests/%2E%2E/%2E%2E/secret.txt',
      '/media/..%2fsecret.txt',
      '/media/tests%2f..%2f..%2fsecret.txt',
      '/media/tests\\..\\..\\secret.txt',
      '/media/tests%5c..%5c..%5csecret.txt',
      // Absolute paths to the secret (the data folder is known only once the tests run).
      'ABSOLUTE_ENCODED',
      'ABSOLUTE_DOUBLE_SLASH',
      '/media/tests/.hidden',
      '/media/~/../../secret.txt',
      '/media/%00secret.txt',
    ])('never leaves the uploads folder: %s', async (pattern) => {
      const secret = path.join(dataDir, 'secret.txt');
      const url =
        pattern === 'ABSOLUTE_ENCODED'
          ? `/media/${encodeURIComponent(secret)}`
          : pattern === 'ABSOLUTE_DOUBLE_SLASH'
            ? `/media/${secret}`
            : pattern;
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('TOP-SECRET');
    });

    it('sends uploaded documents (PDF, text, office files) as sandboxed downloads; pictures and videos stay inline', async () => {
      await put('tests/page.txt', '<html><script>alert(1)</script></html>');
      await put('tests/table.csv', 'a;b\n');
      await put('tests/clip.mp4', 'not really a video');
      for (const key of ['tests/notes.pdf', 'tests/page.txt', 'tests/table.csv']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await t.app.inject({ method, url: `/media/${key}` });
          expect(res.statusCode, key).toBe(200);
          expect(res.headers['content-disposition'], key).toBe('attachment');
          expect(res.headers['content-security-policy'], key).toBe("default-src 'none'; sandbox");
        }
      }
      // A byte range of a PDF is a download too.
      const range = await get('/media/tests/notes.pdf', { range: 'bytes=0-3' });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-disposition']).toBe('attachment');
      for (const key of ['tests/landscape.jpg', 'tests/small.png', 'tests/clip.mp4']) {
        const res = await get(`/media/${key}`);
        expect(res.statusCode, key).toBe(200);
        expect(res.headers['content-disposition'], key).toBeUndefined();
      }
    });

    it('keeps extensionless file paths as they are (no trailing-slash redirect)', async () => {
      await put('tests/LICENSE', 'licence text');
      const res = await get('/media/tests/LICENSE');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toBe('attachment');
    });
  });

  describe('MediaService.image', () => {
    it('gives the original URL and its real size without options', async () => {
      expect(await t.app.media.image('tests/landscape.jpg')).toEqual({
        original: '/media/tests/landscape.jpg',
        url: '/media/tests/landscape.jpg',
        width: 1200,
        height: 800,
      });
      // EXIF orientation counts: that is how browsers show it.
      expect(await t.app.media.image('tests/rotated.jpg')).toMatchObject({ width: 400, height: 600 });
      expect(await t.app.media.image(null)).toBeNull();
    });

    it('keeps the original URL with no size for a missing file or a non-image, and warns once', async () => {
      const warn = vi.fn();
      const media = createMediaService(t.app.deps.config, { log: { warn, error: vi.fn() } });
      const missing = { original: '/media/tests/nope.jpg', url: '/media/tests/nope.jpg', width: null, height: null };
      expect(await media.image('tests/nope.jpg', opts('size:400'))).toEqual(missing);
      expect(await media.image('tests/nope.jpg')).toEqual(missing);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(await media.image('tests/notes.pdf', opts('size:400'))).toMatchObject({ url: '/media/tests/notes.pdf', width: null });
      expect(await media.image('https://cdn.example/x.jpg', opts('size:400'))).toMatchObject({ url: 'https://cdn.example/x.jpg' });
    });

    it.each([
      ['tests/landscape.jpg', 'size:400', 400, 267],
      ['tests/landscape.jpg', 'size:400x300', 400, 267],
      ['tests/landscape.jpg', 'size:400x300,crop:center', 400, 300],
      ['tests/landscape.jpg', 'size:300x300,crop:top', 320, 320],
      ['tests/landscape.jpg', 'size:2000', 1200, 800],
      ['tests/small.png', 'size:1000', 300, 200],
      ['tests/small.png', 'size:600x600,crop:left', 200, 200],
      ['tests/rotated.jpg', 'size:200', 240, 360],
    ])('%s with %s: a WebP of exactly the size it reports', async (key, raw, width, height) => {
      const image = await t.app.media.image(key, opts(raw));
      expect(image).toMatchObject({ original: `/media/${key}`, width, height });
      expect(image!.url).toMatch(/^\/media\/~\/[0-9x\w-]+\/[\w-]{11}\/[\w-]{16}\/tests\/.+\.webp$/);
      const res = await get(image!.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    });

    it('makes only a fixed set of sizes, however many are asked for', async () => {
      const specs = new Set<string>();
      const specOf = async (raw: string) => (await t.app.media.image('tests/landscape.jpg', opts(raw)))!.url.split('/')[3]!;
      for (let width = 16; width <= 2560; width += 11) specs.add(await specOf(`size:${width}`));
      expect([...specs].map(Number).sort((a, b) => a - b)).toEqual([...IMAGE_WIDTHS]);

      const boxes = new Set<string>();
      for (let width = 16; width <= 2560; width += 97) {
        for (let height = 16; height <= 2560; height += 89) boxes.add(await specOf(`size:${width}x${height},crop:center`));
      }
      expect(boxes.size).toBeLessThanOrEqual(IMAGE_WIDTHS.length * IMAGE_ASPECT_RATIOS.length);
      for (const box of boxes) {
        const [, w, h] = /^(\d+)x(\d+)-center$/.exec(box)!;
        expect(IMAGE_WIDTHS, box).toContain(Number(w));
        expect(IMAGE_ASPECT_RATIOS.some(([rw, rh]) => Math.round((Number(w) * rh) / rw) === Number(h)), box).toBe(true);
      }
    });

    it('keeps the sizes the site asks for exactly', async () => {
      for (const [raw, spec] of [
        ['size:640x400,crop:center', '640x400-center'],
        ['size:480x360,crop:center', '480x360-center'],
        ['size:320x320,crop:center', '320x320-center'],
        ['size:720x450,crop:center', '720x450-center'],
        ['size:400x250,crop:center', '400x250-center'],
        ['size:360x240,crop:center', '360x240-center'],
        ['size:800', '800'],
        ['size:615', '615'],
        ['size:400x300', '400x300'],
      ]) {
        expect(canonicalSpec(opts(raw!)), raw).toEqual(parseSpec(spec!));
      }
    });

    it('gives equal options one URL', async () => {
      const a = await t.app.media.image('tests/landscape.jpg', opts('size:400'));
      const b = await t.app.media.image('tests/landscape.jpg', opts('size:400,crop:top'));
      expect(a!.url).toBe(b!.url);
    });
  });

  describe('variants: made once, then served from disk', () => {
    it('generates on the first request only; later ones stream the same cached file', async () => {
      const { url } = (await t.app.media.image('tests/landscape.jpg', opts('size:350')))!;
      const before = t.app.media.generatedCount;
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(t.app.media.generatedCount).toBe(before + 1);

      const dir = path.join(dataDir, 'cache', 'images', 'tests', 'landscape.jpg');
      const [name] = (await readdir(dir)).filter((n) => n.endsWith('-360.webp'));
      const cached = await stat(path.join(dir, name!));

      const second = await get(url);
      expect(second.statusCode).toBe(200);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(t.app.media.generatedCount).toBe(before + 1);
      const after = await stat(path.join(dir, name!));
      expect([after.ino, after.mtimeMs]).toEqual([cached.ino, cached.mtimeMs]);

      const revalidated = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect(revalidated.statusCode).toBe(304);
    });

    it('generates once however many ask at the same time', async () => {
      const { url } = (await t.app.media.image('tests/landscape.jpg', opts('size:555x333,crop:bottom')))!;
      const before = t.app.media.generatedCount;
      const answers = await Promise.all(Array.from({ length: 12 }, () => get(url)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
      expect(new Set(answers.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
      expect(t.app.media.generatedCount).toBe(before + 1);
    });

    it('refuses URLs it did not sign: a changed size, version, signature or key is a 404 and makes nothing', async () => {
      const { url } = (await t.app.media.image('tests/landscape.jpg', opts('size:400x300,crop:center')))!;
      const [, , , spec, version, signature, ...key] = url.split('/');
      const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
      const tampered = [
        ['', 'media', '~', '2000x2000-center', version, signature, ...key],
        ['', 'media', '~', '400x301-center', version, signature, ...key],
        ['', 'media', '~', '400x300-top', version, signature, ...key],
        ['', 'media', '~', spec, flip(version!), signature, ...key],
        ['', 'media', '~', spec, version, flip(signature!), ...key],
        ['', 'media', '~', spec, version, signature, 'tests', 'small.png.webp'],
        ['', 'media', '~', spec, version, signature, ...key.slice(0, -1), 'landscape.jpg'],
        ['', 'media', '~', '400', version, 'AAAAAAAAAAAAAAAA', ...key],
      ].map((parts) => parts.join('/'));
      const before = t.app.media.generatedCount;
      for (const bad of tampered) {
        const res = await get(bad);
        expect(res.statusCode, bad).toBe(404);
        expect(res.json()).toEqual({ detail: 'Не найдено.' });
      }
      expect(t.app.media.generatedCount).toBe(before);
    });

    it('refuses a correctly signed URL of a size outside the fixed set', async () => {
      const { url } = (await t.app.media.image('tests/landscape.jpg', opts('size:400')))!;
      const [, , , , version, , ...key] = url.split('/');
      const storageKey = key.join('/').replace(/\.webp$/, '');
      const signingKey = deriveKey(t.app.deps.config.secretKey, 'media-url-signing');
      const signed = (spec: string) => {
        const signature = createHmac('sha256', signingKey).update(`${storageKey}\n${spec}\n${version}`).digest().subarray(0, 12).toString('base64url');
        return ['', 'media', '~', spec, version, signature, ...key].join('/');
      };
      expect((await get(signed('400'))).statusCode).toBe(200); // the signing above is right
      const before = t.app.media.generatedCount;
      for (const spec of ['401', '399x301', '400x123-center']) expect((await get(signed(spec))).statusCode, spec).toBe(404);
      expect(t.app.media.generatedCount).toBe(before);
    });

    it('gives a replaced original new URLs; the old URL redirects and old variants are removed', async () => {
      await writeImage('tests/replaced.jpg', 800, 600, 'jpeg');
      const media = createMediaService(t.app.deps.config, { statTtlMs: 0 });
      const old = (await media.image('tests/replaced.jpg', opts('size:200')))!;
      const parse = (url: string) => media.parseVariantPath(url.slice('/media/~/'.length))!;
      expect(await media.variant(parse(old.url))).toMatchObject({ kind: 'file' });

      await writeImage('tests/replaced.jpg', 400, 400, 'jpeg');
      const fresh = (await media.image('tests/replaced.jpg', opts('size:200')))!;
      expect(fresh.url).not.toBe(old.url);
      expect(fresh).toMatchObject({ width: 240, height: 240 });
      expect(await media.variant(parse(old.url))).toEqual({ kind: 'moved', url: fresh.url });
      expect(await media.variant(parse(fresh.url))).toMatchObject({ kind: 'file' });
      const names = await readdir(path.join(dataDir, 'cache', 'images', 'tests', 'replaced.jpg'));
      expect(names).toEqual([`${parse(fresh.url).version}-240.webp`]);
    });

    it('is a 404, not a 500, when the original of a signed URL is gone', async () => {
      await writeImage('tests/gone.jpg', 100, 100, 'jpeg');
      const { url } = (await t.app.media.image('tests/gone.jpg', opts('size:50')))!;
      await t.app.media.storage.delete('tests/gone.jpg');
      const media = createMediaService(t.app.deps.config, { statTtlMs: 0 });
      expect(await media.variant(media.parseVariantPath(url.slice('/media/~/'.length))!)).toEqual({ kind: 'missing' });
    });

    it('does not accept URLs signed with another SECRET_KEY', async () => {
      const other = createMediaService(loadConfig({ ...store.env, DATA_DIR: dataDir, SECRET_KEY: 'another-installation-secret-key-0123456789' }));
      const { url } = (await other.image('tests/landscape.jpg', opts('size:400')))!;
      expect((await get(url)).statusCode).toBe(404);
    });
  });

  describe('the variant cache is bounded', () => {
    let cacheDir: string;
    let sweepConfig: typeof t.app.deps.config;
    const HOUR = 60 * 60 * 1000;
    beforeAll(async () => {
      const root = await mkdtemp(path.join(os.tmpdir(), 'crema-media-sweep-'));
      sweepConfig = { ...t.app.deps.config, dataDir: root };
      cacheDir = path.join(root, 'cache', 'images');
    });
    afterAll(async () => {
      await rm(sweepConfig.dataDir, { recursive: true, force: true });
    });

    /** A cache file of `size` bytes last used `ageMs` ago. */
    async function cached(relative: string, size: number, ageMs: number) {
      const file = path.join(cacheDir, relative);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, Buffer.alloc(size, 1));
      const at = new Date(Date.now() - ageMs);
      await utimes(file, at, at);
      return file;
    }
    const exists = (file: string) => stat(file).then(() => true, () => false);

    it('removes the least recently used variants down to 90 % of the budget, stale temporary files and empty folders', async () => {
      const oldest = await cached('a/one.jpg/v-400.webp', 30_000, 50 * HOUR);
      const older = await cached('a/two.jpg/v-400.webp', 30_000, 40 * HOUR);
      const kept = [
        await cached('b/three.jpg/v-400.webp', 30_000, 30 * HOUR),
        await cached('b/three.jpg/v-800.webp', 30_000, 20 * HOUR),
        await cached('c.jpg/v-400.webp', 30_000, 10 * HOUR),
      ];
      const staleTemp = await cached('c.jpg/v-640.webp.abc.tmp', 100, 2 * HOUR);
      const writing = await cached('c.jpg/v-960.webp.def.tmp', 100, 0);
      const media = createMediaService(sweepConfig, { cacheMaxBytes: 100_200 }); // down to 90_180 bytes

      expect(await media.sweepCache()).toEqual({ before: 150_200, after: 90_100, removed: 3 });
      expect(await exists(oldest)).toBe(false);
      expect(await exists(older)).toBe(false);
      expect(await exists(staleTemp)).toBe(false);
      for (const file of [...kept, writing]) expect(await exists(file), file).toBe(true);
      // The emptied key folders are gone; the others stay.
      expect((await readdir(cacheDir)).sort()).toEqual(['b', 'c.jpg']);
      // Under budget: nothing more to do.
      expect(await media.sweepCache()).toEqual({ before: 90_100, after: 90_100, removed: 0 });
    });

    it('counts a variant served from the cache as used, so it outlives newer ones nobody asks for', async () => {
      await rm(cacheDir, { recursive: true, force: true });
      await put('tests/popular.jpg', written.get('tests/landscape.jpg')!);
      // The store is shared; the variant cache is this (pretend) machine's own.
      const media = createMediaService(sweepConfig, { cacheMaxBytes: 1_000_000, storage: t.app.media.storage });
      const { url } = (await media.image('tests/popular.jpg', opts('size:160')))!;
      const request = media.parseVariantPath(url.slice('/media/~/'.length))!;
      const made = await media.variant(request);
      expect(made).toMatchObject({ kind: 'file' });
      const file = (made as { file: string }).file;
      const longAgo = new Date(Date.now() - 72 * HOUR);
      await utimes(file, longAgo, longAgo);
      const fresher = await cached('tests/other.jpg/v-400.webp', 2_000_000, 24 * HOUR);

      expect(await media.variant(request)).toMatchObject({ kind: 'file', file });
      expect((await stat(file)).mtimeMs).toBeGreaterThan(Date.now() - HOUR);
      await media.sweepCache();
      expect(await exists(file)).toBe(true);
      expect(await exists(fresher)).toBe(false);
    });
  });
});
