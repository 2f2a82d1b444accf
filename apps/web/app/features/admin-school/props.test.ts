import { describe, expect, it } from 'vitest';
import { SECTION_PROPS, choicesFor } from './props.ts';

describe('the microdata properties staff choose from', () => {
  it('names each property once per list, in the form the server accepts', () => {
    for (const [key, props] of Object.entries(SECTION_PROPS)) {
      const lists = [props.facts, props.groups, props.documents, ...props.groups.map((g) => g.facts)];
      for (const list of lists) {
        const names = list.map((p) => p.itemprop);
        expect(new Set(names).size, key).toBe(names.length);
        for (const name of names) expect(name, key).toMatch(/^[A-Za-z][A-Za-z0-9]{0,59}$/);
        for (const prop of list) expect(prop.label.trim(), `${key} ${prop.itemprop}`).not.toBe('');
      }
    }
  });

  it('keeps a stored property that is not listed, so saving does not change it', () => {
    const list = SECTION_PROPS.common.facts;
    expect(choicesFor(list, 'fullName')).toEqual(list);
    const kept = choicesFor(list, 'oldName');
    expect(kept.at(-1)).toEqual({ itemprop: 'oldName', label: 'oldName (сохранённое свойство)' });
    expect(kept).toHaveLength(list.length + 1);
  });
});
