import type { SiteMenu, SiteMenuItem } from '@crema/contract';

// A menu's items as the staff screen moves them (decision 0071): one list in the site's order, each
// item at depth 0 (top level) or 1 (inside the nearest top-level item above it).

export type Row = SiteMenuItem & { depth: 0 | 1 };
export const rowsOf = (menu: SiteMenu): Row[] => menu.items.map((item) => ({ ...item, depth: item.parent_id === null ? 0 : 1 }));

/** The parents the rows' depths give: a sub-item belongs to the nearest top-level item above it. */
export function orderOf(rows: Row[]): { id: number; parent_id: number | null }[] {
  let top: number | null = null;
  return rows.map((row) => {
    if (row.depth === 0 || top === null) {
      top = row.id;
      return { id: row.id, parent_id: null };
    }
    return { id: row.id, parent_id: top };
  });
}

/**
 * The rows after `id` is dropped on `overId`, `shift` levels right (1), left (-1) or at its own
 * level (0). A top-level item takes its sub-items along and never lands between another's.
 */
export function moveRow(rows: Row[], id: number, overId: number, shift: -1 | 0 | 1): Row[] {
  const from = rows.findIndex((r) => r.id === id);
  const to = rows.findIndex((r) => r.id === overId);
  if (from < 0 || to < 0) return rows;
  const item = rows[from]!;
  let end = from + 1;
  if (item.depth === 0) while (end < rows.length && rows[end]!.depth === 1) end++;
  const block = rows.slice(from, end);
  if (block.some((r) => r.id === overId) && overId !== id) return rows;
  const rest = [...rows.slice(0, from), ...rows.slice(end)];
  let at = overId === id ? from : rest.findIndex((r) => r.id === overId) + (to > from ? 1 : 0);
  let depth: 0 | 1 = Math.min(1, Math.max(0, item.depth + shift)) as 0 | 1;
  if (block.length > 1) depth = 0;
  if (depth === 1 && at === 0) depth = 0;
  if (depth === 0) while (at < rest.length && rest[at]!.depth === 1) at++;
  return [...rest.slice(0, at), { ...item, depth }, ...block.slice(1), ...rest.slice(at)];
}

