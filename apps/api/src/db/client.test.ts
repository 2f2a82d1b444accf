import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';

// Its own server, stopped and started again by the test as the server process does at shutdown.
let dataDir: string;
const quiet = { info: () => {}, warn: () => {} };
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'crema-client-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('openDatabase close()', () => {
  it('returns once every connection is closed, so stopping the server right after cuts none (no 57P01)', async () => {
    const onIdleError = vi.fn();
    for (let round = 0; round < 3; round++) {
      const server = await startEmbeddedPostgres({ dataDir, database: 'crema', log: quiet });
      try {
        const database = openDatabase(server.url, { max: 10, onIdleError });
        // Ten connections at once, all idle in the pool afterwards.
        await Promise.all(Array.from({ length: 10 }, () => database.pool.query('select pg_sleep(0.05)')));
        expect(database.pool.totalCount).toBe(10);
        // The shutdown's order: the pool, then at once the server.
        await database.close();
      } finally {
        await server.stop();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onIdleError).not.toHaveBeenCalled();
  }, 120_000);
});
