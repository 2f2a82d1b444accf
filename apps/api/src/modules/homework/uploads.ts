// Homework uploads (decision 0087): photos, videos and files sent by the tus resumable protocol, so
// a video from a phone on a weak connection goes up in parts and goes on where it stopped. The
// parts are written to a folder on this machine (@tus/file-store); the finished file is checked as
// the course builder's uploads are — the type read from the content, never the name; pictures
// decoded whole; the server's cap per kind and the block's own cap — photos are re-encoded (their
// EXIF with the place a picture was taken dropped) with a phone size beside them, and the file is
// put into the uploads store under the private prefix `homework/` (files.ts). The finished upload
// is a row of homework_attachments with no message yet: only its uploader can attach it, and the
// sweep below removes what was not sent within a day.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { fileTypeFromFile } from 'file-type';
import { Metadata } from '@tus/utils';
import sharp from 'sharp';
import { and, eq, exists, isNull, lt, or, sql } from 'drizzle-orm';
import { HOMEWORK_FILE_MAX_MB, type HomeworkAccepts, type HomeworkAttachmentKind, type HomeworkUpload } from '@crema/contract';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { HomeworkBlockData } from '../../db/schema/blocks.ts';
import { courseModules, courses, homeworkAttachments, lessonBlocks, lessons, userCourses } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { JobDefinition } from '../../lib/jobs.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { studyScope } from '../learning/scopes.ts';
import type { Storage } from '../media/storage.ts';
import { HOMEWORK_KEY_PREFIX, PHONE_SIDE, phoneKey, videoKeys } from './files.ts';
import { curatedCourses } from './scopes.ts';

const MB = 1024 * 1024;
/** How long a started or a finished upload waits to be sent before the sweep removes it. */
export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** An image wider or taller than this is refused (a decompression bomb, or a mistake). */
const IMAGE_MAX_SIDE = 12_000;
/** Longest side a photo is kept at: a phone's camera is within it, a scan of a poster is brought down to it. */
const PHOTO_MAX_SIDE = 4096;

/** What each kind of attachment may be, by content, and the server's cap whatever the block says. */
export const HOMEWORK_KINDS = {
  photo: { types: ['jpg', 'png', 'webp', 'avif', 'heic'], maxBytes: 30 * MB, label: 'фотографию JPG, PNG, WebP или HEIC' },
  video: { types: ['mp4', 'webm', 'mov'], maxBytes: HOMEWORK_FILE_MAX_MB * MB, label: 'видео MP4, WebM или MOV' },
  file: {
    types: ['pdf', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'zip', 'jpg', 'png', 'mp3', 'm4a'],
    maxBytes: 100 * MB,
    label: 'файл PDF, DOCX, XLSX, PPTX, ODT, ZIP, JPG, PNG или MP3',
  },
} as const satisfies Record<HomeworkAttachmentKind, { types: readonly string[]; maxBytes: number; label: string }>;

const megabytes = (bytes: number) => `${Math.round(bytes / MB)} МБ`;
const KIND_ACCEPTS: Record<HomeworkAttachmentKind, 'photos' | 'videos' | 'files'> = { photo: 'photos', video: 'videos', file: 'files' };

export const UPLOAD_TEXTS = {
  blockNotFound: 'Задание не найдено или доступ к нему закрыт.',
  noLength: 'Укажите размер файла (заголовок Upload-Length): загрузка без размера не поддерживается.',
  noBlock: 'Укажите задание (block в Upload-Metadata).',
  empty: 'Файл пустой.',
  tooBig: (bytes: number) => `Файл больше ${megabytes(bytes)}: так много задание не принимает.`,
  kindTooBig: (kind: HomeworkAttachmentKind) => `Файл больше ${megabytes(HOMEWORK_KINDS[kind].maxBytes)}.`,
  wrongType: (accepts: HomeworkAccepts) =>
    `Файл не подходит: загрузите ${acceptedLabels(accepts)}. Тип проверяется по содержимому, а не по названию.`,
  badImage: 'Фотографию не удалось прочитать: возможно, файл повреждён. Попробуйте JPG или PNG.',
  hugeImage: `Фотография больше ${IMAGE_MAX_SIDE} точек по стороне: уменьшите её.`,
  notYours: 'Загрузка не найдена: начните её заново.',
} as const;

