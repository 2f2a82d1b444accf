// Sends a homework file to someone allowed to see it (files.ts decides who): with byte ranges, so
// a video seeks; a photo in its phone size when asked. Private to the browser's own cache.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { fileEtag, sendFile } from '../media/files.ts';
import type { Storage } from '../media/storage.ts';
import { FILE_TEXTS, openableAttachment, phoneKey } from './files.ts';

/** The files never change under their id; a removed curator's browser keeps only what it has already seen. */
const CACHE = 'private, max-age=3600';

export async function serveHomeworkFile(
  db: Executor,
  storage: Storage,
  actor: SignedInActor,
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  size?: 'phone',
) {
  const attachment = await openableAttachment(db, actor, id);
  const phone = size === 'phone' && attachment.kind === 'photo';
  const key = phone ? phoneKey(attachment.storageKey) : attachment.storageKey;
  const info = await storage.head(key);
  if (!info) throw ApiError.notFound(FILE_TEXTS.notFound);
  const open = async (range?: { start: number; end: number }) => (await storage.get(key, range))?.body ?? null;
  const contentType = phone ? 'image/webp' : attachment.contentType;
  return sendFile(request, reply, info, open, {
    contentType,
    cacheControl: CACHE,
    etag: fileEtag(info),
    ranges: true,
    // Downloads keep the name they were uploaded with.
    filename: attachment.name,
  });
}
