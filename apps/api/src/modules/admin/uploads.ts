// Files a course owner uploads (decision 0035): course covers and lesson images, lesson
// files and videos. The type is read from the content (file-type's signatures, and sharp decoding
// an image), never from the name or the browser's word; each kind has its own list and size
// limit. A file is received into a folder on this machine, checked there, then put into the
// uploads store (a shared folder or an S3 bucket, media/storage.ts), served by /media/ with
// resized variants for images.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { answers, courseModules, courses, lessonBlocks, lessons, questions, tests } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import type { MediaStore } from '../media/images.ts';
import { originalUrl } from '../media/images.ts';

export const UPLOAD_KINDS = {
  image: { types: ['jpg', 'png', 'webp', 'gif', 'avif'], maxBytes: 15 * 1024 * 1024, label: 'картинку JPG, PNG, WebP, GIF или AVIF' },
  file: {
    types: ['pdf', 'docx', 'xlsx', 'pptx', 'zip', 'jpg', 'png', 'mp3'],
    maxBytes: 50 * 1024 * 1024,
    label: 'файл PDF, DOCX, XLSX, PPTX, ZIP, JPG, PNG или MP3',
  },
  video: { types: ['mp4', 'webm'], maxBytes: 1024 * 1024 * 1024, label: 'видео MP4 или WebM' },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;
/** The largest upload of any kind: the multipart parser's own limit. */
export const UPLOAD_MAX_BYTES = UPLOAD_KINDS.video.maxBytes;
/** An image wider or taller than this is refused (a decompression bomb, or a mistake). */
const IMAGE_MAX_SIDE = 12_000;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} МБ`;
export const UPLOAD_TEXTS = {
  noFile: 'Выберите файл.',
  wrongType: (kind: UploadKind) => `Файл не подходит: загрузите ${UPLOAD_KINDS[kind].label}. Тип проверяется по содержимому, а не по названию.`,
  tooBig: (kind: UploadKind) => `Файл больше ${megabytes(UPLOAD_KINDS[kind].maxBytes)}.`,
  badImage: 'Картинку не удалось прочитать: возможно, файл повреждён.',
  hugeImage: `Картинка больше ${IMAGE_MAX_SIDE} точек по стороне: уменьшите её.`,
  oneFile: 'Загрузите один файл за раз (поле file), без других полей формы.',
  notYours: 'Этот файл загружен не вами и не относится к этому курсу. Загрузите файл заново.',
} as const;

/** One part of a multipart body, as @fastify/multipart's `parts()` yields it. */
type FormPart =
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean; resume(): unknown } }
  | { type: 'field'; fieldname: string };
/** The multipart parser's own refusals of a body with more parts than the route allows. */
const LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/**
 * Reads a whole upload form: exactly one file in the field `file`, nothing else. Every part is
 * read to its end (a part left unread would leave the request hanging); a second file, another
 * field or a body over the parser's limits is a 400 with the field's message, and a file already
 * stored from that body is removed again, so a refused form keeps nothing.
 */
export async function storeUploadForm(media: MediaStore, ownerId: number, kind: UploadKind, parts: AsyncIterable<FormPart>): Promise<Uploaded> {
  let stored: Uploaded | undefined;
  let refused: unknown;
  let extra = false;
  const forget = async () => {
    if (stored) await media.storage.delete(stored.key);
  };
  try {
    for await (const part of parts) {
      // A file the parser has already given up on (a form over its limits: the error follows) is
      // never read: a destroyed stream would leave the pipeline waiting forever.
      if (part.type === 'field' || part.fieldname !== 'file' || stored || refused !== undefined || part.file.destroyed) {
        extra = true;
        if (part.type === 'file') part.file.resume();
        continue;
      }
      try {
        stored = await storeUpload(media, ownerId, kind, { stream: part.file, filename: part.filename });
      } catch (error) {
        refused = error;
        part.file.resume();
      }
    }
  } catch (error) {
    await forget();
    if (error instanceof Error && LIMIT_CODES.has((error as { code?: string }).code ?? '')) throw ApiError.fields({ file: [UPLOAD_TEXTS.oneFile] });
    throw error;
  }
  if (extra) {
    await forget();
    throw ApiError.fields({ file: [UPLOAD_TEXTS.oneFile] });
  }
  if (refused !== undefined) throw refused;
  if (!stored) throw ApiError.fields({ file: [UPLOAD_TEXTS.noFile] });
  return stored;
}

export interface Uploaded {
  key: string;
  url: string;
  content_type: string;
  size_bytes: number;
  original_name: string;
  width: number | null;
  height: number | null;
}

/** The office formats file-type names by their zip contents; a plain zip stays a zip. */
const MIME_BY_EXT: Record<string, string> = { pdf: 'application/pdf' };

/**
 * Stores one uploaded stream as `kind` for `ownerId`: written to a temporary file, checked by
 * content and size, then put into the store under its key (`courses/<owner>/<random>.<real ext>`). A refused file
 * leaves nothing behind.
 */
export async function storeUpload(
  media: MediaStore,
  ownerId: number,
  kind: UploadKind,
  file: { stream: Readable & { truncated?: boolean }; filename: string },
): Promise<Uploaded> {
  const tmpDir = media.incomingDir;
  await mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
  try {
    await pipeline(file.stream, createWriteStream(tmp));
    const size = (await stat(tmp)).size;
    if (file.stream.truncated || size > UPLOAD_KINDS[kind].maxBytes) throw ApiError.fields({ file: [UPLOAD_TEXTS.tooBig(kind)] });
    if (size === 0) throw ApiError.fields({ file: [UPLOAD_TEXTS.noFile] });
    const detected = await fileTypeFromFile(tmp);
    const allowed: readonly string[] = UPLOAD_KINDS[kind].types;
    if (!detected || !allowed.includes(detected.ext)) throw ApiError.fields({ file: [UPLOAD_TEXTS.wrongType(kind)] });
    let width: number | null = null;
    let height: number | null = null;
    if (kind === 'image') {
      const meta = await sharp(tmp, { failOn: 'error', limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE })
        .metadata()
        .catch(() => null);
      if (!meta?.width || !meta.height) throw ApiError.fields({ file: [UPLOAD_TEXTS.badImage] });
      if (meta.width > IMAGE_MAX_SIDE || meta.height > IMAGE_MAX_SIDE) throw ApiError.fields({ file: [UPLOAD_TEXTS.hugeImage] });
      // The header alone can be whole while the pixels are not: decoded once here as the resizer
      // will decode it, or learners would get a broken picture the owner never heard about.
      const decodes = await sharp(tmp, { failOn: 'error', limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE })
        .resize(64, 64, { fit: 'inside' })
        .toBuffer()
        .then(
          () => true,
          () => false,
        );
      if (!decodes) throw ApiError.fields({ file: [UPLOAD_TEXTS.badImage] });
      width = meta.width;
      height = meta.height;
    }
    const key = `courses/${ownerId}/${randomBytes(12).toString('base64url').replace(/^[-_]/, 'f')}.${detected.ext}`;
    const contentType = MIME_BY_EXT[detected.ext] ?? detected.mime;
    await media.storage.put(key, createReadStream(tmp), { contentType, size });
    return {
      key,
      url: originalUrl(key),
      content_type: contentType,
      size_bytes: size,
      original_name: file.filename.slice(0, 200),
      width,
      height,
    };
  } finally {
    await rm(tmp, { force: true });
  }
}

// ---------------------------------------------------------------- whose files a course may show

/** Files the school ships (the demo seed's pictures and materials): anyone's course may show them. */
const SCHOOL_KEY_PREFIX = 'demo/';

/**
 * Storage keys already in course `courseId`: its cover and social image, its lessons' pictures,
 * posters, files and uploaded videos, its tests' question and answer pictures. A course keeps what
 * it has (a copy made by staff from another owner's course, or the demo course's pictures).
 */
async function keysOfCourse(db: Executor, courseId: number): Promise<Set<string>> {
  const result = await db.execute<{ key: string | null }>(sql`
    select ${courses.image} as key from ${courses} where ${courses.id} = ${courseId}
    union select ${courses.ogImage} from ${courses} where ${courses.id} = ${courseId}
    union select v.key from ${lessonBlocks}
      join ${lessons} on ${lessons.id} = ${lessonBlocks.lessonId}
      join ${courseModules} on ${courseModules.id} = ${lessons.moduleId}
      cross join lateral (values (${lessonBlocks.data}->>'image'), (${lessonBlocks.data}->>'poster'), (${lessonBlocks.data}->>'file'), (${lessonBlocks.data}->>'url'), (${lessonBlocks.data}->>'video')) as v(key)
      where ${courseModules.courseId} = ${courseId}
    union select picture->>'image' from ${lessonBlocks}
      join ${lessons} on ${lessons.id} = ${lessonBlocks.lessonId}
      join ${courseModules} on ${courseModules.id} = ${lessons.moduleId}
      cross join lateral jsonb_array_elements(case when jsonb_typeof(${lessonBlocks.data}->'images') = 'array' then ${lessonBlocks.data}->'images' else '[]'::jsonb end) as picture
      where ${courseModules.courseId} = ${courseId}
    union select ${questions.image} from ${questions} join ${tests} on ${tests.id} = ${questions.testId} where ${tests.courseId} = ${courseId}
    union select ${answers.image} from ${answers}
      join ${questions} on ${questions.id} = ${answers.questionId}
      join ${tests} on ${tests.id} = ${questions.testId}
      where ${tests.courseId} = ${courseId}`);
  return new Set(result.rows.flatMap((row) => (row.key ? [row.key] : [])));
}

/**
 * Refuses storage keys the actor may not put into course `courseId` (a field error per key, in
 * Russian): a key must be the actor's own upload (`courses/<actor id>/…`, as `storeUpload` names
 * every upload), a file the school ships (`demo/…`), or one the course already has. Another owner's
 * upload key — learnt from their public course page — is refused, so nobody shows someone else's
 * files (a paid lesson's materials, say) as their own. `fields` maps an error field to its key.
 */
export async function assertCourseKeys(db: Executor, actor: SignedInActor, courseId: number, fields: [field: string, key: string | null | undefined][]) {
  const own = `courses/${actor.user.id}/`;
  const unsure = fields.filter((entry): entry is [string, string] => {
    const key = entry[1];
    return typeof key === 'string' && key !== '' && !/^https?:\/\//i.test(key) && !key.startsWith(own) && !key.startsWith(SCHOOL_KEY_PREFIX);
  });
  if (!unsure.length) return;
  const kept = await keysOfCourse(db, courseId);
  const refused = unsure.filter(([, key]) => !kept.has(key));
  if (refused.length) throw ApiError.fields(Object.fromEntries(refused.map(([field]) => [field, [UPLOAD_TEXTS.notYours]])));
}