/** tus's own refusals (plain English text) in our words: by status. */
const TUS_ERROR_TEXTS: Record<number, string> = {
  400: 'Неверный запрос загрузки: обновите страницу и загрузите файл заново.',
  403: 'Неверный запрос загрузки: обновите страницу и загрузите файл заново.',
  404: UPLOAD_TEXTS.notYours,
  409: 'Часть файла пришла не с того места: загрузка продолжится с того, что уже получено.',
  410: UPLOAD_TEXTS.notYours,
  412: 'Нужен заголовок Tus-Resumable: 1.0.0.',
  413: 'Файл больше, чем принимает задание.',
  415: 'Части файла отправляются с типом application/offset+octet-stream.',
  423: 'Эту загрузку сейчас продолжает другой запрос: подождите несколько секунд.',
};
const TUS_FAILED = 'Файл не загрузился. Попробуйте ещё раз.';

function acceptedLabels(accepts: HomeworkAccepts): string {
  const labels = (['photo', 'video', 'file'] as const).filter((kind) => accepts[KIND_ACCEPTS[kind]] > 0).map((kind) => HOMEWORK_KINDS[kind].label);
  return labels.length ? labels.join(', или ') : 'файл, который принимает задание';
}

/** Where unfinished uploads are written: a folder on this machine, outside the uploads store. */
export function homeworkUploadsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'cache', 'homework-uploads');
}

/** A tus id: the uploader's id and a random part, so only its uploader reaches it (checked before tus sees the call). */
const uploadIdFor = (userId: number) => `u${userId}-${randomBytes(18).toString('base64url')}`;
export const ownsUpload = (userId: number, id: string) => id.startsWith(`u${userId}-`) && /^[A-Za-z0-9_-]{8,64}$/.test(id);

// ---------------------------------------------------------------- the block an upload is for

interface UploadBlock {
  id: number;
  /** What the uploader may send: the block's rule for a learner, the curators' own for a comment. */
  accepts: HomeworkAccepts;
  maxBytes: number;
}

/** A curator's comment may show pictures, a short video or a file, whatever the task takes from learners. */
export const CURATOR_ACCEPTS: HomeworkAccepts = { text: true, photos: 20, videos: 3, files: 10 };

/**
 * A homework block the actor may upload for: one of a published lesson of a course they study now
 * (the block's rule: kinds, counts, its largest file), or of a course whose homework they check —
 * its owner, a curator of it or of one of its groups, staff (the curators' rule for comments).
 */
export async function uploadBlock(db: Executor, actor: SignedInActor, blockId: number): Promise<UploadBlock> {
  const studies = db
    .select({ one: sql`1` })
    .from(userCourses)
    .where(and(eq(userCourses.courseId, courses.id), studyScope(actor)));
  const [row] = await db
    .select({ id: lessonBlocks.id, data: lessonBlocks.data, studies: sql<boolean>`${and(eq(lessons.isPublished, true), exists(studies))}` })
    .from(lessonBlocks)
    .innerJoin(lessons, eq(lessons.id, lessonBlocks.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, courseModules.courseId))
    .where(
      and(
        eq(lessonBlocks.id, blockId),
        eq(lessonBlocks.type, 'homework'),
        or(and(eq(lessons.isPublished, true), exists(studies)), actor.userCourseId === undefined ? curatedCourses(actor) : undefined),
      ),
    )
    .limit(1);
  if (!row) throw ApiError.notFound(UPLOAD_TEXTS.blockNotFound);
  const data = row.data as HomeworkBlockData;
  // A learner of the course answers by the block's rule; anyone else here checks the course's homework.
  if (!row.studies) return { id: row.id, accepts: CURATOR_ACCEPTS, maxBytes: HOMEWORK_FILE_MAX_MB * MB };
  return { id: row.id, accepts: data.accepts, maxBytes: Math.min(data.maxFileMb, HOMEWORK_FILE_MAX_MB) * MB };
}

