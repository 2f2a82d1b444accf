import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, builtAt, readStamp, rebuildReason, sourceHash, STAMP_FILE } from './build-stamp.ts';

// A small repository on disk with the inputs' layout.
let root: string;
const write = async (file: string, text: string) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'crema-stamp-'));
  await write('apps/web/app/root.tsx', 'export default 1;\n');
  await write('apps/web/vite.config.ts', 'export default {};\n');
  await write('packages/contract/src/index.ts', 'export const a = 1;\n');
  await write('package-lock.json', '{}\n');
  await write('package.json', '{}\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('sourceHash', () => {
  it('changes with an edit, an added file and a removed one, in the site or the contract', async () => {
    const before = await sourceHash(root);
    expect(await sourceHash(root)).toBe(before);

    await write('apps/web/app/root.tsx', 'export default 2;\n');
    const edited = await sourceHash(root);
    expect(edited).not.toBe(before);

    await write('packages/contract/src/format/money.ts', 'export {};\n');
    const added = await sourceHash(root);
    expect(added).not.toBe(edited);

    await rm(path.join(root, 'packages/contract/src/format/money.ts'));
    expect(await sourceHash(root)).toBe(edited);

    await write('package-lock.json', '{"lockfileVersion":3}\n');
    expect(await sourceHash(root)).not.toBe(edited);
  });

  it('ignores what the build does not read: its output, browser tests, unit tests, node_modules', async () => {
    const before = await sourceHash(root);
    await write('apps/web/build/server/index.js', 'built');
    await write('apps/web/build-e2e/server/index.js', 'built');
    await write('apps/web/e2e/home.spec.ts', 'test');
    await write('apps/web/app/lib/paths.test.ts', 'test');
    await write('apps/web/node_modules/x/index.js', 'x');
    await write('apps/web/.react-router/types/x.ts', 'x');
    expect(await sourceHash(root)).toBe(before);
  });

  it('covers the repository files the build reads', () => {
    expect(BUILD_INPUTS).toEqual(expect.arrayContaining(['apps/web', 'packages/contract', 'package-lock.json']));
  });
});

describe('rebuildReason', () => {
  it('builds when there is no build, no stamp, a build made around the stamp, or changed sources', () => {
    expect(rebuildReason(null, 'abc', null)).toBe('сборки ещё нет');
    expect(rebuildReason({ sources: 'abc', builtAt: 1 }, 'abc', null)).toBe('сборки ещё нет');
    expect(rebuildReason(null, 'abc', 1)).toBe('у сборки нет отметки об исходниках');
    expect(rebuildReason({ sources: 'abc', builtAt: 1 }, 'abc', 2)).toBe('сборку сделали в обход npm run build');
    expect(rebuildReason({ sources: 'abc', builtAt: 1 }, 'abd', 1)).toBe('исходники изменились после сборки');
  });

  it('keeps a build stamped with the current sources', () => {
    expect(rebuildReason({ sources: 'abc', builtAt: 1 }, 'abc', 1)).toBeNull();
  });

  it('rebuilds a quickly compressed build for production, and keeps it in development', () => {
    const quick = { sources: 'abc', builtAt: 1, compression: 'quick' as const };
    expect(rebuildReason(quick, 'abc', 1, 'best')).toBe('для production файлы сайта сжимаются сильнее');
    expect(rebuildReason(quick, 'abc', 1)).toBeNull();
    expect(rebuildReason({ sources: 'abc', builtAt: 1, compression: 'best' }, 'abc', 1, 'best')).toBeNull();
    // A stamp from before the field was written: the best settings were the only ones.
    expect(rebuildReason({ sources: 'abc', builtAt: 1 }, 'abc', 1, 'best')).toBeNull();
  });

  it('reads the stamp and the bundle time from a build on disk', async () => {
    const buildDir = path.join(root, 'apps/web/build');
    expect(await readStamp(buildDir)).toBeNull();
    expect(await builtAt(buildDir)).toBeNull(); // a server bundle without the client half
    await write('apps/web/build/client/assets/a.js', 'x');
    const bundle = path.join(buildDir, 'server', 'index.js');
    await utimes(bundle, 1_000, 1_000);
    expect(await builtAt(buildDir)).toBe(1_000_000);
    await write(`apps/web/build/${STAMP_FILE}`, JSON.stringify({ sources: 'abc', builtAt: 1_000_000 }));
    expect(await readStamp(buildDir)).toEqual({ sources: 'abc', builtAt: 1_000_000 });
    await write(`apps/web/build/${STAMP_FILE}`, 'not json');
    expect(await readStamp(buildDir)).toBeNull();
  });
});
