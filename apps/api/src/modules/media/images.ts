// Image URLs for stored media and their resized variants. A variant URL names the original's
// key, the size and the original's version, signed with a key derived from SECRET_KEY: only
// sizes this server handed out can be made, and a replaced original gets new URLs, so a
// variant's bytes never change under its URL. Variants are made lazily on the first request
// (routes.ts) from the original read through the uploads store (storage.ts), written once to
// this machine's DATA_DIR/cache/images and streamed from disk afterwards.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, rename, rm, rmdir, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_ASPECT_RATIOS, IMAGE_WIDTHS, type Image, type ImageOpts } from '@crema/contract';
import type { Config } from '../../config.ts';
import { deriveKey } from '../../lib/keys.ts';
import { contentTypeOf, imageCacheDir, pathUnder, safeKey, VARIANT_SEGMENT } from './files.ts';
import { createStorage, readObject, type Storage } from './storage.ts';

/** Public URL prefix of uploaded and seeded media (served from the uploads store). */
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

/** The width variants are made in for a requested one: the nearest allowed at or above it. */
export function snapWidth(width: number): number {
  return IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/** The height of a `width`-wide box in the allowed aspect ratio nearest to `width`×`height`. */
function snapHeight(width: number, requested: { width: number; height: number }): number {
  const wanted = Math.log(requested.width / requested.height);
  let best: readonly [number, number] = IMAGE_ASPECT_RATIOS[0];
  for (const ratio of IMAGE_ASPECT_RATIOS) {
    if (Math.abs(Math.log(ratio[0] / ratio[1]) - wanted) < Math.abs(Math.log(best[0] / best[1]) - wanted)) best = ratio;
  }
  return Math.max(1, Math.round((width * best[1]) / best[0]));
}

/**
 * The variant served for a request, in canonical form: one URL (and one cached file) per distinct
 * result. The size snaps to the allowed widths and aspect ratios, so the sizes anyone can make
 * this server resize to are a fixed, small set; 'size:400,crop:top' and 'size:400' give the
 * same picture.
 */
export function canonicalSpec(opts: ImageOpts): VariantSpec {
  const width = snapWidth(opts.width);
  if (opts.height === undefined) return { width, crop: 'none' };
  return { width, height: snapHeight(width, { width: opts.width, height: opts.height }), crop: opts.crop };
}

/** True for a spec canonicalSpec can produce (URLs of any other size are refused). */
export function isCanonicalSpec(spec: VariantSpec): boolean {
  const again = canonicalSpec({ width: spec.width, height: spec.height, crop: spec.crop });
  return again.width === spec.width && again.height === spec.height;
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
  key: string;
  /** Changes whenever the file is replaced (hash of size and modification time). */
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
  /** Where originals live (UPLOADS_DIR or the S3 bucket): shared by every process. */
  readonly storage: Storage;
  /** A folder on this machine for uploads being received and checked before they are stored. */
  readonly incomingDir: string;
  /** Parses and verifies `<spec>/<version>/<signature>/<key>.webp`; null if anything is off. */
  parseVariantPath(rest: string): VariantRequest | null;
  /** The cached variant file, made first if needed (once, however many ask at the same time). */
  variant(request: VariantRequest): Promise<VariantResult>;
  /** How many variants this process has generated (a test and monitoring aid). */
  readonly generatedCount: number;
  /**
   * Brings the variant cache under its budget: least recently used files go first, down to 90 %
   * of it; leftover temporary files go too. Runs once at a time (a second call joins the first).
   */
  sweepCache(): Promise<CacheSweep>;
  /** Sweeps now and every `intervalMs` (default hourly) until the returned function is called. */
  startSweeping(intervalMs?: number): () => void;
}

export interface CacheSweep {
  /** Bytes in the cache before and after, and the files removed. */
  before: number;
  after: number;
  removed: number;
}

export interface MediaOptions {
  log?: Logger;
  /** How long an original's size and date are trusted before they are looked up again (ms; 1 s, 30 s on S3). */
  statTtlMs?: number;
  /** Variants generated at the same time; the rest wait in line. */
  concurrency?: number;
  /** Budget of the variant cache in bytes (default: IMAGE_CACHE_MAX_MB from the config). */
  cacheMaxBytes?: number;
  /** The uploads store (default: the one the config names). */
  storage?: Storage;
}

const SIGNATURE = /^[A-Za-z0-9_-]{16}$/;
const VERSION = /^[A-Za-z0-9_-]{11}$/;
const WEBP_QUALITY = 80;
const MAX_REMEMBERED = 5000;
/** Originals larger than this are not read to learn a picture's size (no upload of a picture is). */
const MAX_IMAGE_BYTES = 64 * 1024 * 1024;
/** A served variant older than this has its mtime set to now: the sweep's idea of "recently used". */
const TOUCH_AFTER_MS = 24 * 60 * 60 * 1000;
/** A temporary file this old belongs to no running write. */
const STALE_TEMP_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const silent: Logger = { warn() {}, error() {} };

// sharp keeps recently opened files open; originals can be replaced at any time, so it must not.
// Its thread count per image (sharp.concurrency) keeps sharp's own default: one thread on glibc,
// where more fragments memory, the CPU count elsewhere. Our limiter bounds the jobs instead.
sharp.cache({ files: 0 });

/** The media service of one process: original and variant URLs, sizes, variant generation. */
export function createMediaService(config: Config, options: MediaOptions = {}): MediaStore {
  const log = options.log ?? silent;
  const storage = options.storage ?? createStorage(config);
  // A look at a bucket is a request over the network: trusted longer. Uploads get new keys, so a
  // stale answer only delays a replaced demo picture's new URL (an old one redirects meanwhile).
  const statTtlMs = options.statTtlMs ?? (storage.kind === 's3' ? 30_000 : 1000);
  // Received uploads are checked on this machine's own disk (not a shared one), then put into the store.
  const incomingDir = path.join(config.dataDir, 'cache', 'incoming');
  const cacheRoot = imageCacheDir(config.dataDir);
  const signingKey = deriveKey(config.secretKey, 'media-url-signing');
  const limit = createLimiter(options.concurrency ?? Math.max(1, Math.min(2, os.availableParallelism() - 1)));

  const checked = new Map<string, { at: number; info: Promise<OriginalInfo | null> }>();
  const sizes = new Map<string, { version: string; width: number | null; height: number | null }>();
  const warned = new Set<string>();
  const inFlight = new Map<string, Promise<void>>();
  let generatedCount = 0;
  const cacheMaxBytes = options.cacheMaxBytes ?? config.imageCacheMaxMb * 1024 * 1024;
  // Bytes written since the last sweep: a burst of new sizes starts one before the hourly timer.
  let writtenSinceSweep = 0;
  let sweeping: Promise<CacheSweep> | null = null;

  function sweepCache(): Promise<CacheSweep> {
    sweeping ??= sweep(cacheRoot, cacheMaxBytes).finally(() => {
      sweeping = null;
    });
    writtenSinceSweep = 0;
    return sweeping;
  }

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
    const head = await storage.head(key);
    if (!head) {
      warnOnce(key, 'media: original not found, its URL will 404');
      return null;
    }
    const version = createHash('sha256').update(`${head.size}:${head.modified.getTime()}:${head.etag ?? ''}`).digest().subarray(0, 8).toString('base64url');
    let known = sizes.get(key);
    if (known?.version !== version) {
      // Only pictures are read (a lesson's video is not): by the key's type, as /media/ serves it.
      const picture = contentTypeOf(key).startsWith('image/') && head.size <= MAX_IMAGE_BYTES;
      const data = picture ? await readObject(storage, key) : null;
      const meta = data ? await sharp(data).metadata().catch(() => null) : null;
      known = { version, width: meta?.autoOrient.width ?? null, height: meta?.autoOrient.height ?? null };
      remember(sizes, key, known);
    }
    warned.delete(key);
    return { key, ...known };
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
    const original = await readObject(storage, source.key);
    if (!original) throw new Error('the original is gone');
    const data = await sharp(original, { failOn: 'error' })
      .autoOrient()
      .resize(size.width, size.height, { fit: size.fit, position: gravity(request.spec.crop) })
      .webp({ quality: WEBP_QUALITY })
      .timeout({ seconds: 30 })
      .toBuffer();
    generatedCount++;
    writtenSinceSweep += data.length;
    if (writtenSinceSweep > cacheMaxBytes / 10) {
      sweepCache().catch((error: unknown) => log.error({ err: error }, 'media: cache sweep failed'));
    }
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
    storage,
    incomingDir,

    get generatedCount() {
      return generatedCount;
    },

    sweepCache,

    startSweeping(intervalMs = SWEEP_EVERY_MS) {
      const run = () => {
        sweepCache().then(
          (result) => {
            if (result.removed > 0) log.warn({ ...result }, 'media: image cache over budget, least recently used variants removed');
          },
          (error: unknown) => log.error({ err: error }, 'media: cache sweep failed'),
        );
      };
      run();
      const timer = setInterval(run, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
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
      if (!spec || !key || formatSpec(spec) !== specText || !isCanonicalSpec(spec)) return null;
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
      if (cached?.isFile()) {
        // Marks it used (coarsely: at most once a day per file), so the sweep keeps what is shown.
        const now = Date.now();
        if (now - cached.mtimeMs > TOUCH_AFTER_MS) await utimes(target, now / 1000, now / 1000).catch(() => {});
        return { kind: 'file', file: target, etag };
      }

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

interface CachedFile {
  file: string;
  size: number;
  mtimeMs: number;
}

/** Every file under `dir` (the cache is a few levels deep: key segments, then variants). */
async function listFiles(dir: string, into: CachedFile[] = []): Promise<CachedFile[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await listFiles(file, into);
    else if (entry.isFile()) {
      const st = await stat(file).catch(() => null);
      if (st) into.push({ file, size: st.size, mtimeMs: st.mtimeMs });
    }
  }
  return into;
}

/** The sweep itself (see MediaStore.sweepCache). */
async function sweep(cacheRoot: string, maxBytes: number): Promise<CacheSweep> {
  const files = await listFiles(cacheRoot);
  const before = files.reduce((sum, f) => sum + f.size, 0);
  let after = before;
  let removed = 0;
  const now = Date.now();
  const drop = async (f: CachedFile) => {
    await rm(f.file, { force: true });
    after -= f.size;
    removed++;
    // Empty key folders go too (rmdir refuses a folder that is not empty, or the root).
    for (let dir = path.dirname(f.file); dir !== cacheRoot && dir.startsWith(cacheRoot); dir = path.dirname(dir)) {
      if (!(await rmdir(dir).then(() => true, () => false))) break;
    }
  };
  const temps = files.filter((f) => f.file.endsWith('.tmp'));
  for (const f of temps) if (now - f.mtimeMs > STALE_TEMP_MS) await drop(f);
  if (after > maxBytes) {
    const variants = files.filter((f) => !f.file.endsWith('.tmp')).sort((a, b) => a.mtimeMs - b.mtimeMs);
    const target = maxBytes * 0.9;
    for (const f of variants) {
      if (after <= target) break;
      await drop(f);
    }
  }
  return { before, after, removed };
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
