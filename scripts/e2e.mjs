// Browser tests (run after `npm run build`): runs Playwright against the system Chromium.
// Without Chromium the step is skipped locally but fails under CI=true.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort, PREFERRED_PORT } from './lib/free-port.mjs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const chromium = candidates.find((path) => path && existsSync(path));
const ci = process.env.CI === 'true' || process.env.CI === '1';

if (!chromium) {
  const message = 'Браузерные тесты: Chromium не найден (установите пакет Debian «chromium» или задайте CHROMIUM_PATH).';
  if (ci) {
    console.error(`${message} В CI это ошибка.`);
    process.exit(1);
  }
  console.warn(`${message} Шаг пропущен.`);
  process.exit(0);
}

// One port for the server and every Playwright worker: E2E_PORT, else 3100 or another free one.
const port = process.env.E2E_PORT || String(await freePort());
if (port !== String(PREFERRED_PORT) && !process.env.E2E_PORT) console.log(`Браузерные тесты: порт ${PREFERRED_PORT} занят, сервер запускается на ${port}.`);

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: port } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('npx', ['playwright', 'test', '--config', 'apps/web/playwright.config.ts', ...process.argv.slice(2)]);
