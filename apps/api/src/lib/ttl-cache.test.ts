import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

function clock() {
  let time = 1_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('TtlCache', () => {
  it('serves a value until it expires, then loads again', async () => {
    const c = clock();
    const cache = new TtlCache(5000, 10, c.now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    c.advance(4999);
    expect(await cache.get('a', load)).toBe(1);
    c.advance(1);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new TtlCache(1000);
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    const values = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(values).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new TtlCache(1000, 2);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load); // evicts 'a'
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
  });

  it('with ttl 0 always loads', async () => {
    const cache = new TtlCache(0);
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
  });
});
