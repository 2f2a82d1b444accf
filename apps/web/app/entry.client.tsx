import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// React Router's own browser entry, but hydrating once the browser has painted the server's HTML
// (decision 0083). When the scripts are already there as the HTML ends (cached on a repeat visit,
// or a fast line), the browser would otherwise run the whole hydration before its first paint:
// the page would show only after it. Hydration itself is a transition, done in small slices, so
// the page answers taps while it runs. A timer stands in for the frame in a tab not shown.
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

void afterFirstPaint().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
