import { describe, expect, it } from 'vitest';
import { moveRow, orderOf, type Row } from './site-menu-order.ts';

const row = (id: number, depth: 0 | 1): Row => ({ id, depth, parent_id: null, title: `п${id}`, type: 'direct_link', url: '/', page_id: null, course_id: null, category_id: null, href: '/', target: '_self', is_active: true, sort: 0 });
// 1 [2, 3], 4, 5 [6]
const menu = [row(1, 0), row(2, 1), row(3, 1), row(4, 0), row(5, 0), row(6, 1)];
const shape = (rows: Row[]) => orderOf(rows).map((o) => (o.parent_id === null ? `${o.id}` : `${o.id}⊂${o.parent_id}`));

describe('moving a menu item', () => {
  it('moves a top-level item with its sub-items, never into another item’s sub-items', () => {
    expect(shape(moveRow(menu, 5, 1, 0))).toEqual(['5', '6⊂5', '1', '2⊂1', '3⊂1', '4']);
    // Dropped on a sub-item it lands after that item's sub-items.
    expect(shape(moveRow(menu, 4, 2, 0))).toEqual(['1', '2⊂1', '3⊂1', '4', '5', '6⊂5']);
    expect(shape(moveRow(menu, 1, 5, 0))).toEqual(['4', '5', '6⊂5', '1', '2⊂1', '3⊂1']);
  });

  it('re-parents a sub-item dropped under another top-level item; right nests, left takes it out', () => {
    expect(shape(moveRow(menu, 2, 6, 0))).toEqual(['1', '3⊂1', '4', '5', '6⊂5', '2⊂5']);
    expect(shape(moveRow(menu, 4, 4, 1))).toEqual(['1', '2⊂1', '3⊂1', '4⊂1', '5', '6⊂5']);
    expect(shape(moveRow(menu, 2, 2, -1))).toEqual(['1', '3⊂1', '2', '4', '5', '6⊂5']);
    // An item with sub-items stays at the top; the first item has nothing to go into.
    expect(shape(moveRow(menu, 5, 5, 1))).toEqual(shape(menu));
    expect(shape(moveRow(menu, 1, 1, 1))).toEqual(shape(menu));
  });
});
