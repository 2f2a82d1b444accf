import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_TEXTS } from '@crema/contract';
import { contentTypeOf, fileEtag, isPrivateKey, safeKey, sendFile, VARIANT_SEGMENT } from './files.ts';
import type { MediaStore } from './images.ts';

const ORIGINAL_CACHE = 'public, max-age=86400';
// A variant URL carries the original's version: its bytes never change.
const VARIANT_CACHE = 'public, max-age=31536000, immutable';

type MediaRequest = FastifyRequest<{ Params: { '*': string } }>;

/**
 * GET /media/<key>: originals from the uploads store (a shared folder or an S3 bucket, storage.ts);
 * GET /media/~/<spec>/<version>/<sig>/<key>.webp: signed resized variants, made on the first
 * request and then served from this machine's disk cache.
 */
export async function mediaRoutes(app: FastifyInstance, { media }: { media: MediaStore }) {
  const notFound = (reply: FastifyReply) =>
    reply.code(404).header('cache-control', 'no-cache').send({ detail: ERROR_TEXTS.notFound });

  async function serve(request: MediaRequest, reply: FastifyReply) {
    const rest = request.params['*'];
    if (rest.startsWith(`${VARIANT_SEGMENT}/`)) {
      const variant = media.parseVariantPath(rest.slice(VARIANT_SEGMENT.length + 1));
      if (!variant || isPrivateKey(variant.key)) return notFound(reply);
      const result = await media.variant(variant);
      if (result.kind === 'missing') return notFound(reply);
      if (result.kind === 'moved') return reply.header('cache-control', 'no-cache').redirect(result.url, 302);
      const file = result.file;
      const st = await stat(file).catch(() => null);
      if (!st?.isFile()) return notFound(reply);
      const open = async () => createReadStream(file);
      return sendFile(request, reply, { size: st.size, modified: st.mtime }, open, {
        contentType: 'image/webp',
        cacheControl: VARIANT_CACHE,
        etag: result.etag,
      });
    }

    // Private files (homework) have their own access-checked route; here they do not exist.
    const key = safeKey(rest);
    const info = key && !isPrivateKey(key) ? await media.storage.head(key) : null;
    if (!key || !info) return notFound(reply);
    const open = async (range?: { start: number; end: number }) => (await media.storage.get(key, range))?.body ?? null;
    // The type by the key's extension, as the upload was checked: it decides inline or download.
    return sendFile(request, reply, info, open, {
      contentType: contentTypeOf(key),
      cacheControl: ORIGINAL_CACHE,
      etag: fileEtag(info),
      ranges: true,
    });
  }

  // HEAD is declared, not derived from GET: Fastify's derived HEAD reads the whole file (say, a
  // video) only to throw it away.
  app.route({ method: ['GET', 'HEAD'], url: '/media/*', schema: { hide: true }, handler: serve });
}
