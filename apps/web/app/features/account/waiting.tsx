import { useEffect, useState } from 'react';
import { browserFetch } from '../../api/browser.ts';
import { json } from '../../api/client.ts';
import type { SessionUser } from '../../lib/session.ts';
import { isCurator } from './menu.ts';

// The count of homework answers waiting for a curator, beside 'Проверка заданий' in the profile
// dropdown and the account sidebar. Read by the browser (the root data every page loads does not
// carry it): by the sidebar when an account page shows, by the dropdown when it opens; once for both
// menus, and again after a minute at the most.

const FRESH_MS = 60_000;
let cached: { at: number; count: Promise<number | null> } | null = null;

function waitingCount(): Promise<number | null> {
  if (cached && Date.now() - cached.at < FRESH_MS) return cached.count;
  const count = json<{ waiting: number }>(browserFetch, '/api/curator/homework/summary/')
    .then((summary) => summary.waiting)
    // A failure costs the number only, never the menu.
    .catch(() => null);
  cached = { at: Date.now(), count };
  return count;
}

/**
 * The waiting count for `user` (null for someone who does not check homework, and until it is read).
 * `key` reads it again when it changes (a navigation); `enabled` false reads nothing (the profile
 * dropdown reads it when it opens, not on every page).
 */
export function useWaitingCount(user: SessionUser, key?: string, enabled = true): number | null {
  const [count, setCount] = useState<number | null>(null);
  const curator = isCurator(user);
  useEffect(() => {
    if (!curator || !enabled) return;
    let live = true;
    void waitingCount().then((n) => live && setCount(n));
    return () => {
      live = false;
    };
  }, [curator, key, enabled]);
  return curator ? count : null;
}

/** 'Проверка заданий' with the waiting count: the number is read with its meaning. */
export function WaitingLabel({ label, count }: { label: string; count: number | null }) {
  return (
    <>
      {label}
      {count ? (
        <>
          <span className="account-count" aria-hidden="true">
            {count}
          </span>
          <span className="visually-hidden">{` (ждут проверки: ${count})`}</span>
        </>
      ) : null}
    </>
  );
}
