import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { applyEnvFile } from './env-file.ts';

describe('applyEnvFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'crema-env-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads .env.example-style lines into the settings', async () => {
    const file = path.join(dir, 'settings.env');
    await writeFile(
      file,
      ['# a comment', 'PORT=8088', 'DATA_DIR="/srv/crema data"', 'SEED_DEMO=false # demo off', '# EMBEDDED_PG_PORT=1', ''].join('\n'),
    );
    const env: NodeJS.ProcessEnv = {};
    expect(applyEnvFile(file, env)?.sort()).toEqual(['DATA_DIR', 'PORT', 'SEED_DEMO']);
    expect(loadConfig(env)).toMatchObject({ port: 8088, dataDir: '/srv/crema data', seedDemo: false, embeddedPgPort: undefined });
  });

  it('lets the real environment win, except for empty values', async () => {
    const file = path.join(dir, 'override.env');
    await writeFile(file, 'PORT=8088\nHOST=0.0.0.0\nLOG_LEVEL=debug\n');
    const env: NodeJS.ProcessEnv = { PORT: '4000', HOST: '' };
    expect(applyEnvFile(file, env)?.sort()).toEqual(['HOST', 'LOG_LEVEL']);
    expect(loadConfig(env)).toMatchObject({ port: 4000, host: '0.0.0.0', logLevel: 'debug' });
  });

  it('is optional: no file, nothing read', () => {
    const env: NodeJS.ProcessEnv = { PORT: '1' };
    expect(applyEnvFile(path.join(dir, 'missing.env'), env)).toBeNull();
    expect(env).toEqual({ PORT: '1' });
  });

  it('keeps the .env.example of the repository valid', () => {
    const env: NodeJS.ProcessEnv = {};
    applyEnvFile(path.resolve(import.meta.dirname, '../../../.env.example'), env);
    expect(() => loadConfig(env)).not.toThrow();
  });
});
