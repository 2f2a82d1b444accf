// The demo files the seed refers to, gathered from the seed data itself (every module in
// ./data), so the list cannot drift from what the database ends up pointing at.
import { readdir } from 'node:fs/promises';
import { teachers } from './data/catalog.ts';

/** Storage keys of demo files all start with this. */
export const DEMO_PREFIX = 'demo/';

/** Storage key of a demo teacher's photo. */
export function teacherPhotoKey(teacherKey: string): string {
  return `${DEMO_PREFIX}teachers/${teacherKey}.jpg`;
}

const DEMO_KEY = /^demo\/[a-z0-9][a-z0-9/._-]*\.[a-z0-9]+$/;

/** Every demo storage key (images, posters, files, videos) the seed data mentions, sorted. */
export async function demoMediaKeys(): Promise<string[]> {
  const keys = new Set<string>(teachers.map((t) => teacherPhotoKey(t.key)));
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (DEMO_KEY.test(value)) keys.add(value);
    } else if (value && typeof value === 'object' && !seen.has(value)) {
      seen.add(value);
      for (const item of Object.values(value)) visit(item);
    }
  };
  const dataDir = new URL('./data/', import.meta.url);
  for (const name of (await readdir(dataDir)).sort()) {
    if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) {
      visit(await import(new URL(name, dataDir).href));
    }
  }
  return [...keys].sort();
}
