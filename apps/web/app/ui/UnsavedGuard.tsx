import { useEffect, useId, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { Blocker, DataRouter } from 'react-router';
import { Modal } from '../ui/Modal.tsx';
import './unsaved-guard.css';

/** The browser's router: React Router's framework mode keeps it on `window` (its hydration entry sets it). */
const browserRouter = (): DataRouter | undefined =>
  typeof window === 'undefined' ? undefined : (window as { __reactRouterDataRouter?: DataRouter }).__reactRouterDataRouter;
const noSubscription = () => () => {};
const IDLE: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };
/**
 * The guard takes hold in the same commit that shows the page as changed: a passive effect runs
 * after the paint, and a back button pressed in between went through unasked.
 */
const useCommitEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * react-router's useBlocker, on the router's own blocker API. Not useBlocker itself, nor the
 * router's contexts: no public page uses them, and importing either from a lazy chunk makes the
 * router's chunk, which every page loads first, carry them (decision 0039). The admin e2e leaves
 * an edited page by a link and by the back button, so a router that stops exposing itself this
 * way fails there, not silently.
 */
function useLeaveBlocker(when: boolean, released: { current: boolean }): Blocker {
  const key = useId();
  const blocker = useSyncExternalStore(
    (onChange) => browserRouter()?.subscribe(onChange) ?? noSubscription(),
    () => browserRouter()?.state.blockers.get(key) ?? IDLE,
    () => IDLE,
  );
  useCommitEffect(() => {
    const router = browserRouter();
    if (!router || !when) return;
    router.getBlocker(key, ({ currentLocation, nextLocation }) => !released.current && currentLocation.pathname !== nextLocation.pathname);
    return () => router.deleteBlocker(key);
  }, [key, when, released]);
  return blocker;
}

export const LEAVE_TEXT = 'Изменения не сохранены. Уйти со страницы и потерять их?';

/**
 * Nothing typed is lost by leaving: while `dirty`, leaving the page by a link of the
 * site, the back or forward button or a redirect asks in a dialog ('Остаться' is the default);
 * closing or reloading the tab gets the browser's own question. `release()` lets the page go
 * without asking (after it saved, or when the person chose to reload the saved version).
 */
export function useUnsavedGuard(dirty: boolean, text: string = LEAVE_TEXT): { dialog: ReactNode; release: () => void } {
  const released = useRef(false);
  useCommitEffect(() => {
    if (dirty) released.current = false;
  }, [dirty]);
  const blocker = useLeaveBlocker(dirty, released);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the question only when a value is set; none shows our text.
      event.returnValue = text;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, text]);
  const dialog = (
    <Modal open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Уйти без сохранения?" className="leave-dialog">
      <div className="leave-dialog__body">
        <p>{text}</p>
        <div className="leave-dialog__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={() => blocker.reset?.()}>
            Остаться
          </button>
          <button type="button" className="button button--ghost" onClick={() => blocker.proceed?.()}>
            Уйти без сохранения
          </button>
        </div>
      </div>
    </Modal>
  );
  return { dialog, release: () => void (released.current = true) };
}
