import { describe, expect, it } from 'vitest';
import { documentTitle, pageMeta } from './seo.ts';
import type { RootData } from './root-data.ts';

const SITE = 'Crema — школа кофейного мастерства';

describe('documentTitle', () => {
  it('adds the site name once to a plain page title', () => {
    expect(documentTitle('Договор-оферта', SITE)).toBe('Договор-оферта — Crema — школа кофейного мастерства');
  });

  it('does not double the brand when the SEO title already ends with it', () => {
    expect(documentTitle('Договор-оферта — Crema', SITE)).toBe('Договор-оферта — Crema — школа кофейного мастерства');
    expect(documentTitle('Договор-оферта — Crema — школа кофейного мастерства', SITE)).toBe(
      'Договор-оферта — Crema — школа кофейного мастерства',
    );
    expect(documentTitle('Курсы латте-арта | crema', SITE)).toBe('Курсы латте-арта — Crema — школа кофейного мастерства');
    expect(documentTitle('Курс для управляющих - Crema ', SITE)).toBe('Курс для управляющих — Crema — школа кофейного мастерства');
  });

  it('keeps the brand where it is part of the wording, not a suffix', () => {
    expect(documentTitle('Контакты школы Crema', SITE)).toBe('Контакты школы Crema — Crema — школа кофейного мастерства');
  });

  it('is the site name alone with no page title or one that is only the brand', () => {
    expect(documentTitle(null, SITE)).toBe(SITE);
    expect(documentTitle('  ', SITE)).toBe(SITE);
    expect(documentTitle('Crema', SITE)).toBe(SITE);
    expect(documentTitle('Главная', 'Crema')).toBe('Главная — Crema');
    expect(documentTitle('Главная — Crema', 'Crema')).toBe('Главная — Crema');
  });

  it('is what pageMeta puts into <title>', () => {
    const root = { configs: { SITE_NAME: SITE }, publicUrl: 'https://school.test', metaTags: [] } as unknown as RootData;
    const tags = pageMeta(root, { title: 'Договор-оферта — Crema', path: '/offer/' });
    expect(tags).toContainEqual({ title: 'Договор-оферта — Crema — школа кофейного мастерства' });
  });
});
