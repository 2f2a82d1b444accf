// `npm run build`: builds the site (apps/web) and stamps the build with its sources' hash.
// `npm start` runs it with --if-needed: an up-to-date build is kept (no rebuild per restart), and
// a build it makes says two lines, its log going to a file (printed only when it fails); in
// development its assets are compressed quickly (decision 0062).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyEnvFile } from '../apps/api/src/env-file.ts';
import { builtAt, readStamp, rebuildReason, sourceHash, STAMP_FILE, type Compression } from './lib/build-stamp.ts';

const root = path.resolve(import.meta.dirname, '..');
// WEB_BUILD_DIR and NODE_ENV may come from .env, as for the server.
applyEnvFile(path.join(process.cwd(), '.env'));
const buildDir = path.resolve(root, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build');
const ifNeeded = process.argv.includes('--if-needed');
const production = process.env.NODE_ENV === 'production';
// `npm run build` (tests, the first-load budget, deploys) and production compress at the best
// settings; the first `npm start` of a development checkout does not wait for them.
const compression: Compression = ifNeeded && !production ? 'quick' : 'best';

const sources = await sourceHash(root);
const reason = rebuildReason(await readStamp(buildDir), sources, await builtAt(buildDir), production ? 'best' : 'quick');
if (ifNeeded && reason === null) {
  console.log(`Сборка сайта актуальна (${path.relative(root, buildDir)}), пересборка не нужна.`);
  process.exit(0);
}

/** Runs the site's build; with a log file, its output goes there instead of the terminal. */
function runBuild(logFile: string | null): Promise<number> {
  const env = { ...process.env, PRECOMPRESS: compression };
  const child = spawn('npm', ['run', 'build', '-w', '@crema/web'], { cwd: root, env, stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (logFile) {
    const log = createWriteStream(logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  return new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1)));
}

const logFile = ifNeeded ? `${buildDir}.log` : null;
const started = Date.now();
if (ifNeeded) {
  console.log(`Собираю сайт: ${reason} (${production ? 'около 30 с' : 'около 10 с'}, журнал — ${path.relative(root, logFile!)})…`);
}
await rm(path.join(buildDir, STAMP_FILE), { force: true });
const status = await runBuild(logFile);
if (status !== 0) {
  if (logFile) process.stderr.write(await readFile(logFile, 'utf8').catch(() => ''));
  console.error(`Сборка сайта не удалась (код ${status}).`);
  process.exit(status);
}
const written = await builtAt(buildDir);
if (written === null) {
  console.error(`Сборка не оставила ${path.join(buildDir, 'server', 'index.js')}.`);
  process.exit(1);
}
await writeFile(path.join(buildDir, STAMP_FILE), JSON.stringify({ sources, builtAt: written, compression }) + '\n');
if (ifNeeded) console.log(`Сайт собран за ${Math.round((Date.now() - started) / 1000)} с.`);