// ---------------------------------------------------------------- checking a finished file

export interface StoredUpload {
  kind: HomeworkAttachmentKind;
  storageKey: string;
  sizeBytes: number;
  contentType: string;
  width: number | null;
  height: number | null;
  /** Videos wait for their phone copy (videos.ts). */
  videoState: 'pending' | null;
}

/** The kind a detected type is for this block: a picture is a photo where photos are taken, else a file if files are. */
function kindOf(ext: string, accepts: HomeworkAccepts): HomeworkAttachmentKind | null {
  const fits = (kind: HomeworkAttachmentKind) => accepts[KIND_ACCEPTS[kind]] > 0 && (HOMEWORK_KINDS[kind].types as readonly string[]).includes(ext);
  return (['photo', 'video', 'file'] as const).find(fits) ?? null;
}

/** The office formats file-type names by their zip contents; a plain zip stays a zip. */
const MIME_BY_EXT: Record<string, string> = { pdf: 'application/pdf', mov: 'video/quicktime' };

/**
 * Checks the finished file at `file` for the block and puts it into the store; a refusal is a
 * field error at `file` and stores nothing. Photos are decoded whole and re-encoded without their
 * metadata (rotated as the camera meant), kept at PHOTO_MAX_SIDE at most, with a phone size beside.
 */
