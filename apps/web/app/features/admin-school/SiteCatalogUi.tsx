import { lazy, Suspense, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { browserFetch } from '../../api/browser.ts';
import { problemsOf } from '../../api/problems.ts';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { createCatalogApi } from './site-catalog-api.ts';
import type { SortableListProps } from './SiteCatalogSortable.tsx';
import { schoolPaths } from './ui.tsx';
import './site-catalog.css';

// What the catalogue's dictionaries' screens share (decision 0072): their addresses, their tabs
// ('Направления', 'Подборки', 'Характеристики'), and a sortable list whose dnd-kit part is loaded
// when it is first shown; until then (and without JavaScript) the rows stand in their order.

export const catalogApi = createCatalogApi(browserFetch);

export const catalogPaths = {
  categories: () => schoolPaths.dictionaries(),
  collections: () => `${schoolPaths.dictionaries()}collections/`,
  newCollection: () => `${schoolPaths.dictionaries()}collections/new/`,
  collection: (id: number) => `${schoolPaths.dictionaries()}collections/${id}/`,
  attributes: () => `${schoolPaths.dictionaries()}attributes/`,
  attribute: (id: number) => `${schoolPaths.dictionaries()}attributes/${id}/`,
};

export function CatalogTabs() {
  return (
    <nav className="catalog-tabs" aria-label="Справочники каталога">
      <ul>
        <li>
          <NavLink to={catalogPaths.categories()} end>
            Направления
          </NavLink>
        </li>
        <li>
          <NavLink to={catalogPaths.collections()}>Подборки</NavLink>
        </li>
        <li>
          <NavLink to={catalogPaths.attributes()}>Характеристики</NavLink>
        </li>
      </ul>
    </nav>
  );
}

const LazySortable = lazy(() => import('./SiteCatalogSortable.tsx'));

/** A list ordered by dragging its handles (mouse or keyboard). */
export function Sortable<T extends { id: number }>(props: SortableListProps<T>) {
  const still = (
    <ol className="catalog-list" aria-label={props.label}>
      {props.items.map((item) => (
        <li key={item.id} className={props.className ?? 'catalog-row'}>
          {props.children(item, <span className="admin-handle catalog-handle--still" aria-hidden="true">⠿</span>)}
        </li>
      ))}
    </ol>
  );
  return <Suspense fallback={still}>{<LazySortable {...(props as unknown as SortableListProps<{ id: number }>)} />}</Suspense>;
}

/**
 * A list the screen orders: shown at once in the new order, saved as a whole, and back as it was
 * with the server's words when the save fails. Follows the loader's list after every reload.
 */
export function useOrderedList<T extends { id: number }>(loaded: T[], save: (ids: number[]) => Promise<unknown>) {
  const [items, setItems] = useState(loaded);
  const [problems, setProblems] = useState<string[]>([]);
  // A reload brings a new list: it replaces the one shown (React's 'state from props' pattern).
  const [shown, setShown] = useState(loaded);
  if (shown !== loaded) {
    setShown(loaded);
    setItems(loaded);
  }
  const reorder = (next: T[]) => {
    const before = items;
    setItems(next);
    setProblems([]);
    save(next.map((item) => item.id)).catch((error: unknown) => {
      setItems(before);
      const found = problemsOf(error, ['ids']);
      setProblems([...(found.fields.ids ?? []), ...found.general]);
    });
  };
  const messages: ReactNode = <FormMessages look="admin" messages={problems} />;
  return { items, reorder, messages };
}

export const ORDER_HINT = 'Порядок меняется перетаскиванием за значок ⠿ или с клавиатуры: фокус на значок, пробел, стрелки, пробел. Сохраняется сразу.';

const LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p',
  р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/** An address suggested from a Russian name: 'В подарок' → 'v-podarok'. */
export function slugOf(name: string): string {
  return [...name.toLowerCase()]
    .map((c) => LATIN[c] ?? c)
    .join('')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** 'курсов' after a number, in Russian. */
export function coursesWord(n: number): string {
  const tens = n % 100;
  const ones = n % 10;
  if (tens >= 11 && tens <= 14) return `${n} курсов`;
  if (ones === 1) return `${n} курс`;
  if (ones >= 2 && ones <= 4) return `${n} курса`;
  return `${n} курсов`;
}
