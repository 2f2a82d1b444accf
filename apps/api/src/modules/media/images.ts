// Image URLs for stored media and their resized variants. A variant URL names the original's
// key, the size and the original's version, signed with a key derived from SECRET_KEY: only
// sizes this server handed out can be made, and a replaced original gets new URLs, so a
// variant's bytes never change under its URL. Variants are made lazily on the first request
// (routes.ts), written once to DATA_DIR/cache/images and streamed from disk afterwards.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Image, ImageOpts } from '@crema/contract';
import type { Config } from '../../config.ts';
import { deriveKey } from '../../lib/keys.ts';
import { imageCacheDir, pathUnder, safeKey, uploadsDir, VARIANT_SEGMENT } from './files.ts';

/** Public URL prefix of uploaded and seeded media (served from DATA_DIR/uploads). */
export const MEDIA_PREFIX = '/media/';

/** Turns stored image keys into the API's image shape, with the URL of the size asked for. */
export interface MediaService {
  /** The API shape of a stored image; `opts` picks a resized variant (made once, then cached). */
  image(storageKey: string | null | undefined, opts?: ImageOpts): Promise<Image | null>;
}

/** Original URL of a storage key (absolute URLs pass through). */
export function originalUrl(storageKey: string): string {
  return /^https?:\/\//.test(storageKey) ? storageKey : `${MEDIA_PREFIX}${encodeKey(normalizeKey(storageKey))}`;
}

type Crop = ImageOpts['crop'];

/** A variant's size request in canonical form: one URL (and one cached file) per distinct result. */
export interface VariantSpec {
  width: number;
  height?: number;
  crop: Crop;
}

/** 'size:400,crop:top' and 'size:400' give the same picture, so they share a URL. */
export function canonicalSpec(opts: ImageOpts): VariantSpec {
  return opts.height === undefined ? { width: opts.width, crop: 'none' } : { width: opts.width, height: opts.height, crop: opts.crop };
}

/** '400', '400x300' (fit inside) or '400x300-center' (cover-crop with that gravity). */
export function formatSpec(spec: VariantSpec): string {
  if (spec.height === undefined) return String(spec.width);
  return spec.crop === 'none' ? `${spec.width}x${spec.height}` : `${spec.width}x${spec.height}-${spec.crop}`;
}

const SPEC = /^([1-9]\d{0,3})(?:x([1-9]\d{0,3})(?:-(center|top|bottom|left|right))?)?$/;

/** The inverse of formatSpec; null for anything else. */
export function parseSpec(text: string): VariantSpec | null {
  const m = SPEC.exec(text);
  if (!m) return null;
  const width = Number(m[1]);
  if (m[2] === undefined) return { width, crop: 'none' };
  return { width, height: Number(m[2]), crop: (m[3] as Crop | undefined) ?? 'none' };
}

/**
 * The exact pixel size of a variant of a `source`-sized original. Never larger than the
 * original: a cover-crop too big for it shrinks keeping the asked aspect ratio.
 */
export function variantSize(source: { width: number; height: number }, spec: VariantSpec): { width: number; height: number; fit: 'fill' | 'cover' } {
  const { width: sw, height: sh } = source;
  if (spec.height === undefined) {
    const width = Math.min(spec.width, sw);
    return { width, height: Math.max(1, Math.round((sh * width) / sw)), fit: 'fill' };
  }
  if (spec.crop === 'none') {
    const scale = Math.min(1, spec.width / sw, spec.height / sh);
    return { width: Math.max(1, Math.round(sw * scale)), height: Math.max(1, Math.round(sh * scale)), fit: 'fill' };
  }
  const scale = Math.min(1, sw / spec.width, sh / spec.height);
  return {
    width: Math.min(sw, Math.max(1, Math.round(spec.width * scale))),
    height: Math.min(sh, Math.max(1, Math.round(spec.height * scale))),
    fit: 'cover',
  };
}

interface Logger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the service knows about one original. */
interface OriginalInfo {
  file: string;
  /** Changes whenever the file is replaced (hash of size and mtime). */
  version: string;
  /** Pixel size as displayed (EXIF orientation applied); null for files that are not images. */
  width: number | null;
  height: number | null;
}

/** A checked variant request from a URL. */
export interface VariantRequest {
  key: string;
  spec: VariantSpec;
  version: string;
}

