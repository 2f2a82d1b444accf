// Imported first by the entry points, so `.env` is in process.env before any other module reads
// it at import time (WEB_BUILD_DIR in web/ssr.ts, NODE_ENV in libraries). A server started for
// tests (NODE_ENV=test in its environment: the browser tests, server.test.ts) reads no `.env`, so a
// developer's DATABASE_URL or SMTP_URL there never reaches a test run.
import { applyEnvFile } from './env-file.ts';

/** Names taken from ./.env (npm scripts run at the repository root), or null without the file. */
export let fromEnvFile: string[] | null = null;
try {
  if (process.env.NODE_ENV !== 'test') fromEnvFile = applyEnvFile('.env');
} catch (error) {
  console.error(`Не удалось прочитать .env: ${(error as Error).message}`);
  process.exit(1);
}
