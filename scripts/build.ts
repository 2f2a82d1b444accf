// `npm run build`: builds the site (apps/web) and stamps the build with its sources' hash.
// `npm start` runs it with --if-needed: an up-to-date build is kept (no 10 s rebuild per restart).
import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyEnvFile } from '../apps/api/src/env-file.ts';
import { builtAt, readStamp, rebuildReason, sourceHash, STAMP_FILE } from './lib/build-stamp.ts';

const root = path.resolve(import.meta.dirname, '..');
// WEB_BUILD_DIR may come from .env, as for the server.
applyEnvFile(path.join(process.cwd(), '.env'));
const buildDir = path.resolve(root, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build');

const sources = await sourceHash(root);
const reason = rebuildReason(await readStamp(buildDir), sources, await builtAt(buildDir));
if (process.argv.includes('--if-needed') && reason === null) {
  console.log(`Сборка сайта актуальна (${path.relative(root, buildDir)}), пересборка не нужна.`);
  process.exit(0);
}
if (process.argv.includes('--if-needed')) console.log(`Собираю сайт: ${reason}.`);

await rm(path.join(buildDir, STAMP_FILE), { force: true });
const result = spawnSync('npm', ['run', 'build', '-w', '@crema/web'], { cwd: root, stdio: 'inherit', env: process.env });
if (result.status !== 0) process.exit(result.status ?? 1);
const written = await builtAt(buildDir);
if (written === null) {
  console.error(`Сборка не оставила ${path.join(buildDir, 'server', 'index.js')}.`);
  process.exit(1);
}
await writeFile(path.join(buildDir, STAMP_FILE), JSON.stringify({ sources, builtAt: written }) + '\n');
