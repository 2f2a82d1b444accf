import { describe, expect, it } from 'vitest';
import { shiftHeadings, withAltText } from './html.ts';

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

describe('withAltText', () => {
  it('puts each picture\'s alt text after it, for the accessible version with images off', () => {
    expect(withAltText('<p>До <img src="https://x.ru/a.png" alt="Рожок и темпер" width="10"> после</p>')).toBe(
      '<p>До <img src="https://x.ru/a.png" alt="Рожок и темпер" width="10"><span class="img-alt">Рожок и темпер</span> после</p>',
    );
    expect(withAltText('<img alt="a &amp; b &quot;c&quot;" src="https://x.ru/b.png" /><IMG ALT="Два">')).toBe(
      '<img alt="a &amp; b &quot;c&quot;" src="https://x.ru/b.png" /><span class="img-alt">a &amp; b &quot;c&quot;</span><IMG ALT="Два"><span class="img-alt">Два</span>',
    );
  });

  it('adds nothing for decorative pictures or text that only looks like one', () => {
    expect(withAltText('<img src="https://x.ru/a.png" alt=""><img src="https://x.ru/b.png">')).toBe('<img src="https://x.ru/a.png" alt=""><img src="https://x.ru/b.png">');
    expect(withAltText('<p>&lt;img alt="x"&gt;</p>')).toBe('<p>&lt;img alt="x"&gt;</p>');
  });

  it('never lets markup out of the attribute', () => {
    expect(withAltText('<img src="https://x.ru/a.png" alt="<b>x</b>">')).toBe('<img src="https://x.ru/a.png" alt="<b>x</b>"><span class="img-alt">&lt;b&gt;x&lt;/b&gt;</span>');
  });
});
