// What the root loader (root.tsx) hands to every page, as a type of its own: the layout and the
// pages read it without importing root.tsx (which imports the layout). Types only: nothing of
// this file reaches a bundle. Pages read it with ui/root-data.ts `useRootData()`.
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
