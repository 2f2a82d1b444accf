// The uploaded files of a backup: everything under DATA_DIR/uploads, copied file by file with its
// sha256. The only place a backup touches the uploads, so it can move to another storage (a
// list/get/put interface over a directory or S3) by changing these two functions.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { uploadsDir } from '../modules/media/files.ts';

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

/** Copies every uploaded file into `target` (same keys); returns each file's key, size and sha256. */
export async function saveUploads(dataDir: string, target: string): Promise<StoredFile[]> {
  const source = uploadsDir(dataDir);
  const files: StoredFile[] = [];
  for (const key of await keysUnder(source)) {
    const to = path.join(target, key);
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(path.join(source, key), to);
    files.push({ key, ...(await sha256Of(to)) });
  }
  return files;
}

/** The files kept in a backup's uploads directory (keys only). */
export function savedKeys(saved: string): Promise<string[]> {
  return keysUnder(saved);
}

/**
 * Replaces the uploads with the backup's `saved` files: they are copied beside the uploads first,
 * then swapped in, so a failure midway leaves the current uploads as they were.
 */
export async function restoreUploads(saved: string, dataDir: string): Promise<void> {
  const current = uploadsDir(dataDir);
  const incoming = `${current}.restoring`;
  const previous = `${current}.before-restore`;
  await rm(incoming, { recursive: true, force: true });
  await mkdir(incoming, { recursive: true });
  for (const key of await keysUnder(saved)) {
    const to = path.join(incoming, key);
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(path.join(saved, key), to);
  }
  await rm(previous, { recursive: true, force: true });
  await rename(current, previous).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(incoming, current);
  await rm(previous, { recursive: true, force: true });
}
