import { describe, expect, it } from 'vitest';
import { svedenFactSchema } from '../schemas/sveden.ts';
import { safeLink, sitePath } from './links.ts';

// Each of these opens another site (or runs a script) in a browser although many start with one '/'.
const LEAVING = [
  '//evil.example',
  '//evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example',
  '/\\/evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/./..//evil.example/x',
  '/%2e%2e//evil.example',
  '/%2E%2E/%2Fevil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  '/%252F%252Fevil.example',
  '/%25252F%25252F%25252F%25252F%25252Fevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\u0000/evil.example',
  '/%09/evil.example',
  '/%00',
  ' //evil.example',
  'https://evil.example',
  'http:evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  '',
];

describe('sitePath', () => {
  it.each(LEAVING)('refuses %j', (value) => {
    expect(sitePath(value)).toBeNull();
  });

  it.each([
    ['/', '/'],
    ['/user/courses/?tab=1', '/user/courses/?tab=1'],
    ['/courses/latte/#reviews', '/courses/latte/#reviews'],
    ['/courses/?q=a%2Fb', '/courses/?q=a%2Fb'],
    ['/a/../user/', '/user/'],
    ['/?login&next=%2Fuser%2F', '/?login&next=%2Fuser%2F'],
    ['/курсы/', '/%D0%BA%D1%83%D1%80%D1%81%D1%8B/'],
  ])('keeps %j as %j', (value, expected) => {
    expect(sitePath(value)).toBe(expected);
  });

  it('refuses what is not a string', () => {
    expect(sitePath(null)).toBeNull();
    expect(sitePath(undefined)).toBeNull();
  });
});

describe('safeLink', () => {
  it.each(LEAVING.filter((value) => !/^https?:\/\/\S+$/.test(value)))('refuses %j', (value) => {
    expect(safeLink(value)).toBeNull();
  });

  it.each(['https://', 'https:// evil.example', 'https://evil.example/\\x', 'https://a.example/\tx', 'ftp://files.example/x'])('refuses %j', (value) => {
    expect(safeLink(value)).toBeNull();
  });

  it.each([
    ['/media/sveden/charter.pdf', '/media/sveden/charter.pdf'],
    ['/sveden/document/', '/sveden/document/'],
    ['https://obrnadzor.gov.ru/', 'https://obrnadzor.gov.ru/'],
    ['http://example.ru/a?b=1', 'http://example.ru/a?b=1'],
  ])('keeps %j', (value, expected) => {
    expect(safeLink(value)).toBe(expected);
  });

  it('is the sveden schema’s check: a path trick is a Russian field error there', () => {
    const fact = { itemprop: 'fullName', label: 'Сайт', value: 'Ссылка' };
    for (const href of ['/\\evil.example/x', '/..//evil.example', '/%2F%2Fevil.example']) {
      const parsed = svedenFactSchema.safeParse({ ...fact, href });
      expect(parsed.success, href).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/^Ссылка/);
    }
    expect(svedenFactSchema.parse({ ...fact, href: '/sveden/common/' }).href).toBe('/sveden/common/');
  });
});
