// Phone copies of homework videos (decision 0087). A phone films 4K HEVC in a MOV that many
// browsers cannot play and no mobile connection wants to stream; each video a learner or a curator
// sends gets, in the background, a copy every browser plays — H.264 (Main profile) with AAC in an
// MP4 whose index comes first, fitted into 1280×720 (720×1280 upright), never enlarged — and a
// poster frame. ffmpeg does the work in a child process at low priority, one video at a time, by a
// job that runs once per tick across processes. Until the copy is ready, and for a video ffmpeg
// cannot read, the original is played.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { homeworkAttachments } from '../../db/schema/index.ts';
import type { Logger } from '../../deps.ts';
import type { JobDefinition } from '../../lib/jobs.ts';
import type { Storage } from '../media/storage.ts';
import { videoKeys } from './files.ts';

/** The box a phone copy fits into, whichever way the video stands. */
export const PHONE_VIDEO = { long: 1280, short: 720 } as const;
/** One video's encoding is given up (the original kept) after this long. */
const ENCODE_TIMEOUT_MS = 30 * 60_000;
/** A tick encodes videos one by one until this has passed; the rest wait for the next tick. */
const TICK_BUDGET_MS = 10 * 60_000;
/** Longer than a tick's budget and its last video's encoding. */
const LEASE_MS = TICK_BUDGET_MS + ENCODE_TIMEOUT_MS + 5 * 60_000;

/** Where a video is copied to be read by ffmpeg, and where its copies are written. */
export function homeworkVideosDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'cache', 'homework-videos');
}

/** ffmpeg refused the file or ran out of time: the file itself is the reason, trying again will not help. */
export class EncodeError extends Error {}

/** Runs ffmpeg with `args` at low priority; an EncodeError with the end of its error output when it fails. */
function ffmpeg(command: string, args: string[], timeoutMs = ENCODE_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-2000);
    });
    if (child.pid) {
      try {
        // Pages are answered first: the encoder takes only what the processor has left.
        setPriority(child.pid, 15);
      } catch {
        // Not allowed here: it runs at the server's priority.
      }
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new EncodeError(signal === 'SIGKILL' ? `ffmpeg ran out of ${timeoutMs} ms` : `ffmpeg exited with ${code}: ${errors.trim()}`));
    });
  });
}

/**
 * Whether `command` is an ffmpeg that encodes H.264 (libx264); false when it is missing or lacks
 * the encoder. Asked once per process.
 */
export async function canEncode(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, ['-hide_banner', '-encoders'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0 && /\blibx264\b/.test(out)));
  });
}

/**
 * Encodes `input` into `dir`: `phone.mp4` and `poster.webp`. The sides are those of the copy
 * (the poster is a frame of it). An EncodeError when ffmpeg cannot read the file.
 */
export async function encodePhoneCopy(command: string, input: string, dir: string): Promise<{ video: string; poster: string; width: number; height: number }> {
  const video = path.join(dir, 'phone.mp4');
  const frame = path.join(dir, 'frame.png');
  const poster = path.join(dir, 'poster.webp');
  const box = (long: number, short: number) => `if(gte(iw,ih),${long},${short})`;
  const scale =
    `scale=w='min(iw,${box(PHONE_VIDEO.long, PHONE_VIDEO.short)})':h='min(ih,${box(PHONE_VIDEO.short, PHONE_VIDEO.long)})'` +
    ':force_original_aspect_ratio=decrease:force_divisible_by=2,setsar=1,format=yuv420p';
  await ffmpeg(command, [
    ...['-i', input],
    // The first picture and the first sound, if any; ffmpeg turns a phone's upright video as it was filmed.
    ...['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn', '-map_metadata', '-1'],
    // At most 30 frames a second (a phone's 60 halved; 24 kept as it is).
    ...['-vf', scale, '-fpsmax', '30'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-profile:v', 'main', '-maxrate', '3M', '-bufsize', '6M'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
    ...['-movflags', '+faststart', '-threads', '2', video],
  ]);
  // A representative frame of the first seconds (not the black first one) as the poster.
  await ffmpeg(command, ['-i', video, '-vf', 'thumbnail=48', '-frames:v', '1', '-an', frame]);
  const encoded = await sharp(frame).webp({ quality: 75 }).toFile(poster);
  return { video, poster, width: encoded.width, height: encoded.height };
}

/**
 * Makes the phone copies of videos waiting for them, oldest first, until none is left or `budgetMs`
 * has passed. A video ffmpeg cannot read, or one whose original is gone, is marked `original`; a
 * failure of the store leaves it waiting for the next tick.
 */
export async function encodePendingVideos(
  db: Executor,
  storage: Storage,
  options: { ffmpeg: string; dir: string; log?: Logger; budgetMs?: number },
): Promise<{ ready: number; original: number }> {
  const started = Date.now();
  const budget = options.budgetMs ?? TICK_BUDGET_MS;
  const done = { ready: 0, original: 0 };
  const tried = new Set<number>();
  let prepared = false;
  while (Date.now() - started < budget) {
    const [next] = await db
      .select({ id: homeworkAttachments.id, storageKey: homeworkAttachments.storageKey })
      .from(homeworkAttachments)
      .where(eq(homeworkAttachments.videoState, 'pending'))
      .orderBy(asc(homeworkAttachments.id))
      .limit(1);
    if (!next || tried.has(next.id)) break;
    tried.add(next.id);
    // The work folder is touched only when there is work: most ticks find none.
    if (!prepared) {
      await mkdir(options.dir, { recursive: true });
      await removeLeftovers(options.dir, started);
      prepared = true;
    }
    const outcome = await encodeOne(db, storage, options, next);
    if (outcome) done[outcome] += 1;
  }
  return done;
}

/** Work folders a process left when it died mid-encoding (older than any run may last). */
async function removeLeftovers(dir: string, now: number): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const folder = path.join(dir, name);
    const st = await stat(folder).catch(() => null);
    if (st && now - st.mtimeMs > LEASE_MS) await rm(folder, { recursive: true, force: true });
  }
}

