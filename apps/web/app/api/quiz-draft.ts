// Quiz answers the server does not have yet, kept on this device (localStorage) until it does:
// one entry per signed-in person and attempt, holding the unsent answers (and, while the page is
// being reloaded, those saved meanwhile: the next page may have been read before them). The entry goes
// when the server has them, when the attempt is finished, and at sign-out (features/account/sign-out.ts), so a
// shared computer shows nobody else's answers. Storage may be unavailable (private mode, quota):
// then nothing is kept and the screen says so (the answers are only on screen).
import type { SelectedAnswersInput as Answers } from '@crema/contract';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const PREFIX = 'crema:quiz:';

export const draftKey = (userId: number, attemptId: number) => `${PREFIX}${userId}:${attemptId}`;

interface Stored {
  test: number;
  answers: Answers;
}

/** The browser's localStorage, or null where it is not there or refused (the server, a locked-down browser). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parse(text: string | null): Stored | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Stored> | null;
    if (!value || typeof value.test !== 'number' || !value.answers || typeof value.answers !== 'object' || Array.isArray(value.answers)) return null;
    return { test: value.test, answers: value.answers };
  } catch {
    return null;
  }
}

/** Every key of the store (a copy: removing while walking the live list skips entries). */
function keysOf(store: DraftStorage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** One attempt's entry: `keep` writes the unsent answers (an empty set removes it); false when the store refused. */
export interface Draft {
  keep(answers: Answers): boolean;
  read(): Answers | null;
  clear(): void;
}

export function attemptDraft(store: DraftStorage | null, userId: number, attemptId: number, testId: number): Draft {
  const key = draftKey(userId, attemptId);
  return {
    keep(answers) {
      if (!store) return false;
      try {
        if (Object.keys(answers).length === 0) store.removeItem(key);
        else store.setItem(key, JSON.stringify({ test: testId, answers } satisfies Stored));
        return true;
      } catch {
        return false;
      }
    },
    read() {
      try {
        return parse(store?.getItem(key) ?? null)?.answers ?? null;
      } catch {
        return null;
      }
    },
    clear() {
      try {
        store?.removeItem(key);
      } catch {
        // Nothing kept, nothing to remove.
      }
    },
  };
}

/**
 * Removes the entries that are not the current attempt's: another person's (signed in here before),
 * and this person's for other attempts of the test (finished since: the server does not take them).
 * True when one of this person's for this test had answers, which the screen then says were not counted.
 */
export function dropStaleDrafts(store: DraftStorage | null, userId: number, testId: number, openAttemptId: number | null): boolean {
  if (!store) return false;
  let dropped = false;
  try {
    for (const key of keysOf(store)) {
      if (!key.startsWith(PREFIX)) continue;
      const [user, attempt] = key.slice(PREFIX.length).split(':').map(Number);
      if (user === userId && attempt === openAttemptId) continue;
      if (user === userId) {
        const stored = parse(store.getItem(key));
        if (stored && stored.test !== testId) continue;
        if (stored && Object.keys(stored.answers).length > 0) dropped = true;
      }
      store.removeItem(key);
    }
  } catch {
    // A store that refuses to be read keeps nothing either.
  }
  return dropped;
}

/** Sign-out: every kept quiz answer on this device goes. */
export function clearQuizDrafts(store: DraftStorage | null = browserStorage()): void {
  if (!store) return;
  try {
    for (const key of keysOf(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
