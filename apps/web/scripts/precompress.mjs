// Writes .br and .gz copies of the built client assets, once, at the highest settings; the
// server sends them as they are (@fastify/static preCompressed), so no asset is compressed per
// request. The .gz copies are made with Zopfli: ordinary gzip that any browser reads, about 3 %
// smaller than `gzip -9` (slow to make, which is fine at build time).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const buildDir = path.resolve(process.env.WEB_BUILD_DIR ?? 'build', 'client');
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html|map)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

const started = Date.now();
const jobs = [];
for await (const file of files(buildDir)) {
  jobs.push(
    (async () => {
      const data = await readFile(file);
      if (data.length < 1024) return 0;
      const brotli = brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      await writeFile(`${file}.br`, brotli);
      await writeFile(`${file}.gz`, await gzipAsync(data, { numiterations: 15 }));
      return 1;
    })(),
  );
}
const count = (await Promise.all(jobs)).reduce((sum, n) => sum + n, 0);
console.log(`precompress: ${count} files in ${path.relative(process.cwd(), buildDir)}, ${Date.now() - started} ms`);
