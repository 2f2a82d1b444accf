import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_TEXTS } from '@crema/contract';
import { contentTypeOf, fileEtag, pathUnder, safeKey, sendFile, VARIANT_SEGMENT } from './files.ts';
import type { MediaStore } from './images.ts';

const ORIGINAL_CACHE = 'public, max-age=86400';
// A variant URL carries the original's version: its bytes never change.
const VARIANT_CACHE = 'public, max-age=31536000, immutable';

type MediaRequest = FastifyRequest<{ Params: { '*': string } }>;

/**
 * GET /media/<key>: originals from DATA_DIR/uploads; GET /media/~/<spec>/<version>/<sig>/<key>.webp:
 * signed resized variants, made on the first request and then served from the disk cache.
 */
export async function mediaRoutes(app: FastifyInstance, { media }: { media: MediaStore }) {
  const notFound = (reply: FastifyReply) =>
    reply.code(404).header('cache-control', 'no-cache').send({ detail: ERROR_TEXTS.notFound });

  async function serve(request: MediaRequest, reply: FastifyReply) {
    const rest = request.params['*'];
    if (rest.startsWith(`${VARIANT_SEGMENT}/`)) {
      const variant = media.parseVariantPath(rest.slice(VARIANT_SEGMENT.length + 1));
      if (!variant) return notFound(reply);
      const result = await media.variant(variant);
      if (result.kind === 'missing') return notFound(reply);
      if (result.kind === 'moved') return reply.header('cache-control', 'no-cache').redirect(result.url, 302);
      const st = await stat(result.file).catch(() => null);
      if (!st?.isFile()) return notFound(reply);
      return sendFile(request, reply, result.file, st, { contentType: 'image/webp', cacheControl: VARIANT_CACHE, etag: result.etag });
    }

    const key = safeKey(rest);
    const file = key ? pathUnder(media.uploadsDir, key) : null;
    const st = file ? await stat(file).catch(() => null) : null;
    if (!file || !key || !st?.isFile()) return notFound(reply);
    return sendFile(request, reply, file, st, {
      contentType: contentTypeOf(key),
      cacheControl: ORIGINAL_CACHE,
      etag: fileEtag(st),
      ranges: true,
    });
  }

  // HEAD is declared, not derived from GET: Fastify's derived HEAD reads the whole file (say, a
  // video) only to throw it away.
  app.route({ method: ['GET', 'HEAD'], url: '/media/*', schema: { hide: true }, handler: serve });
}
