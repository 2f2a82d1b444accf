import { describe, expect, it } from 'vitest';
import { courseJsonLd } from './structured-data.server.ts';

const school = { name: 'Crema', publicUrl: 'https://crema.example' };
const course = {
  slug: 'barista-s-nulya',
  title: 'Бариста с нуля',
  short_description: 'Четыре недели практики.',
  description: '<p>Базовый&nbsp;курс</p>',
  seo: { title: 'Курсы бариста', description: null, h1: 'Бариста с нуля', keywords: null },
  og: { title: 'Бариста с нуля', description: null, image: null },
  image: { original: '/media/demo/courses/barista.jpg', url: '/media/x.jpg', width: 640, height: 400 },
  price: 3_200_050,
  format: 'offline' as const,
  rating: { average: 4.666, count: 3 },
  category: { id: 1, name: 'Бариста', slug: 'barista', type: 'adult' as const },
  duration_hours: 24,
};

describe('courseJsonLd', () => {
  it('describes the course, its provider, offer in roubles and rating', () => {
    const ld = courseJsonLd(course, school);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Бариста с нуля',
      description: 'Четыре недели практики.',
      url: 'https://crema.example/courses/barista-s-nulya/',
      image: 'https://crema.example/media/demo/courses/barista.jpg',
      provider: { '@type': 'Organization', name: 'Crema', sameAs: 'https://crema.example/' },
      offers: { '@type': 'Offer', category: 'Paid', price: '32000.50', priceCurrency: 'RUB' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.7, ratingCount: 3, bestRating: 5 },
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'onsite', courseWorkload: 'PT24H' },
    });
  });

  it('lists upcoming groups as course instances and leaves out what is unknown', () => {
    const ld = courseJsonLd({ ...course, price: null, rating: null, image: null, short_description: null }, school, [
      { starts_on: '2026-12-01', ends_on: null, format: 'online', location: null },
      { starts_on: '2027-01-10', ends_on: '2027-02-07', format: 'blended', location: 'Москва, Покровка, 27' },
    ]);
    expect(ld).not.toHaveProperty('offers');
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('image');
    expect(ld.description).toBe('Базовый курс');
    expect(ld).toHaveProperty('hasCourseInstance', [
      { '@type': 'CourseInstance', courseMode: 'online', startDate: '2026-12-01' },
      { '@type': 'CourseInstance', courseMode: 'blended', startDate: '2027-01-10', endDate: '2027-02-07', location: 'Москва, Покровка, 27' },
    ]);
  });
});
