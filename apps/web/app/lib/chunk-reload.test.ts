import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, reloadOnceForChunkError } from './chunk-reload.ts';

function fakeWindow() {
  const store = new Map<string, string>();
  const reload = vi.fn();
  vi.stubGlobal('window', {
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
    location: { reload },
  });
  return reload;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reloadOnceForChunkError (at most one reload per 60 s)', () => {
  it('reloads once, refuses within the guard period, and reloads again after it', () => {
    const reload = fakeWindow();
    const t0 = 1_700_000_000_000;
    expect(reloadOnceForChunkError(t0)).toBe(true);
    expect(reloadOnceForChunkError(t0 + 1_000)).toBe(false);
    expect(reloadOnceForChunkError(t0 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadOnceForChunkError(t0 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does nothing on the server', () => {
    expect(reloadOnceForChunkError()).toBe(false);
  });
});
