// Whether the site needs building: a hash of everything the build reads (apps/web and the
// contract's sources, the root manifests and lockfile), stored beside the build it produced.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** What the site's build reads, relative to the repository root. */
export const BUILD_INPUTS = ['apps/web', 'packages/contract', 'package.json', 'package-lock.json', 'tsconfig.base.json'];

/** Never read by the build: outputs, tests, caches. `build-*` are other builds (WEB_BUILD_DIR). */
const IGNORED = /^(node_modules|build|build-.*|e2e|test-results|playwright-report|\.react-router|\.vite.*|\.DS_Store)$|\.test\.tsx?$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (IGNORED.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** sha256 over the inputs' relative paths and contents: any edit, addition or removal changes it. */
export async function sourceHash(root: string, inputs: readonly string[] = BUILD_INPUTS): Promise<string> {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    const list = (await stat(full)).isDirectory() ? files(full) : [full];
    for await (const file of list) {
      hash.update(`${path.relative(root, file)}\0`);
      hash.update(await readFile(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** Written next to a build: the sources it was made from, and when its server bundle was written. */
export interface BuildStamp {
  sources: string;
  builtAt: number;
  /** How its assets were compressed (apps/web/scripts/precompress.mjs); absent means 'best'. */
  compression?: Compression;
}

/** 'best' for production and `npm run build`; 'quick' for the first `npm start` in development. */
export type Compression = 'best' | 'quick';

export const STAMP_FILE = '.build-stamp.json';

/** The build's stamp, or null (no build, no stamp, or an unreadable one). */
export async function readStamp(buildDir: string): Promise<BuildStamp | null> {
  try {
    const stamp = JSON.parse(await readFile(path.join(buildDir, STAMP_FILE), 'utf8')) as Partial<BuildStamp>;
    return typeof stamp.sources === 'string' && typeof stamp.builtAt === 'number' ? (stamp as BuildStamp) : null;
  } catch {
    return null;
  }
}

/** When the server bundle was written, or null without one. */
export async function builtAt(buildDir: string): Promise<number | null> {
  const entry = path.join(buildDir, 'server', 'index.js');
  return existsSync(entry) && existsSync(path.join(buildDir, 'client')) ? (await stat(entry)).mtimeMs : null;
}

/**
 * Why the site must be built, or null when the build on disk is from the current sources. A
 * build made some other way (`npm run build -w @crema/web`) has a newer bundle than its stamp,
 * so it is built again rather than trusted. `needs: 'best'` (production) also rebuilds a build
 * whose assets were compressed quickly.
 */
export function rebuildReason(
  stamp: BuildStamp | null,
  sources: string,
  bundleWrittenAt: number | null,
  needs: Compression = 'quick',
): string | null {
  if (bundleWrittenAt === null) return 'сборки ещё нет';
  if (!stamp) return 'у сборки нет отметки об исходниках';
  if (stamp.builtAt !== bundleWrittenAt) return 'сборку сделали в обход npm run build';
  if (stamp.sources !== sources) return 'исходники изменились после сборки';
  if (needs === 'best' && stamp.compression === 'quick') return 'для production файлы сайта сжимаются сильнее';
  return null;
}