async function encodeOne(
  db: Executor,
  storage: Storage,
  options: { ffmpeg: string; dir: string; log?: Logger },
  row: { id: number; storageKey: string },
): Promise<'ready' | 'original' | null> {
  const stillPending = and(eq(homeworkAttachments.id, row.id), eq(homeworkAttachments.videoState, 'pending'));
  const work = await mkdtemp(path.join(options.dir, `${row.id}-`));
  try {
    const original = await storage.get(row.storageKey);
    if (!original) {
      await db.update(homeworkAttachments).set({ videoState: 'original' }).where(stillPending);
      return 'original';
    }
    const input = path.join(work, 'original');
    await pipeline(original.body, createWriteStream(input));
    let copy: Awaited<ReturnType<typeof encodePhoneCopy>>;
    try {
      copy = await encodePhoneCopy(options.ffmpeg, input, work);
    } catch (error) {
      if (!(error instanceof EncodeError)) throw error;
      options.log?.warn({ attachment: row.id, err: error.message }, 'homework video: kept as sent, the encoder could not read it');
      await db.update(homeworkAttachments).set({ videoState: 'original' }).where(stillPending);
      return 'original';
    }
    const keys = videoKeys(row.storageKey);
    await storage.put(keys.phone, createReadStream(copy.video), { contentType: 'video/mp4', size: (await stat(copy.video)).size });
    await storage.put(keys.poster, createReadStream(copy.poster), { contentType: 'image/webp', size: (await stat(copy.poster)).size });
    const [marked] = await db
      .update(homeworkAttachments)
      .set({ videoState: 'ready', width: copy.width, height: copy.height })
      .where(stillPending)
      .returning({ id: homeworkAttachments.id });
    if (!marked) {
      // The upload was swept while it was encoded: its copies go too.
      await storage.delete(keys.phone);
      await storage.delete(keys.poster);
      return null;
    }
    return 'ready';
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The encoder's job: every 15 s, the waiting videos' phone copies. With no usable ffmpeg it says so
 * once and does nothing; videos then play as they were sent.
 */
export function homeworkVideoJob(options: { db: Executor; storage: Storage; ffmpeg: string | null; dir: string; log: Logger; everyMs?: number }): JobDefinition {
  let usable: Promise<boolean> | undefined;
  return {
    name: 'homework-videos.encode',
    everyMs: options.everyMs ?? 15_000,
    leaseMs: LEASE_MS,
    run: async () => {
      if (!options.ffmpeg) return;
      usable ??= canEncode(options.ffmpeg).then((ok) => {
        if (!ok) options.log.warn({ ffmpeg: options.ffmpeg }, 'homework videos play as sent: no ffmpeg with libx264 (FFMPEG_PATH)');
        return ok;
      });
      if (!(await usable)) return;
      return encodePendingVideos(options.db, options.storage, { ffmpeg: options.ffmpeg, dir: options.dir, log: options.log });
    },
  };
}
