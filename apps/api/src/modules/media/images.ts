import type { Image, ImageOpts } from '@crema/contract';
import type { Config } from '../../config.ts';

/** Public URL prefix of uploaded and seeded media (served from DATA_DIR/uploads). */
export const MEDIA_PREFIX = '/media/';

/** Turns stored image keys into the API's image shape, with the URL of the size asked for. */
export interface MediaService {
  /** The API shape of a stored image; `opts` picks a resized variant (made once, then cached). */
  image(storageKey: string | null | undefined, opts?: ImageOpts): Promise<Image | null>;
}

/** Original URL of a storage key (absolute URLs pass through). */
export function originalUrl(storageKey: string): string {
  return /^https?:\/\//.test(storageKey) ? storageKey : `${MEDIA_PREFIX}${storageKey.replace(/^\/+/, '')}`;
}

// TODO(issue 3, media part): resized variants with sharp; until then the original is returned.
export function createMediaService(_config: Config): MediaService {
  return {
    async image(storageKey) {
      if (!storageKey) return null;
      const original = originalUrl(storageKey);
      return { original, url: original, width: null, height: null };
    },
  };
}
