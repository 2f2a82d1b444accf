// Homework files (decision 0087): what a message's attachments look like, how a finished upload
// becomes part of a message, and who may open one. The files live in the uploads store under the
// private prefix `homework/`, which /media/ never serves; they are read only through
// GET /api/homework/files/{id}/, by the uploader, the learner of the submission or its curators.
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { HomeworkAccepts, HomeworkAttachment, HomeworkAttachmentKind } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { homeworkAttachments, homeworkMessages, homeworkSubmissions, userCourses, type HomeworkAttachmentRow } from '../../db/schema/index.ts';
import { findOne } from '../../db/find.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { PRIVATE_KEY_PREFIXES } from '../media/files.ts';
import { curatedSubmissions } from './scopes.ts';

/** Where homework files are kept in the uploads store; /media/ refuses every key under it. */
export const HOMEWORK_KEY_PREFIX: string = PRIVATE_KEY_PREFIXES[0];
/** Longest side of a photo's phone size (the thread shows it; the original opens on a tap). */
export const PHONE_SIDE = 1280;

export const FILE_TEXTS = {
  notFound: 'Файл не найден.',
  uploadGone: 'Файл не найден: он загружен не вами, уже отправлен или лежал без отправки больше суток. Загрузите его заново.',
  otherBlock: 'Этот файл загружен для другого задания. Загрузите его заново.',
  tooMany: (kind: HomeworkAttachmentKind, limit: number) =>
    limit === 0 ? `К этому заданию нельзя приложить ${KIND_GENITIVE_PLURAL[kind]}.` : `Не больше ${limit} ${KIND_GENITIVE_PLURAL[kind]} в одном ответе.`,
} as const;

const KIND_GENITIVE_PLURAL: Record<HomeworkAttachmentKind, string> = { photo: 'фотографий', video: 'видео', file: 'файлов' };
const KIND_LIMIT: Record<HomeworkAttachmentKind, keyof HomeworkAccepts> = { photo: 'photos', video: 'videos', file: 'files' };

/** A key or a file name without its extension ('homework/3/abc.jpg' → 'homework/3/abc'). */
export function withoutExtension(name: string): string {
  return name.replace(/\.[A-Za-z0-9]+$/, '');
}

/** The key of a photo's phone size beside its original. */
export function phoneKey(storageKey: string): string {
  return `${withoutExtension(storageKey)}-phone.webp`;
}

/** The keys of a video's phone copy (H.264 MP4) and its poster (WebP) beside the original. */
export function videoKeys(storageKey: string): { phone: string; poster: string } {
  const base = withoutExtension(storageKey);
  return { phone: `${base}-phone.mp4`, poster: `${base}-poster.webp` };
}

