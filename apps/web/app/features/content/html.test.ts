import { describe, expect, it } from 'vitest';
import { shiftHeadings } from './html.ts';

describe('shiftHeadings', () => {
  it('makes the highest heading an h2 and keeps the levels below it in step', () => {
    expect(shiftHeadings('<h3>Как добраться</h3><ul><li>a</li></ul><h4 class="x">b</h4>')).toBe(
      '<h2>Как добраться</h2><ul><li>a</li></ul><h3 class="x">b</h3>',
    );
    expect(shiftHeadings('<h1>Title</h1><h2>Sub</h2>')).toBe('<h2>Title</h2><h3>Sub</h3>');
  });

  it('leaves HTML without headings, or already starting at h2, untouched', () => {
    expect(shiftHeadings('<p>h3 is not a tag here: <header>x</header></p>')).toBe('<p>h3 is not a tag here: <header>x</header></p>');
    expect(shiftHeadings('<h2>a</h2><h3>b</h3>')).toBe('<h2>a</h2><h3>b</h3>');
  });

  it('never goes past h6', () => {
    expect(shiftHeadings('<h1>a</h1><h6>b</h6>', 3)).toBe('<h3>a</h3><h6>b</h6>');
  });
});
