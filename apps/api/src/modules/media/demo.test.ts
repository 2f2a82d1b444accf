import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { createTestApp, createTestDatabase } from '../../test/app.ts';
import { demoImageSize, ensureDemoMedia, type DemoMediaResult } from './demo.ts';
import { diskStorage } from './storage.ts';

let dataDir: string;
let first: DemoMediaResult;
/** Every demo storage key anywhere in the seeded database, found by scanning all rows of all tables. */
let referenced: string[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'crema-demo-'));
  first = await ensureDemoMedia(diskStorage(path.join(dataDir, 'uploads')));
  const database = await createTestDatabase();
  try {
    await seedDatabase(database.db, loadConfig({ NODE_ENV: 'test' }).secretKey);
    const { rows: tables } = await database.pool.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const keys = new Set<string>();
    for (const { name } of tables) {
      const { rows } = await database.pool.query<{ key: string }>(
        `select distinct m[1] as key from "${name}" t, regexp_matches(t::text, '(demo/[A-Za-z0-9._/-]+\\.[a-z0-9]+)', 'g') m`,
      );
      for (const row of rows) keys.add(row.key);
    }
    referenced = [...keys].sort();
  } finally {
    await database.drop();
  }
}, 60_000);
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('demo media', () => {
  it('has a file for every demo image, poster and material the seeded database refers to', async () => {
    // Courses, OG images, pages, banners, teachers, subsections and block data all point here.
    for (const prefix of ['demo/courses/', 'demo/banners/', 'demo/teachers/', 'demo/subsections/', 'demo/pages/', 'demo/blog/', 'demo/video/', 'demo/files/']) {
      expect(referenced.some((key) => key.startsWith(prefix)), prefix).toBe(true);
    }
    const missing: string[] = [];
    for (const key of referenced) {
      if (!(await stat(path.join(dataDir, 'uploads', key)).catch(() => null))) missing.push(key);
    }
    expect(missing).toEqual([]);
    expect(first.skipped).toEqual([]);
  });

  it('copies a real, small H.264 MP4 for every demo video, playable while it downloads', async () => {
    const videos = referenced.filter((key) => key.endsWith('.mp4'));
    expect(videos).toContain('demo/video/studio-tour.mp4');
    let total = 0;
    for (const key of videos) {
      const bytes = await readFile(path.join(dataDir, 'uploads', key));
      total += bytes.length;
      // An ISO media file: the 'ftyp' box first, an H.264 track, the index ('moov') before the data.
      expect(bytes.subarray(4, 8).toString('latin1'), key).toBe('ftyp');
      expect(bytes.includes('avc1'), key).toBe(true);
      expect(bytes.indexOf('moov'), key).toBeLessThan(bytes.indexOf('mdat'));
    }
    expect(total).toBeLessThan(1024 * 1024);
  });

  it('serves a demo video whole and by byte range (seeking)', async () => {
    const t = await createTestApp({ DATA_DIR: dataDir });
    try {
      const whole = await t.app.inject({ method: 'GET', url: '/media/demo/video/studio-tour.mp4' });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      const part = await t.app.inject({ method: 'GET', url: '/media/demo/video/studio-tour.mp4', headers: { range: 'bytes=0-99' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`);
      expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 100))).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('draws real JPEGs of the promised size and writes valid PDFs', async () => {
    for (const key of first.created) {
      const file = path.join(dataDir, 'uploads', key);
      if (key.endsWith('.mp4')) continue; // checked above
      if (key.endsWith('.jpg')) {
        const meta = await sharp(file).metadata();
        const { width, height } = demoImageSize(key);
        expect([meta.format, meta.width, meta.height, meta.isProgressive], key).toEqual(['jpeg', width, height, true]);
      } else {
        const text = (await readFile(file)).toString('latin1');
        expect(text.startsWith('%PDF-1.4\n') && text.endsWith('%%EOF\n'), key).toBe(true);
        // The cross-reference table must point at the objects, or readers complain.
        const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
        expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
        const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
        offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
      }
    }
    const teacher = path.join(dataDir, 'uploads', 'demo/teachers/orlov.jpg');
    expect(await sharp(teacher).metadata()).toMatchObject({ width: 800, height: 800 });
  });

  it('gives different keys different pictures', async () => {
    const a = await readFile(path.join(dataDir, 'uploads', 'demo/courses/barista-pro.jpg'));
    const b = await readFile(path.join(dataDir, 'uploads', 'demo/courses/osnovy-obzharki.jpg'));
    expect(a.equals(b)).toBe(false);
  });

  it('is idempotent: a second run writes nothing and leaves the files alone', async () => {
    const file = path.join(dataDir, 'uploads', 'demo/banners/main-barista.jpg');
    const before = await stat(file);
    const again = await ensureDemoMedia(diskStorage(path.join(dataDir, 'uploads')));
    expect(again.created).toEqual([]);
    expect(again.existing).toBe(first.created.length);
    const after = await stat(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });
});
