import type { Image, ImageOpts } from '@crema/contract';

/** Public URL prefix of uploaded and seeded media (served from DATA_DIR/uploads). */
export const MEDIA_PREFIX = '/media/';

/**
 * The API shape of a stored image. `image_opts` are validated by the contract; resized
 * variants arrive with the image service of the public-site issue, until then `url` is the
 * original and width/height are unknown.
 */
export function imageFor(storageKey: string | null, _opts?: ImageOpts): Image | null {
  if (!storageKey) return null;
  const original = /^https?:\/\//.test(storageKey) ? storageKey : `${MEDIA_PREFIX}${storageKey.replace(/^\/+/, '')}`;
  return { original, url: original, width: null, height: null };
}
