import { describe, expect, it } from 'vitest';
import { sitemapXml } from './sitemap.ts';

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
});