/** A photo's phone size: its sides fitted into PHONE_SIDE, never enlarged. */
export function phoneSize(width: number | null, height: number | null): { width: number | null; height: number | null } {
  if (!width || !height) return { width, height };
  const scale = Math.min(1, PHONE_SIDE / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The address of an attachment (the access-checked route). */
export function fileUrl(id: number): string {
  return `/api/homework/files/${id}/`;
}

/** An attachment as the thread and the curator's card show it. */
export function toAttachment(
  row: Pick<HomeworkAttachmentRow, 'id' | 'kind' | 'name' | 'sizeBytes' | 'contentType' | 'width' | 'height' | 'videoState'>,
): HomeworkAttachment {
  const url = fileUrl(row.id);
  const played = row.kind === 'video' && row.videoState === 'ready' && row.width && row.height;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    size_bytes: row.sizeBytes,
    content_type: row.contentType,
    url,
    preview: row.kind === 'photo' ? { original: url, url: `${url}?size=phone`, ...phoneSize(row.width, row.height) } : null,
    playback: played ? { url: `${url}?size=phone`, poster: `${url}?size=poster`, width: row.width!, height: row.height! } : null,
  };
}

/** The attachments of messages, by message id, in upload order. */
export async function attachmentsOf(db: Executor, messageIds: number[]): Promise<Map<number, HomeworkAttachment[]>> {
  const byMessage = new Map<number, HomeworkAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(homeworkAttachments)
    .where(inArray(homeworkAttachments.messageId, messageIds))
    .orderBy(homeworkAttachments.id);
  for (const row of rows) {
    const list = byMessage.get(row.messageId!) ?? [];
    list.push(toAttachment(row));
    byMessage.set(row.messageId!, list);
  }
  return byMessage;
}

/**
 * Makes finished uploads part of message `messageId` (in the caller's transaction): each must be
 * the actor's own, not yet attached, and uploaded for block `blockId`; with `accepts`, no more of
 * each kind than the block allows. Rows are locked, so one upload never joins two messages. A
 * refusal is a field error at `uploads`.
 */
export async function attachUploads(
  tx: Executor,
  actor: SignedInActor,
  { blockId, messageId, uploads, accepts }: { blockId: number; messageId: number; uploads: string[]; accepts?: HomeworkAccepts },
): Promise<void> {
  const wanted = [...new Set(uploads)];
  if (wanted.length === 0) return;
  const rows = await tx
    .select({ id: homeworkAttachments.id, upload: homeworkAttachments.upload, kind: homeworkAttachments.kind, blockId: homeworkAttachments.blockId })
    .from(homeworkAttachments)
    .where(and(inArray(homeworkAttachments.upload, wanted), eq(homeworkAttachments.uploaderId, actor.user.id), isNull(homeworkAttachments.messageId)))
    .for('update');
  if (rows.length !== wanted.length) throw ApiError.fields({ uploads: [FILE_TEXTS.uploadGone] });
  if (rows.some((row) => row.blockId !== blockId)) throw ApiError.fields({ uploads: [FILE_TEXTS.otherBlock] });
  if (accepts) {
    const errors: string[] = [];
    for (const kind of ['photo', 'video', 'file'] as const) {
      const limit = accepts[KIND_LIMIT[kind]] as number;
      if (rows.filter((row) => row.kind === kind).length > limit) errors.push(FILE_TEXTS.tooMany(kind, limit));
    }
    if (errors.length) throw ApiError.fields({ uploads: errors });
  }
  await tx
    .update(homeworkAttachments)
    .set({ messageId })
    .where(
      inArray(
        homeworkAttachments.id,
        rows.map((row) => row.id),
      ),
    );
}

/**
 * An attachment the actor may open: their own upload; a file of a submission whose learner they
 * are (a course token keeps them to its enrolment); or a file of a submission in their curator
 * scope. Anything else, a 404.
 */
export function openableAttachment(db: Executor, actor: SignedInActor, id: number) {
  const learner: SQL = and(
    eq(userCourses.userId, actor.user.id),
    actor.userCourseId === undefined ? undefined : eq(userCourses.id, actor.userCourseId),
  )!;
  return findOne(
    db
      .select({ attachment: homeworkAttachments })
      .from(homeworkAttachments)
      .leftJoin(homeworkMessages, eq(homeworkMessages.id, homeworkAttachments.messageId))
      .leftJoin(homeworkSubmissions, eq(homeworkSubmissions.id, homeworkMessages.submissionId))
      .leftJoin(userCourses, eq(userCourses.id, homeworkSubmissions.userCourseId))
      .where(
        and(
          eq(homeworkAttachments.id, id),
          or(
            eq(homeworkAttachments.uploaderId, actor.user.id),
            and(sql`${homeworkSubmissions.id} is not null`, learner),
            // A course token opens the learner's own files only, never a curator's view.
            actor.userCourseId === undefined ? and(sql`${homeworkSubmissions.id} is not null`, curatedSubmissions(actor)) : undefined,
          ),
        ),
      )
      .limit(1),
    FILE_TEXTS.notFound,
  ).then((row) => row.attachment);
}
