import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** `navigator.onLine`, kept current; the server (and hydration) assume online, so nothing mismatches. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * A small polite notice while the browser is offline (online/offline status is
 * tracked). The live region is always on the page, empty while online, so screen readers
 * announce the change; it floats, so nothing below it moves.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className={`offline-banner${online ? '' : ' offline-banner--shown'}`}>
      {online ? null : 'Нет соединения с интернетом. Страницы откроются, когда связь вернётся.'}
    </div>
  );
}
