// Sends a homework file to someone allowed to see it (files.ts decides who): with byte ranges, so
// a video seeks; a photo or a video in its phone size, or a video's poster, when asked (a video
// whose phone copy is not made yet plays as it was sent). Private to the browser's own cache.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { fileEtag, sendFile } from '../media/files.ts';
import type { Storage } from '../media/storage.ts';
import { FILE_TEXTS, openableAttachment, phoneKey, videoKeys, withoutExtension } from './files.ts';

/** The files never change under their id; a removed curator's browser keeps only what it has already seen. */
const CACHE = 'private, max-age=3600';

export async function serveHomeworkFile(
  db: Executor,
  storage: Storage,
  actor: SignedInActor,
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  size?: 'phone' | 'poster',
) {
  const attachment = await openableAttachment(db, actor, id);
  const copy = variant(attachment, size);
  if (size === 'poster' && !copy) throw ApiError.notFound(FILE_TEXTS.notFound);
  const key = copy?.key ?? attachment.storageKey;
  const info = await storage.head(key);
  if (!info) throw ApiError.notFound(FILE_TEXTS.notFound);
  const open = async (range?: { start: number; end: number }) => (await storage.get(key, range))?.body ?? null;
  const contentType = copy?.contentType ?? attachment.contentType;
  return sendFile(request, reply, info, open, {
    contentType,
    cacheControl: CACHE,
    etag: fileEtag(info),
    ranges: true,
    // Downloads keep the name they were uploaded with (a copy's with its own extension).
    filename: copy ? `${withoutExtension(attachment.name)}.${copy.key.split('.').pop()}` : attachment.name,
  });
}

/** The stored copy asked for, if the attachment has it. */
function variant(
  attachment: { kind: string; storageKey: string; videoState: string | null },
  size: 'phone' | 'poster' | undefined,
): { key: string; contentType: string } | null {
  if (attachment.kind === 'photo' && size === 'phone') return { key: phoneKey(attachment.storageKey), contentType: 'image/webp' };
  if (attachment.kind !== 'video' || attachment.videoState !== 'ready' || !size) return null;
  const keys = videoKeys(attachment.storageKey);
  return size === 'phone' ? { key: keys.phone, contentType: 'video/mp4' } : { key: keys.poster, contentType: 'image/webp' };
}
