import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from './seo.ts';
import { blogPostingJsonLd, organizationJsonLd } from './structured-data.server.ts';

const root = {
  publicUrl: 'https://crema.school',
  configs: {
    SITE_NAME: 'Crema — школа кофейного мастерства',
    FOOTER_PHONE: '+7 (495) 120-34-56',
    FOOTER_ADDRESS: 'Москва, ул. Покровка, д. 27',
    FOOTER_VK_LINK: 'https://vk.com/crema_school',
    FOOTER_TELEGRAM_LINK: 'https://t.me/crema_school',
    FOOTER_MINISTRY_LINK: 'https://edu.gov.ru/',
    FOOTER_YOUTUBE_LINK: '',
  },
};

describe('organizationJsonLd', () => {
  it('describes the school from the site settings, social links without the ministry', () => {
    expect(organizationJsonLd(root)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Crema — школа кофейного мастерства',
      url: 'https://crema.school/',
      logo: 'https://crema.school/favicon.svg',
      telephone: '+7 (495) 120-34-56',
      address: 'Москва, ул. Покровка, д. 27',
      sameAs: ['https://vk.com/crema_school', 'https://t.me/crema_school'],
    });
  });

  it('leaves out what is not set', () => {
    const data = organizationJsonLd({ publicUrl: 'http://localhost:3000', configs: {} });
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Crema',
      url: 'http://localhost:3000/',
      logo: 'http://localhost:3000/favicon.svg',
    });
  });
});

describe('blogPostingJsonLd', () => {
  it('gives absolute URLs, both dates and the school as author and publisher', () => {
    const data = blogPostingJsonLd(root, {
      headline: 'Как выбрать кофемолку',
      description: '<p>Почему кофемолка важнее</p>',
      path: '/blog/grinder/',
      image: '/media/blog/grinder.jpg',
      publishedAt: '2025-01-10T09:00:00.000Z',
      modifiedAt: '2025-02-01T10:00:00.000Z',
    });
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Как выбрать кофемолку',
      description: 'Почему кофемолка важнее',
      url: 'https://crema.school/blog/grinder/',
      mainEntityOfPage: { '@id': 'https://crema.school/blog/grinder/' },
      image: ['https://crema.school/media/blog/grinder.jpg'],
      datePublished: '2025-01-10T09:00:00.000Z',
      dateModified: '2025-02-01T10:00:00.000Z',
      author: { '@type': 'Organization', name: root.configs.SITE_NAME },
      publisher: { '@type': 'Organization', logo: { url: 'https://crema.school/favicon.svg' } },
    });
  });

  it('keeps the headline within 110 characters; a closing script tag in it stays inert', () => {
    const long = blogPostingJsonLd(root, { headline: 'а'.repeat(120), path: '/blog/x/', publishedAt: '2025-01-10', modifiedAt: '2025-01-10' });
    expect(long.headline).toHaveLength(110);
    expect(long.headline.endsWith('…')).toBe(true);
    expect(long).not.toHaveProperty('image');
    const hostile = blogPostingJsonLd(root, { headline: 'a</script><b>', path: '/blog/x/', publishedAt: '2025-01-10', modifiedAt: '2025-01-10' });
    expect(serializeJsonLd(hostile)).not.toContain('</script>');
  });
});
