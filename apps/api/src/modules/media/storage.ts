// Where uploads live (decision 0076): one interface, two backends chosen by the config. `local` is a
// folder (UPLOADS_DIR, default DATA_DIR/uploads) that every process of the installation mounts;
// `s3` is a bucket of any S3-compatible store (Yandex Object Storage, say). Keys are the storage
// keys the database holds ('courses/12/abc.jpg', 'demo/…'); they are checked with safeKey before
// any backend sees them. Variants of pictures are not kept here: they are a per-machine cache
// (images.ts).
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import { contentTypeOf, pathUnder, safeKey } from './files.ts';

/** What the store knows of one object without reading it. */
export interface ObjectInfo {
  size: number;
  /** As stored with the object (S3), or by the key's extension (local). */
  contentType: string;
  modified: Date;
  /** The store's own validator (S3's ETag), where it has one: it tells apart two versions of one second. */
  etag?: string;
}

/** An object's bytes (all of them, or the asked range) and what it is. */
export interface ObjectBody extends ObjectInfo {
  body: Readable;
}

/** Inclusive byte range, as HTTP's Range header counts: bytes start..end. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores `body` under `key` whole (readers never see half of it), replacing what was there. */
  put(key: string, body: Buffer | Readable, options: { contentType: string; size?: number }): Promise<void>;
  /** The object's bytes (from `range` only, if given, clamped by the caller to the size); null if there is none. */
  get(key: string, range?: ByteRange): Promise<ObjectBody | null>;
  /** The object's size, type and date; null if there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Every key starting with `prefix` ('' for all), with its size, in key order (S3) or folder order (local). */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
}

/** The store the config names. */
export function createStorage(config: Pick<Config, 'storage'>): Storage {
  return config.storage.kind === 's3' ? s3Storage(config.storage) : diskStorage(config.storage.uploadsDir);
}

/** Folder of the objects being written (folder store), never served: a dot-folder safeKey refuses. */
const INCOMING = '.incoming';

/** Reads a whole object into memory (pictures, small files); null if there is none. */
export async function readObject(storage: Storage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function checkedKey(key: string): string {
  if (!safeKey(key)) throw new Error(`storage: unsafe key ${JSON.stringify(key)}`);
  return key;
}

// ---------------------------------------------------------------------------------------- local

/** Files under `root`: written aside in root/.incoming and renamed, so a reader sees all or nothing. */
export function diskStorage(root: string): Storage {
  const fileOf = (key: string) => pathUnder(root, checkedKey(key));
  const info = async (key: string, file: string): Promise<ObjectInfo | null> => {
    const st = await stat(file).catch(() => null);
    return st?.isFile() ? { size: st.size, contentType: contentTypeOf(key), modified: st.mtime } : null;
  };

  return {
    kind: 'local',

    async put(key, body) {
      const file = fileOf(key);
      if (!file) throw new Error(`storage: unsafe key ${JSON.stringify(key)}`);
      const incoming = path.join(root, INCOMING);
      await mkdir(incoming, { recursive: true });
      const temp = path.join(incoming, randomBytes(12).toString('hex'));
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp));
        await mkdir(path.dirname(file), { recursive: true });
        await rename(temp, file);
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
    },

    async get(key, range) {
      const file = fileOf(key);
      const found = file ? await info(key, file) : null;
      if (!file || !found) return null;
      return { ...found, body: createReadStream(file, range ? { start: range.start, end: range.end } : {}) };
    },

    async head(key) {
      const file = fileOf(key);
      return file ? info(key, file) : null;
    },

    async delete(key) {
      const file = fileOf(key);
      if (!file) return;
      await rm(file, { force: true });
      // Empty folders go too (rmdir refuses one that is not empty).
      for (let dir = path.dirname(file); dir !== root && dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
        if (!(await rmdir(dir).then(() => true, () => false))) break;
      }
    },

    async *list(prefix) {
      async function* walk(dir: string, relative: string): AsyncGenerator<{ key: string; size: number }> {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const entry of entries) {
          if (entry.name.startsWith('.')) continue; // .incoming and other hidden files are no objects
          const key = relative ? `${relative}/${entry.name}` : entry.name;
          // Only folders on the way to the prefix, or inside it.
          if (!key.startsWith(prefix) && !prefix.startsWith(`${key}/`)) continue;
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full, key);
          else if (entry.isFile() && key.startsWith(prefix) && safeKey(key)) {
            const st = await stat(full).catch(() => null);
            if (st) yield { key, size: st.size };
          }
        }
      }
      yield* walk(root, '');
    },
  };
}

// ------------------------------------------------------------------------------------------- s3

type S3Settings = Extract<Config['storage'], { kind: 's3' }>;

/** Objects in one bucket of an S3-compatible store. */
export function s3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's newer default (CRC32 trailers on every
    // upload) is not understood by every S3-compatible store.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const missing = (error: unknown) =>
    error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

  return {
    kind: 's3',

    async put(key, body, options) {
      const size = Buffer.isBuffer(body) ? body.length : options.size;
      if (size === undefined) throw new Error('storage: the size of a streamed upload is needed for S3');
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: body, ContentType: options.contentType, ContentLength: size }),
      );
    },

    async get(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: checkedKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        // The whole object's size: from Content-Range for a part.
        const total = /\/(\d+)$/.exec(out.ContentRange ?? '')?.[1];
        return {
          size: total ? Number(total) : (out.ContentLength ?? 0),
          contentType: out.ContentType ?? contentTypeOf(key),
          modified: out.LastModified ?? new Date(0),
          etag: out.ETag,
          body: out.Body as Readable,
        };
      } catch (error) {
        // 416: the object shrank since the caller looked (replaced meanwhile): gone as asked.
        if (missing(error) || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)) return null;
        throw error;
      }
    },

    async head(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return {
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? contentTypeOf(key),
          modified: out.LastModified ?? new Date(0),
          etag: out.ETag,
        };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },

    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }));
        for (const object of out.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        }
        ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