export type VariantResult =
  | { kind: 'file'; file: string; etag: string }
  | { kind: 'moved'; url: string }
  | { kind: 'missing' };

/** MediaService plus what the /media/ routes need. */
export interface MediaStore extends MediaService {
  readonly uploadsDir: string;
  /** Parses and verifies `<spec>/<version>/<signature>/<key>.webp`; null if anything is off. */
  parseVariantPath(rest: string): VariantRequest | null;
  /** The cached variant file, made first if needed (once, however many ask at the same time). */
  variant(request: VariantRequest): Promise<VariantResult>;
  /** How many variants this process has generated (a test and monitoring aid). */
  readonly generatedCount: number;
}

export interface MediaOptions {
  log?: Logger;
  /** How long a file's stat is trusted before it is checked again (ms). */
  statTtlMs?: number;
  /** Variants generated at the same time; the rest wait in line. */
  concurrency?: number;
}

const SIGNATURE = /^[A-Za-z0-9_-]{16}$/;
const VERSION = /^[A-Za-z0-9_-]{11}$/;
const WEBP_QUALITY = 80;
const MAX_REMEMBERED = 5000;
const silent: Logger = { warn() {}, error() {} };

// sharp keeps recently opened files open; originals can be replaced at any time, so it must not.
// Its thread count per image (sharp.concurrency) keeps sharp's own default: one thread on glibc,
// where more fragments memory, the CPU count elsewhere. Our limiter bounds the jobs instead.
sharp.cache({ files: 0 });

