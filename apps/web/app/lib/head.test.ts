import { describe, expect, it } from 'vitest';
import { parseMetaTags } from './head.ts';
import { parseCounters } from './counters.server.ts';
import { isChunkLoadError } from './chunk-reload.ts';
import { readCookie } from './cookies.ts';

describe('parseMetaTags', () => {
  it('takes meta elements with their attributes', () => {
    expect(
      parseMetaTags('<meta name="yandex-verification" content="abc123" />\n<meta property=\'og:locale\' content=\'ru_RU\'>'),
    ).toEqual([
      { name: 'yandex-verification', content: 'abc123' },
      { property: 'og:locale', content: 'ru_RU' },
    ]);
  });

  it('drops scripts, event handlers and unknown attributes', () => {
    expect(
      parseMetaTags('<script>alert(1)</script><meta name="x" content="y" onload="alert(1)" data-a="b"><link rel="x">'),
    ).toEqual([{ name: 'x', content: 'y' }]);
  });

  it('maps http-equiv to the React prop and ignores empty input', () => {
    expect(parseMetaTags('<meta http-equiv="x-ua-compatible" content="ie=edge">')).toEqual([
      { httpEquiv: 'x-ua-compatible', content: 'ie=edge' },
    ]);
    expect(parseMetaTags(undefined)).toEqual([]);
    expect(parseMetaTags('')).toEqual([]);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the messages browsers give for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('readCookie', () => {
  it('finds one cookie among several and decodes it', () => {
    expect(readCookie('a=1; hideCookiesPanel=1; b=%D0%BA', 'hideCookiesPanel')).toBe('1');
    expect(readCookie('a=1; b=%D0%BA', 'b')).toBe('к');
    expect(readCookie('a=1', 'hideCookiesPanel')).toBeUndefined();
    expect(readCookie(null, 'a')).toBeUndefined();
    expect(readCookie('b=%E0%A4%A', 'b')).toBeUndefined();
  });
});

describe('parseCounters', () => {
  it('splits scripts (for the head) from the rest (for the page end)', () => {
    const html =
      '<!-- Метрика --><script type="text/javascript">ym(1, "init");</script>' +
      '<script async src="https://counter.example/tag.js"></script>' +
      '<noscript><div><img src="https://counter.example/1" alt=""></div></noscript>';
    const { scripts, rest } = parseCounters(html);
    expect(scripts).toEqual([
      { type: 'text/javascript', content: 'ym(1, "init");' },
      { src: 'https://counter.example/tag.js', async: true, content: '' },
    ]);
    expect(rest).toBe('<noscript><div><img src="https://counter.example/1" alt=""></div></noscript>');
  });

  it('handles empty settings', () => {
    expect(parseCounters(undefined)).toEqual({ scripts: [], rest: '' });
    expect(parseCounters('<!-- пусто -->')).toEqual({ scripts: [], rest: '' });
  });
});
