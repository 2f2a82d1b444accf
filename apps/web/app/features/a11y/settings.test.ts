import { describe, expect, it } from 'vitest';
import { A11Y_DEFAULTS, A11Y_GROUPS, A11Y_OPTIONS, a11yAttributes, a11yBackPath, a11yFromQuery, parseA11y, serializeA11y, type A11ySettings } from './settings.ts';

describe('a11y cookie', () => {
  it('is off without a cookie or with something that is not ours', () => {
    expect(parseA11y(undefined)).toBeNull();
    expect(parseA11y('')).toBeNull();
    expect(parseA11y('1')).toBeNull();
    expect(a11yAttributes(null)).toEqual({});
  });

  it('reads back what it writes', () => {
    const settings: A11ySettings = {
      size: '200',
      scheme: 'white-on-black',
      letters: 'wider',
      lines: 'wide',
      font: 'readable',
      images: 'off',
    };
    const value = serializeA11y(settings);
    expect(value).toBe('size:200|scheme:white-on-black|letters:wider|lines:wide|font:readable|images:off');
    expect(parseA11y(value)).toEqual(settings);
    expect(serializeA11y(A11Y_DEFAULTS)).toBe('size:150|scheme:black-on-white|letters:normal|lines:normal|font:normal|images:on');
  });

  it('keeps the defaults for unknown keys and values, in any order', () => {
    expect(parseA11y('scheme:green|size:999|colour:red|images:off|font|:x')).toEqual({
      ...A11Y_DEFAULTS,
      scheme: 'green',
      images: 'off',
    });
    // A key given twice: the last one wins; values are matched exactly.
    expect(parseA11y('size:100|size:200|scheme:Blue')).toEqual({ ...A11Y_DEFAULTS, size: '200' });
  });

  it('becomes attributes of <html>', () => {
    expect(a11yAttributes({ ...A11Y_DEFAULTS, scheme: 'brown' })).toEqual({
      'data-a11y': 'on',
      'data-a11y-size': '150',
      'data-a11y-scheme': 'brown',
      'data-a11y-letters': 'normal',
      'data-a11y-lines': 'normal',
      'data-a11y-font': 'normal',
      'data-a11y-images': 'on',
    });
  });

  it('reads the settings page\'s form (no scripts): unknown or missing values keep the defaults', () => {
    expect(a11yFromQuery(new URLSearchParams('apply=1&size=200&scheme=blue&letters=wider&lines=wide&font=readable&images=off&back=/x/'))).toEqual({
      size: '200',
      scheme: 'blue',
      letters: 'wider',
      lines: 'wide',
      font: 'readable',
      images: 'off',
    });
    expect(a11yFromQuery(new URLSearchParams('size=300&scheme=red'))).toEqual(A11Y_DEFAULTS);
    expect(a11yFromQuery(new URLSearchParams(''))).toEqual(A11Y_DEFAULTS);
  });

  it('goes back only to a path of this site', () => {
    expect(a11yBackPath('/courses/barista/?login')).toBe('/courses/barista/?login');
    expect(a11yBackPath('/')).toBe('/');
    for (const bad of [null, undefined, '', 'https://evil.example/', '//evil.example/', '/\\evil.example/', 'courses/', '/a b', '/a\nb']) {
      expect(a11yBackPath(bad)).toBe('/');
    }
  });

  it('names every option of every setting for the panel and the settings page', () => {
    expect(A11Y_GROUPS.map((group) => group.key)).toEqual(Object.keys(A11Y_OPTIONS));
    for (const group of A11Y_GROUPS) expect(Object.keys(group.labels)).toEqual([...A11Y_OPTIONS[group.key]]);
  });
});
