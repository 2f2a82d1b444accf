// The browser tests' port: 3100 when it is free, else another free one, so a developer's own
// server on 3100 never breaks a run. The server under test also starts an embedded PostgreSQL
// 20000 above it, so both must be free. scripts/e2e.mjs chooses it and passes E2E_PORT on;
// apps/web/playwright.config.ts runs this file when started directly without E2E_PORT.
import net from 'node:net';
import { pathToFileURL } from 'node:url';

export const PREFERRED_PORT = 3100;
/** The embedded PostgreSQL's port is the server's plus this (playwright.config.ts). */
export const PG_PORT_OFFSET = 20000;

/** True when nothing listens on the port at 127.0.0.1 (or on every address). */
export function portFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** `preferred` if it and its PostgreSQL port are free, else a free pair picked at random in 3101–9999. */
export async function freePort(preferred = PREFERRED_PORT, tries = 50) {
  for (let i = 0; i < tries; i++) {
    const port = i === 0 ? preferred : 3101 + Math.floor(Math.random() * 6899);
    if ((await portFree(port)) && (await portFree(port + PG_PORT_OFFSET))) return port;
  }
  throw new Error('Браузерные тесты: не нашлось свободного порта.');
}

// `node scripts/lib/free-port.mjs` prints the port.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.stdout.write(String(await freePort()));
