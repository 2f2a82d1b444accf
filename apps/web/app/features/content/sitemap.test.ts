import { describe, expect, it } from 'vitest';
import type { LegalDocumentList, SvedenIndex } from '@crema/contract';
import { schoolEntries, sitemapXml } from './sitemap.ts';

describe('sitemapXml', () => {
  it('lists absolute, escaped URLs with their dates, each once', () => {
    const xml = sitemapXml('https://crema.school', [
      { path: '/', updated_at: null },
      { path: '/courses/latte-art/', updated_at: '2025-03-01T21:30:00.000Z' },
      { path: '/blog/a&b/', updated_at: '2025-02-10' },
      { path: '/courses/latte-art/', updated_at: '2025-03-02T00:00:00.000Z' },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url>\n    <loc>https://crema.school/</loc>\n  </url>',
        '  <url>\n    <loc>https://crema.school/courses/latte-art/</loc>\n    <lastmod>2025-03-01</lastmod>\n  </url>',
        '  <url>\n    <loc>https://crema.school/blog/a&amp;b/</loc>\n    <lastmod>2025-02-10</lastmod>\n  </url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('leaves out a date it cannot read', () => {
    expect(sitemapXml('http://localhost:3000', [{ path: '/about/', updated_at: 'вчера' }])).not.toContain('lastmod');
  });

  it('lists Сведения with every subsection and each legal document at its permanent address, not its versions', () => {
    const section = (key: string, updated_at: string | null) => ({ key, updated_at }) as SvedenIndex['sections'][number];
    const sveden = { nav: [], sections: [section('common', '2026-03-01T10:00:00.000Z'), section('document', '2026-04-02T10:00:00.000Z'), section('catering', null)] } as unknown as SvedenIndex;
    const documents: LegalDocumentList = [
      { kind: 'privacy_policy', slug: 'privacy-policy', title: 'Политика', version: 2, published_at: '2026-03-01T00:00:00.000Z', url: '/documents/privacy-policy/' },
      { kind: 'cookie_policy', slug: 'cookie-policy', title: 'Cookie', version: 1, published_at: '2025-09-01T00:00:00.000Z', url: '/documents/cookie-policy/' },
    ];
    const entries = schoolEntries(sveden, documents);
    expect(entries).toEqual([
      { path: '/sveden/', updated_at: '2026-04-02T10:00:00.000Z' },
      { path: '/sveden/common/', updated_at: '2026-03-01T10:00:00.000Z' },
      { path: '/sveden/document/', updated_at: '2026-04-02T10:00:00.000Z' },
      { path: '/sveden/catering/', updated_at: null },
      { path: '/documents/privacy-policy/', updated_at: '2026-03-01T00:00:00.000Z' },
      { path: '/documents/cookie-policy/', updated_at: '2025-09-01T00:00:00.000Z' },
    ]);
    const xml = sitemapXml('https://crema.school', entries);
    expect(xml).toContain('<loc>https://crema.school/sveden/document/</loc>\n    <lastmod>2026-04-02</lastmod>');
    expect(xml).not.toContain('/v/');
  });
});
