// Writes .br and .gz copies of the built client's text assets; the server sends them as they are
// (@fastify/static preCompressed), so no asset is compressed per request. Only what is served
// compressed: scripts, styles, SVG, HTML, JSON, text, 1 KB and up (pictures and fonts are
// compressed already). Two settings (decision 0062):
// - best (default, `npm run build`, production): brotli 11 and Zopfli gzip (ordinary gzip, about
//   3 % smaller than `gzip -9`; the first-load budget is measured on it). About 14 s of CPU.
// - PRECOMPRESS=quick (the first `npm start` in development): brotli 5 and gzip 9 on zlib's
//   threads, under a second; copies some 5–10 % larger.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const buildDir = path.resolve(process.env.WEB_BUILD_DIR ?? 'build', 'client');
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const quick = process.env.PRECOMPRESS === 'quick';

const brotli = promisify(brotliCompress);
const zlibGzip = promisify(gzip);
const toBrotli = (data) =>
  brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quick ? 5 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
const toGzip = (data) => (quick ? zlibGzip(data, { level: 9 }) : gzipAsync(data, { numiterations: 15 }));

async function compress(file) {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([toBrotli(data), toGzip(data)]);
  // A copy no smaller than the file is not worth sending.
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
  return 1;
}

const started = Date.now();
const entries = await readdir(buildDir, { recursive: true, withFileTypes: true });
const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
const count = (await Promise.all(files.map(compress))).reduce((sum, n) => sum + n, 0);
console.log(`precompress (${quick ? 'quick' : 'best'}): ${count} files in ${path.relative(process.cwd(), buildDir)}, ${Date.now() - started} ms`);
