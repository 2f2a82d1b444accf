// What the root loader (root.tsx) hands to every page, as a type of its own: the layout and the
// pages read it without importing root.tsx (which imports the layout), and the loader is checked
// against it. Pages and features read it with `useRootData()` instead of casting.
import { useRouteLoaderData } from 'react-router';
import type { Banner, Category, Configs, MenuLink } from '@crema/contract';
import type { CounterScript, MetaAttributes } from './head.ts';
import type { SessionUser } from './session.ts';

export interface RootData {
  /** The site settings, without the raw head snippets (parsed into `metaTags` and `counters`). */
  configs: Omit<Configs, 'COUNTERS' | 'META_TAGS'>;
  headerMenu: MenuLink[];
  footerMenu: MenuLink[];
  categories: Category[];
  headerBanner: Banner | null;
  cookiesAccepted: boolean;
  metaTags: MetaAttributes[];
  publicUrl: string;
  counters: { scripts: CounterScript[]; rest: string };
  /** The page was opened from the mailed restore link: its token leaves the address first (lib/restore-link.ts). */
  restoreLink: boolean;
  /** The signed-in person (lib/session.ts SessionUser), or null for a guest. */
  user: SessionUser | null;
  /** The version for visually impaired visitors: attributes of <html>, none when off (features/a11y, 0044). */
  a11y: Record<string, string>;
}

/**
 * The root data for a page or a feature. In the shell, not the UI kit: public pages (home, the
 * catalogue, documents) read it on first load, and it is three lines (decision 0054).
 */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}

/** The same, for a screen that only renders under the layout, where it is always there. */
export function useRoot(): RootData {
  const root = useRootData();
  if (!root) throw new Error('Нет данных корневого маршрута');
  return root;
}