export async function storeHomeworkFile(storage: Storage, block: UploadBlock, file: string): Promise<StoredUpload> {
  const size = (await stat(file)).size;
  if (size === 0) throw ApiError.fields({ file: [UPLOAD_TEXTS.empty] });
  if (size > block.maxBytes) throw ApiError.fields({ file: [UPLOAD_TEXTS.tooBig(block.maxBytes)] });
  const detected = await fileTypeFromFile(file);
  const kind = detected ? kindOf(detected.ext, block.accepts) : null;
  if (!detected || !kind) throw ApiError.fields({ file: [UPLOAD_TEXTS.wrongType(block.accepts)] });
  if (size > HOMEWORK_KINDS[kind].maxBytes) throw ApiError.fields({ file: [UPLOAD_TEXTS.kindTooBig(kind)] });
  const base = `${HOMEWORK_KEY_PREFIX}${block.id}/${randomBytes(15).toString('base64url').replace(/^[-_]/, 'h')}`;

  if (kind !== 'photo') {
    const storageKey = `${base}.${detected.ext}`;
    const contentType = MIME_BY_EXT[detected.ext] ?? detected.mime;
    await storage.put(storageKey, createReadStream(file), { contentType, size });
    return { kind, storageKey, sizeBytes: size, contentType, width: null, height: null, videoState: kind === 'video' ? 'pending' : null };
  }

  const limits = { failOn: 'error', limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE } as const;
  // The header tells the sides without decoding the picture (HEIC's too).
  const meta = await sharp(file, limits)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw ApiError.fields({ file: [UPLOAD_TEXTS.badImage] });
  if (meta.width > IMAGE_MAX_SIDE || meta.height > IMAGE_MAX_SIDE) throw ApiError.fields({ file: [UPLOAD_TEXTS.hugeImage] });
  const heic = detected.ext === 'heic' ? await decodeHeic(file) : null;
  const open = () => (heic ? sharp(heic.data, { ...limits, raw: { width: heic.width, height: heic.height, channels: 4 } }) : sharp(file, limits));
  // JPEG stays JPEG, PNG stays PNG (screenshots, transparency); an iPhone's HEIC becomes JPEG; WebP and AVIF become WebP.
  const format = detected.ext === 'jpg' || heic ? 'jpeg' : detected.ext === 'png' ? 'png' : 'webp';
  const fitted = (side: number) => open().rotate().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
  const photo = await fitted(PHOTO_MAX_SIDE)
    .toFormat(format, format === 'png' ? {} : { quality: 85 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  const phone = await fitted(PHONE_SIDE)
    .webp({ quality: 78 })
    .toBuffer()
    .catch(() => null);
  if (!photo || !phone) throw ApiError.fields({ file: [UPLOAD_TEXTS.badImage] });
  const ext = format === 'jpeg' ? 'jpg' : format;
  const storageKey = `${base}.${ext}`;
  const contentType = `image/${format}`;
  await storage.put(storageKey, photo.data, { contentType });
  await storage.put(phoneKey(storageKey), phone, { contentType: 'image/webp' });
  return { kind, storageKey, sizeBytes: photo.data.length, contentType, width: photo.info.width, height: photo.info.height, videoState: null };
}

/** heic-decode's entry, for the decoding thread. */
const HEIC_DECODE = createRequire(import.meta.url).resolve('heic-decode');
/** The decoding thread: plain CommonJS, so it runs however the server itself is started. */
const HEIC_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
require(workerData.module)({ buffer: workerData.bytes }).then(
  (image) => parentPort.postMessage({ width: image.width, height: image.height, data: image.data }, [image.data.buffer]),
  () => parentPort.postMessage({ error: true }),
);`;

/**
 * An iPhone's HEIC photo as RGBA pixels, turned as the camera meant. The image library here reads
 * HEIC's header but not its HEVC picture, so libheif (WebAssembly, in heic-decode) decodes it — in a
 * thread of its own, since a 12-megapixel photo takes seconds that pages must not wait for.
 */
async function decodeHeic(file: string): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const bytes = await readFile(file);
  const worker = new Worker(HEIC_THREAD, { eval: true, workerData: { module: HEIC_DECODE, bytes }, stdout: true, stderr: true });
  try {
    const answer = await new Promise<{ error?: true; width?: number; height?: number; data?: Uint8ClampedArray }>((resolve) => {
      worker.once('message', resolve);
      worker.once('error', () => resolve({ error: true }));
      worker.once('exit', () => resolve({ error: true }));
    });
    if (answer.error || !answer.data) throw ApiError.fields({ file: [UPLOAD_TEXTS.badImage] });
    return { data: answer.data, width: answer.width!, height: answer.height! };
  } finally {
    await worker.terminate();
  }
}

// ---------------------------------------------------------------- the tus server

/** What one tus call carries from the route into the server's hooks. */
interface CallContext {
  actor: SignedInActor;
  /** The upload the call is about (HEAD, PATCH, DELETE). */
  id?: string;
  /** The block's cap (POST). */
  maxBytes?: number;
  result?: HomeworkUpload;
  error?: unknown;
}

/** tus's Upload-Metadata (`key base64,key base64`), read by tus's own parser; null for a malformed header. */
function metadataOf(header: string | undefined): Record<string, string | null> | null {
  if (!header) return {};
  try {
    return Metadata.parse(header);
  } catch {
    return null;
  }
}

/** The name a person gave the file, kept for showing: no folders, controls or marks of direction; at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return base.slice(0, 200) || 'файл';
}

/** A tus call as the route passes it: method, the path after /api, headers, body. */
export interface TusCall {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Readable | null;
}

export interface TusAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const UPLOADS_PATH = '/api/homework/uploads';

/**
 * The tus endpoint of homework uploads: creation (with its data or without), HEAD to learn the
 * offset, PATCH to send more, DELETE to give up. Ownership and the block are checked by
 * `handle` before tus sees the call; the finished file is checked and stored in onUploadFinish.
 */
export class HomeworkUploads {
  readonly store: FileStore;
  private readonly server: Server;
  private readonly calls = new WeakMap<Request, CallContext>();

  constructor(
    private readonly db: Executor,
    private readonly storage: Storage,
    readonly dir: string,
  ) {
    this.store = new FileStore({ directory: dir, expirationPeriodInMilliseconds: PENDING_UPLOAD_TTL_MS });
    this.server = new Server({
      path: UPLOADS_PATH,
      datastore: this.store,
      // No cross-origin calls: the site and the API share an origin.
      allowedOrigins: () => false,
      generateUrl: (_req, { path: base, id }) => `${base}/${id}/`,
      getFileIdFromRequest: (req) => this.calls.get(req)?.id,
      namingFunction: (req) => uploadIdFor(this.calls.get(req)!.actor.user.id),
      maxSize: (req) => this.calls.get(req)?.maxBytes ?? HOMEWORK_FILE_MAX_MB * MB,
      onUploadFinish: (req, upload) => this.finish(req, upload),
    });
  }

  /** Runs one tus call for the actor; a refused call throws an ApiError (our problem shape, in Russian). */
  async handle(actor: SignedInActor, call: TusCall, id?: string): Promise<TusAnswer> {
    if (id !== undefined && !ownsUpload(actor.user.id, id)) throw ApiError.notFound(UPLOAD_TEXTS.notYours);
    const context: CallContext = { actor, id };
    const header = (name: string) => {
      const value = call.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    if (call.method === 'POST') {
      const metadata = metadataOf(header('upload-metadata'));
      const blockId = Number(metadata?.block);
      if (!metadata || !Number.isSafeInteger(blockId) || blockId <= 0 || blockId > 2_147_483_647) throw ApiError.fields({ block: [UPLOAD_TEXTS.noBlock] });
      const length = header('upload-length');
      if (length === undefined || !/^\d{1,15}$/.test(length)) throw ApiError.fields({ file: [UPLOAD_TEXTS.noLength] });
      const block = await uploadBlock(this.db, actor, blockId);
      if (Number(length) === 0) throw ApiError.fields({ file: [UPLOAD_TEXTS.empty] });
      if (Number(length) > block.maxBytes) throw ApiError.fields({ file: [UPLOAD_TEXTS.tooBig(block.maxBytes)] });
      context.maxBytes = block.maxBytes;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(call.headers)) {
      if (value === undefined || name.startsWith(':')) continue;
      for (const one of [value].flat()) headers.append(name, one);
    }
    const hasBody = (call.method === 'POST' || call.method === 'PATCH') && call.body !== null;
    const request = new Request(`http://uploads.invalid${call.url}`, {
      method: call.method,
      headers,
      body: hasBody ? (Readable.toWeb(call.body!) as ReadableStream) : undefined,
      // Node's fetch needs it for a streamed body.
      duplex: hasBody ? 'half' : undefined,
    });
    this.calls.set(request, context);
    const response = await this.server.handleWeb(request);
    const body = await response.text();
    const uploadId = context.id;
    if (context.error !== undefined || context.result) {
      // Checked and stored, or refused: the parts are no longer needed (a refused file cannot be resumed into a good one).
      if (uploadId) await this.store.remove(uploadId).catch(() => {});
    }
    if (context.error !== undefined) throw context.error;
    if (call.method === 'HEAD' && response.status === 404 && id !== undefined) {
      const finished = await this.finishedUpload(actor, id);
      if (finished) return finished;
    }
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!name.startsWith('access-control-')) out[name] = value;
    });
    if (response.status >= 400) {
      // tus's refusal: its headers (Tus-Resumable, Upload-Offset) kept, the body in our problem shape.
      delete out['content-length'];
      out['content-type'] = 'application/json; charset=utf-8';
      return { status: response.status, headers: out, body: JSON.stringify({ detail: TUS_ERROR_TEXTS[response.status] ?? TUS_FAILED }) };
    }
    return { status: response.status, headers: out, body };
  }

  /**
   * A finished upload asked about again (the last part's answer was lost, and the client asks how
   * far it got): its parts are gone, but it is whole — told as complete, so the client takes the
   * id from the address instead of sending the file once more.
   */
  private async finishedUpload(actor: SignedInActor, id: string): Promise<TusAnswer | null> {
    const [row] = await this.db
      .select({ size: homeworkAttachments.sizeBytes })
      .from(homeworkAttachments)
      .where(and(eq(homeworkAttachments.upload, id), eq(homeworkAttachments.uploaderId, actor.user.id)));
    if (!row) return null;
    const size = String(row.size);
    return { status: 200, headers: { 'tus-resumable': '1.0.0', 'upload-offset': size, 'upload-length': size, 'cache-control': 'no-store' }, body: '' };
  }

  private async finish(req: Request, upload: Upload) {
    const context = this.calls.get(req)!;
    context.id = upload.id;
    try {
      const blockId = Number(upload.metadata?.block);
      const block = await uploadBlock(this.db, context.actor, blockId);
      const stored = await storeHomeworkFile(this.storage, block, path.join(this.dir, upload.id));
      const name = cleanFileName(upload.metadata?.filename ?? upload.metadata?.name ?? undefined);
      try {
        await this.db.insert(homeworkAttachments).values({ upload: upload.id, uploaderId: context.actor.user.id, blockId: block.id, name, ...stored });
      } catch (error) {
        await removeStored(this.storage, stored.storageKey);
        throw error;
      }
      context.result = {
        upload: upload.id,
        kind: stored.kind,
        name,
        size_bytes: stored.sizeBytes,
        content_type: stored.contentType,
      };
      // A PATCH answers 200 with the upload (tus allows any 2xx); a creation keeps its 201 and Location.
      return {
        status_code: req.method === 'PATCH' ? 200 : undefined,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(context.result),
      };
    } catch (error) {
      context.error = error;
      throw { status_code: 400, body: 'refused' };
    }
  }
}

