import { createElement, lazy, memo, Suspense, type ComponentType } from 'react';

/**
 * A part of the shell that the server renders in place but the browser hydrates once it is idle
 * (decision 0083): its code is not among the scripts every page loads first. Until then the
 * server's HTML stays as it is (links are plain links), and the part's code loads when the
 * browser has nothing else to do, or at once when something needs it sooner.
 *
 * As `ui/load-on-use.ts`, the server loads the module when it starts and hands it to React as an
 * already-settled thenable, so the server HTML has the part inline. The component is memoised:
 * a parent re-rendering with the same props (every navigation re-renders the layout) does not
 * update a part still waiting to hydrate, which would swap its server HTML for the empty fallback.
 * Use it only for parts whose props change with the root's data, not with clicks.
 */
export function hydrateLater<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: { default: ComponentType<Props> } | undefined;
  const fetchModule = () => load().then((component) => (loaded = { default: component }));
  if (import.meta.env.SSR) void fetchModule();
  const Lazy = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve(loaded!) } as Promise<{ default: ComponentType<Props> }>)
      : whenIdle().then(fetchModule),
  );
  // Its own Suspense boundary: only this part waits for its code, never the rest of the page.
  return memo((props: Props) => createElement(Suspense, { fallback: null }, createElement(Lazy as ComponentType<Props>, props)));
}

/** Resolves when the browser is idle (at most two seconds on), after the page's first scripts. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}
