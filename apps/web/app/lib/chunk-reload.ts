import { useEffect } from 'react';

const GUARD_KEY = 'crema:chunk-reload-at';
/** At most one automatic reload per 60 s. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** True for the errors a browser raises when a hashed script of an older deploy is gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

/** Reloads the page unless it already reloaded for this reason within the guard period. */
export function reloadOnceForChunkError(now = Date.now()): boolean {
  if (typeof window === 'undefined') return false;
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(GUARD_KEY) ?? 0);
  } catch {
    // Storage may be blocked; then the reload is still attempted once for this page.
  }
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    window.sessionStorage.setItem(GUARD_KEY, String(now));
  } catch {
    /* see above */
  }
  window.location.reload();
  return true;
}

/** Vite reports a failed preload of a route chunk with this event. */
export function useChunkReloadGuard() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      reloadOnceForChunkError();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);
}