/** The media service of one process: original and variant URLs, sizes, variant generation. */
export function createMediaService(config: Config, options: MediaOptions = {}): MediaStore {
  const log = options.log ?? silent;
  const statTtlMs = options.statTtlMs ?? 1000;
  const root = uploadsDir(config.dataDir);
  const cacheRoot = imageCacheDir(config.dataDir);
  const signingKey = deriveKey(config.secretKey, 'media-url-signing');
  const limit = createLimiter(options.concurrency ?? Math.max(1, Math.min(2, os.availableParallelism() - 1)));

  const checked = new Map<string, { at: number; info: Promise<OriginalInfo | null> }>();
  const sizes = new Map<string, { version: string; width: number | null; height: number | null }>();
  const warned = new Set<string>();
  const inFlight = new Map<string, Promise<void>>();
  let generatedCount = 0;

  const sign = (key: string, spec: string, version: string) =>
    createHmac('sha256', signingKey).update(`${key}\n${spec}\n${version}`).digest().subarray(0, 12).toString('base64url');

  const variantUrl = (key: string, spec: string, version: string) =>
    `${MEDIA_PREFIX}${VARIANT_SEGMENT}/${spec}/${version}/${sign(key, spec, version)}/${encodeKey(key)}.webp`;

  const warnOnce = (key: string, msg: string, extra: object = {}) => {
    if (warned.has(key)) return;
    warned.add(key);
    log.warn({ key, ...extra }, msg);
  };

  async function readInfo(key: string): Promise<OriginalInfo | null> {
    const file = pathUnder(root, key);
    if (!file) return null;
    const st = await stat(file).catch(() => null);
    if (!st?.isFile()) {
      warnOnce(key, 'media: original not found, its URL will 404');
      return null;
    }
    const version = createHash('sha256').update(`${st.size}:${st.mtimeMs}`).digest().subarray(0, 8).toString('base64url');
    let known = sizes.get(key);
    if (known?.version !== version) {
      const meta = await sharp(file).metadata().catch(() => null);
      known = { version, width: meta?.autoOrient.width ?? null, height: meta?.autoOrient.height ?? null };
      remember(sizes, key, known);
    }
    warned.delete(key);
    return { file, ...known };
  }

  /** The original's info, trusting a recent answer for statTtlMs. */
  function info(key: string, fresh = false): Promise<OriginalInfo | null> {
    const now = Date.now();
    const hit = checked.get(key);
    if (!fresh && hit && now - hit.at < statTtlMs) return hit.info;
    const loaded = readInfo(key);
    remember(checked, key, { at: now, info: loaded });
    loaded.catch(() => checked.delete(key));
    return loaded;
  }

  async function generate(request: VariantRequest, source: OriginalInfo, target: string): Promise<void> {
    if (source.width === null || source.height === null) throw new Error('not an image');
    const size = variantSize({ width: source.width, height: source.height }, request.spec);
    const data = await sharp(source.file, { failOn: 'error' })
      .autoOrient()
      .resize(size.width, size.height, { fit: size.fit, position: gravity(request.spec.crop) })
      .webp({ quality: WEBP_QUALITY })
      .timeout({ seconds: 30 })
      .toBuffer();
    generatedCount++;
    const dir = path.dirname(target);
    await mkdir(dir, { recursive: true });
    // Written aside and renamed: a reader sees the whole file or none.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, data);
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
    // Variants of earlier versions of this original are unreachable now.
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => name.endsWith('.webp') && !name.startsWith(`${request.version}-`))
        .map((name) => rm(path.join(dir, name), { force: true })),
    );
  }

  return {
    uploadsDir: root,

    get generatedCount() {
      return generatedCount;
    },

    async image(storageKey, opts) {
      if (!storageKey) return null;
      const original = originalUrl(storageKey);
      const plain = { original, url: original, width: null, height: null };
      // An absolute URL (not ours) is passed through as it is.
      if (original === storageKey) return plain;
      const key = normalizeKey(storageKey);
      if (!safeKey(key)) {
        warnOnce(key, 'media: unsafe storage key, not served');
        return plain;
      }
      try {
        const source = await info(key);
        if (!source || source.width === null || source.height === null) return plain;
        if (!opts) return { original, url: original, width: source.width, height: source.height };
        const spec = canonicalSpec(opts);
        const size = variantSize({ width: source.width, height: source.height }, spec);
        return { original, url: variantUrl(key, formatSpec(spec), source.version), width: size.width, height: size.height };
      } catch (error) {
        warnOnce(key, 'media: could not read the original', { err: error });
        return plain;
      }
    },

    parseVariantPath(rest) {
      const parts = rest.split('/');
      if (parts.length < 4) return null;
      const [specText = '', version = '', signature = ''] = parts;
      const keyWithExt = parts.slice(3).join('/');
      if (!keyWithExt.endsWith('.webp') || !VERSION.test(version) || !SIGNATURE.test(signature)) return null;
      const spec = parseSpec(specText);
      const key = safeKey(keyWithExt.slice(0, -'.webp'.length));
      if (!spec || !key || formatSpec(spec) !== specText) return null;
      const expected = Buffer.from(sign(key, specText, version));
      const given = Buffer.from(signature);
      return timingSafeEqual(expected, given) ? { key, spec, version } : null;
    },

    async variant(request) {
      const spec = formatSpec(request.spec);
      const target = pathUnder(cacheRoot, path.join(request.key, `${request.version}-${spec}.webp`));
      if (!target) return { kind: 'missing' };
      const etag = `"${request.version}-${spec}"`;
      // The original decides: a deleted one takes its variants with it, and a signed URL of an
      // earlier version sends the visitor to the picture that replaced it.
      let source = await info(request.key);
      if (source?.version !== request.version) source = await info(request.key, true);
      if (!source || source.width === null) return { kind: 'missing' };
      if (source.version !== request.version) return { kind: 'moved', url: variantUrl(request.key, spec, source.version) };

      const cached = await stat(target).catch(() => null);
      if (cached?.isFile()) return { kind: 'file', file: target, etag };

      let pending = inFlight.get(target);
      if (!pending) {
        pending = limit(() => generate(request, source, target)).finally(() => inFlight.delete(target));
        inFlight.set(target, pending);
      }
      try {
        await pending;
      } catch (error) {
        log.error({ err: error, key: request.key, spec }, 'media: variant generation failed');
        return { kind: 'missing' };
      }
      return { kind: 'file', file: target, etag };
    },
  };
}

/** sharp's name for a crop's gravity ('none' never crops, so any value does). */
function gravity(crop: Crop): string {
  return crop === 'center' || crop === 'none' ? 'centre' : crop;
}

/** Storage keys are relative: leading slashes are not part of them. */
function normalizeKey(key: string): string {
  return key.replace(/^\/+/, '');
}

/** URL path of a key, each segment percent-encoded. */
function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  // Maps iterate in insertion order: the first key is the least recently refreshed.
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value!);
}

/** Runs at most `max` tasks at a time, the rest in arrival order. */
function createLimiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next in line, so `running` never exceeds max.
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
