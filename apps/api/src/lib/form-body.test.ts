import { describe, expect, it } from 'vitest';
import { checkbox } from './form-body.ts';

describe('checkbox', () => {
  it('reads JSON and form values alike', () => {
    for (const on of [true, 1, 'true', 'on', '1', ' TRUE ']) expect(checkbox(on)).toBe(true);
    for (const off of [false, 0, undefined, null, 'false', '0', '']) expect(checkbox(off)).toBe(false);
  });

  it('answers null for anything else', () => {
    for (const odd of ['yes please', 2, {}, [], 'да']) expect(checkbox(odd)).toBeNull();
  });
});
