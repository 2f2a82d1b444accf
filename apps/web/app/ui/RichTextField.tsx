import { lazy, Suspense, type ComponentProps } from 'react';
import type { RichText as Editor } from './RichText.tsx';
import './rich-text.css';

// The rich-text editor as a builder screen places it (course description, a lesson's text block):
// TipTap and ProseMirror (the `editor` chunk) load when a screen shows one, not with the page's
// first scripts (decision 0061). The editor renders in the browser only; until it is there its
// place says what the editor itself says while it starts, so the server's HTML, the hydration and
// the editor's own first render are the same. (Not ui/load-on-use: a second importer would make
// it a chunk of its own on the course page's first load.)
const Loading = () => (
  <div className="rich rich--loading" aria-busy="true">
    Загружаем редактор текста…
  </div>
);

const LoadedRichText = import.meta.env.SSR ? Loading : lazy(() => import('./RichText.tsx').then((module) => ({ default: module.RichText })));

export function RichText(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<Loading />}>
      <LoadedRichText {...props} />
    </Suspense>
  );
}