/** Removes a stored homework file and its copies (a photo's phone size, a video's phone copy and poster). */
export async function removeStored(storage: Storage, storageKey: string): Promise<void> {
  const video = videoKeys(storageKey);
  for (const key of [storageKey, phoneKey(storageKey), video.phone, video.poster]) await storage.delete(key);
}

// ---------------------------------------------------------------- the sweep

/**
 * Removes uploads never sent: finished ones (rows with no message) older than a day, their stored
 * files first; and unfinished parts in this machine's folder untouched for a day.
 */
export async function sweepPendingUploads(db: Executor, storage: Storage, dir: string, now = new Date()): Promise<{ uploads: number; parts: number }> {
  const before = new Date(now.getTime() - PENDING_UPLOAD_TTL_MS);
  const stale = await db
    .select({ id: homeworkAttachments.id, storageKey: homeworkAttachments.storageKey })
    .from(homeworkAttachments)
    .where(and(isNull(homeworkAttachments.messageId), lt(homeworkAttachments.createdAt, before)))
    .limit(1000);
  let uploads = 0;
  for (const row of stale) {
    // The row goes first, and only while still unattached: an answer sent this very moment keeps its file.
    const [gone] = await db
      .delete(homeworkAttachments)
      .where(and(eq(homeworkAttachments.id, row.id), isNull(homeworkAttachments.messageId)))
      .returning({ id: homeworkAttachments.id });
    if (!gone) continue;
    await removeStored(storage, row.storageKey);
    uploads += 1;
  }
  let parts = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const st = await stat(file).catch(() => null);
    if (!st?.isFile() || st.mtime >= before) continue;
    await rm(file, { force: true });
    if (!name.endsWith('.json')) parts += 1;
  }
  return { uploads, parts };
}

/** The hourly sweep of pending homework uploads, once per tick across processes. */
export function homeworkUploadSweepJob(options: { db: Executor; storage: Storage; dir: string; everyMs?: number }): JobDefinition {
  return {
    name: 'homework-uploads.sweep',
    everyMs: options.everyMs ?? 3_600_000,
    run: () => sweepPendingUploads(options.db, options.storage, options.dir),
  };
}
