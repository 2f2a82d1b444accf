// Demo files for the seeded school: every picture the seed refers to is drawn (demo-art.ts)
// and put into the uploads store (a shared folder or an S3 bucket, storage.ts) once, at start-up
// or by `npm run db:seed` — never while answering a request. Existing files are left alone, so a replaced demo picture stays. The
// short demo videos are committed files (made once by scripts/demo-videos.ts), copied over.
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { demoMediaKeys } from '../../db/seed/media.ts';
import { demoSvg } from './demo-art.ts';
import { contentTypeOf, safeKey } from './files.ts';
import type { Storage } from './storage.ts';

interface Logger {
  info(obj: object, msg?: string): void;
}

export interface DemoMediaResult {
  created: string[];
  /** Present already, left as they were. */
  existing: number;
  /** Keys we have no file for (say, a video added to the seed data without running the script). */
  skipped: string[];
}

/** The committed demo videos, one `<name>.mp4` per `demo/video/<name>.mp4` key. */
export const DEMO_VIDEO_DIR = fileURLToPath(new URL('../../db/seed/videos/', import.meta.url));

/** Pixel size of the demo picture for `key`: square portraits, 16:9 video posters, 16:10 covers. */
export function demoImageSize(key: string): { width: number; height: number } {
  if (key.startsWith('demo/teachers/')) return { width: 800, height: 800 };
  if (key.startsWith('demo/video/')) return { width: 1600, height: 900 };
  return { width: 1600, height: 1000 };
}

/** Writes every missing demo file the seed refers to (pictures as JPEG, materials as a small PDF). */
export async function ensureDemoMedia(storage: Storage, log?: Logger): Promise<DemoMediaResult> {
  const result: DemoMediaResult = { created: [], existing: 0, skipped: [] };
  const missing: string[] = [];
  // Looked up a few at a time: with S3 each is a request.
  await forEachLimit((await demoMediaKeys()).filter((key) => safeKey(key)), 8, async (key) => {
    if (await storage.head(key)) result.existing++;
    else missing.push(key);
  });
  missing.sort();
  const started = Date.now();
  // A couple at a time: rendering is CPU-bound, and this runs before the server listens.
  await forEachLimit(missing, 2, async (key) => {
    const data = await demoFile(key);
    if (!data) {
      result.skipped.push(key);
      return;
    }
    await storage.put(key, data, { contentType: contentTypeOf(key) });
    result.created.push(key);
  });
  if (result.created.length > 0) {
    // Said once, on the run that drew the pictures.
    log?.info({ created: result.created.length, skipped: result.skipped, ms: Date.now() - started }, 'demo media written');
  }
  return result;
}

async function demoFile(key: string): Promise<Buffer | null> {
  const ext = path.extname(key).toLowerCase();
  if (ext === '.jpg' || ext === '.jpeg') {
    const { width, height } = demoImageSize(key);
    return sharp(Buffer.from(demoSvg(key, width, height)))
      .jpeg({ quality: 82, progressive: true, mozjpeg: false })
      .toBuffer();
  }
  if (ext === '.pdf') return demoPdf(path.basename(key, ext));
  if (ext === '.mp4') return readFile(path.join(DEMO_VIDEO_DIR, path.basename(key))).catch(() => null);
  return null;
}

/** A one-page PDF (A4) with a short title in Helvetica: a valid stand-in for a lesson material. */
export function demoPdf(name: string): Buffer {
  const title = `Crema - ${name.replace(/[^a-z0-9-]/gi, '')}`;
  const content = `BT /F1 24 Tf 72 760 Td (${title}) Tj ET\n0.784 0.573 0.353 RG 4 w 72 740 m 523 740 l S\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}endstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function forEachLimit<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
