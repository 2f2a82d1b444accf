// The uploaded files of a backup: every object of the uploads storage (a directory or an S3
// bucket, modules/media/storage.ts), copied one by one with its sha256. The only place a backup
// touches the uploads.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { contentTypeOf } from '../modules/media/files.ts';
import type { Storage } from '../modules/media/storage.ts';

export interface StoredFile {
  /** The key under the uploads ('courses/12/cover.jpg'). */
  key: string;
  bytes: number;
  sha256: string;
}

export async function sha256Of(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

async function keysUnder(root: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const keys: string[] = [];
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) keys.push(...(await keysUnder(root, key)));
    else if (entry.isFile()) keys.push(key);
  }
  return keys.sort();
}

/** Copies every uploaded object into the directory `target` (same keys); returns each one's key, size and sha256. */
export async function saveUploads(storage: Storage, target: string): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for await (const { key } of storage.list('')) {
    const object = await storage.get(key);
    // Deleted since it was listed: not part of this backup.
    if (!object) continue;
    const to = path.join(target, key);
    await mkdir(path.dirname(to), { recursive: true });
    await pipeline(object.body, createWriteStream(to));
    files.push({ key, ...(await sha256Of(to)) });
  }
  return files.sort((a, b) => a.key.localeCompare(b.key));
}

/** The files kept in a backup's uploads directory (keys only). */
export function savedKeys(saved: string): Promise<string[]> {
  return keysUnder(saved);
}

/**
 * Makes the uploads storage hold exactly the backup's `saved` files: each is put under its key
 * (a file of the same key is replaced), then objects the backup does not have are deleted. A
 * failure midway leaves every current file in place, some already replaced; running the restore
 * again finishes it.
 */
export async function restoreUploads(saved: string, storage: Storage): Promise<void> {
  const keys = await keysUnder(saved);
  for (const key of keys) {
    await storage.put(key, createReadStream(path.join(saved, key)), {
      contentType: contentTypeOf(key),
      size: (await sha256Of(path.join(saved, key))).bytes,
    });
  }
  const keep = new Set(keys);
  const extra: string[] = [];
  for await (const { key } of storage.list('')) if (!keep.has(key)) extra.push(key);
  for (const key of extra) await storage.delete(key);
}
