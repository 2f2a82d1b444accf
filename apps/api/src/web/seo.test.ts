import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { pages } from '../db/schema/index.ts';
import { createTestDatabase } from '../test/app.ts';
import { buildCourse, buildGroup, buildPage, buildPost, setConfig } from '../test/factories.ts';
import { loadWebBuild, mountWeb } from './ssr.ts';

// What search engines read from the server-rendered site: sitemap.xml, robots.txt, canonical
// addresses of the blog's pages, a post's structured data, and /presence/ staying a real page when
// its content page is gone (`npm test` builds the site first).
const build = await loadWebBuild();
const PUBLIC_URL = 'https://crema.example';
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CACHE_TTL_MS: '0', PAGE_CACHE_TTL_MS: '0', PUBLIC_URL });

let app: FastifyInstance;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await setConfig(db, { SITE_NAME: 'Crema' });
  const course = await buildCourse(db, { title: 'Бариста с нуля' });
  await buildCourse(db);
  await buildGroup(db, { courseId: course.id, format: 'offline' });
  await buildPost(db, { title: 'Профессия бариста', blocks: [{ type: 'text', data: { html: '<p>Текст</p>' } }] });
  await buildPost(db, { publishFrom: new Date(Date.now() - 3 * 86_400_000) });
  await buildPost(db, { slug: 'itogi-chempionata-shkoly-po-latte-artu', publishFrom: new Date(Date.now() + 10 * 86_400_000) });
  await buildPage(db, { slug: 'about', title: 'О школе' });
  await buildPage(db, { slug: 'presence', title: 'Очное обучение' });
  await buildPage(db, { slug: 'vacancies', title: 'Вакансии', isPublished: false });
  app = await buildApp({ config, db: database.db, pool: database.pool, web: mountWeb(build) });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('sitemap.xml', () => {
  it('is XML with the cache header, every public course, post and page by absolute URL', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);

    const locs = locsOf(res.body);
    expect(locs.every((loc) => loc?.startsWith(`${PUBLIC_URL}/`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
    const courses = (await get('/api/courses/?page_size=48')).json().content as { slug: string }[];
    expect(courses.length).toBeGreaterThan(0);
    for (const course of courses) expect(locs).toContain(`${PUBLIC_URL}/courses/${course.slug}/`);
    const posts = (await get('/api/pages/?kind=post&page_size=50')).json().results as { url: string }[];
    for (const post of posts) expect(locs).toContain(`${PUBLIC_URL}${post.url}`);
    expect(locs).toContain(`${PUBLIC_URL}/about/`);
    // Not yet public: the post scheduled for later and the draft page.
    expect(locs).not.toContain(`${PUBLIC_URL}/blog/itogi-chempionata-shkoly-po-latte-artu/`);
    expect(locs).not.toContain(`${PUBLIC_URL}/vacancies/`);
    // 'Сведения' with its 14 subsections and the legal documents in force, not their earlier versions.
    expect(locs).toContain(`${PUBLIC_URL}/sveden/`);
    expect(locs).toContain(`${PUBLIC_URL}/sveden/common/`);
    expect(locs.filter((loc) => loc!.startsWith(`${PUBLIC_URL}/sveden/`))).toHaveLength(15);
    expect(locs).toContain(`${PUBLIC_URL}/documents/privacy-policy/`);
    expect(locs).toContain(`${PUBLIC_URL}/documents/cookie-policy/`);
    expect(locs.filter((loc) => loc!.startsWith(`${PUBLIC_URL}/documents/`))).toHaveLength(6);
    expect(locs.some((loc) => loc!.includes('/v/'))).toBe(false);
    for (const lastmod of res.body.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)) expect(lastmod[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('robots.txt', () => {
  it('closes the private areas and names the sitemap by its absolute URL', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/user/', '/admin/', '/api/', '/courses/payment/', '/courses/payment-success/', '/tbank-payment-callback/']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /blog/');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('blog pages and posts in the HTML crawlers get', () => {
  it('a post carries og:type article, its canonical URL and BlogPosting data', async () => {
    const post = (await get('/api/pages/?kind=post')).json().results[0];
    const res = await get(post.url);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${post.url}"/>`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    const data = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(data.find((item) => item['@type'] === 'BlogPosting')).toMatchObject({
      url: `${PUBLIC_URL}${post.url}`,
      datePublished: post.publish_from,
    });
    expect(data.find((item) => item['@type'] === 'BreadcrumbList').itemListElement).toHaveLength(3);
  });

  it('pages the list by plain links, each page its own canonical URL, none past the last', async () => {
    // Enough published posts for a second page of nine.
    const { count } = (await get('/api/pages/?kind=post')).json();
    const extra = Math.max(0, 10 - count);
    const past = Date.now() - 86_400_000;
    if (extra > 0) {
      await database.db.insert(pages).values(
        Array.from({ length: extra }, (_, i) => ({
          slug: `paging-test-${i}`,
          title: `Заметка для проверки страниц ${i}`,
          kind: 'post' as const,
          isPublished: true,
          publishFrom: new Date(past - (i + 1) * 3_600_000 * 24 * 365),
        })),
      );
    }
    const first = await get('/blog/');
    expect(first.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog/"/>`);
    expect(first.body).toMatch(/<a (?=[^>]*rel="next")(?=[^>]*href="\/blog\/\?page=2")[^>]*>/);
    expect(first.body.match(/class="post-card"/g)).toHaveLength(9);

    const second = await get('/blog/?page=2');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog/?page=2"/>`);
    expect(second.body).toMatch(/<a (?=[^>]*rel="prev")(?=[^>]*href="\/blog\/")[^>]*>/);
    expect(second.body).toMatch(
      /<span class="pagination__page pagination__page--current" aria-current="page"><span class="visually-hidden">Страница <\/span>2<\/span>/,
    );
    const secondPosts = (await get('/api/pages/?kind=post&page=2&page_size=9')).json().results as { title: string }[];
    for (const post of secondPosts) expect(second.body).toContain(`>${post.title}</a>`);

    const total = (await get('/api/pages/?kind=post')).json().count as number;
    expect((await get(`/blog/?page=${Math.ceil(total / 9) + 1}`)).statusCode).toBe(404);
    const firstPage = await get('/blog/?page=1');
    expect(firstPage.statusCode).toBe(200);
    expect(firstPage.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog/"/>`);
  });
});

describe('the in-person page without its content page', () => {
  it('still answers 200 with its own h1, title and the in-person groups', async () => {
    const withPage = await get('/presence/');
    expect(withPage.statusCode).toBe(200);
    expect(withPage.body).toMatch(/<h1 class="page__title">Очное обучение<\/h1>/);

    await database.db.update(pages).set({ isPublished: false }).where(eq(pages.slug, 'presence'));
    const res = await get('/presence/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 class="page__title">Обучение в школе</h1>');
    expect(res.body.match(/<title>[^<]*<\/title>/g)).toEqual([expect.stringMatching(/^<title>Обучение в школе — /)]);
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/presence/"/>`);
    expect(res.body).toContain('Ближайшие очные группы');
    const inPerson = ((await get('/api/schedule/')).json() as { format: string; course: { title: string } }[]).filter(
      (group) => group.format !== 'online',
    );
    expect(inPerson.length).toBeGreaterThan(0);
    expect(res.body).toContain(inPerson[0]!.course.title);
  });
});
