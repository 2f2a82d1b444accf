import { describe, expect, it } from 'vitest';
import { nearEnd, readPosition, savePosition, videoPositionKey } from './video-position.ts';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('video position', () => {
  it('is kept per course, lesson and video, in whole seconds', () => {
    const store = memoryStore();
    const key = videoPositionKey(3, 17, 5);
    expect(key).not.toBe(videoPositionKey(3, 18, 5));
    savePosition(store, key, 42.7, 120);
    expect(readPosition(store, key)).toBe(42);
    expect(readPosition(store, videoPositionKey(3, 18, 5))).toBe(0);
  });

  it('counts the last 3 s as the end, or the last 5 % of a short video', () => {
    expect(nearEnd(118, 120)).toBe(true);
    expect(nearEnd(116, 120)).toBe(false);
    expect(nearEnd(3.9, 4)).toBe(true);
    expect(nearEnd(2, 4)).toBe(false);
    expect(nearEnd(2, Number.NaN)).toBe(false);
  });

  it('is forgotten at the very start and near the end', () => {
    const store = memoryStore();
    const key = videoPositionKey(1, 1, 1);
    savePosition(store, key, 60, 120);
    savePosition(store, key, 118.5, 120);
    expect(readPosition(store, key)).toBe(0);
    savePosition(store, key, 60, 120);
    savePosition(store, key, 0.2, 120);
    expect(store.map.size).toBe(0);
  });

  it('reads garbage as 0 and survives a storage that throws', () => {
    const store = memoryStore();
    store.setItem('k', 'abc');
    expect(readPosition(store, 'k')).toBe(0);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readPosition(broken, 'k')).toBe(0);
    expect(() => savePosition(broken, 'k', 30, 100)).not.toThrow();
    expect(readPosition(null, 'k')).toBe(0);
  });
});
