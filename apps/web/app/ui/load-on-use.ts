import { lazy, type ComponentType } from 'react';

/**
 * A component whose code loads on use (React.lazy) in the browser, but that the server renders
 * in place. A plain lazy component suspends on the server too, so its HTML would stream after the
 * page in a hidden part that only JavaScript reveals: a page opened at an address that shows it
 * (a review's `?review=`) would be empty without scripts. Here the server loads the module when it
 * starts and hands it to React as an already-settled thenable, which React reads synchronously.
 * `preload` starts the download early (pointer or focus on what opens it).
 */
export function loadOnUse<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let loaded: { default: ComponentType<Props> } | undefined;
  const preload = () => load().then((module) => (loaded = module));
  if (import.meta.env.SSR) void preload();
  const Component = lazy(() =>
    loaded ? ({ then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve(loaded!) } as Promise<{ default: ComponentType<Props> }>) : preload(),
  );
  return { Component, preload: () => void preload() };
}
