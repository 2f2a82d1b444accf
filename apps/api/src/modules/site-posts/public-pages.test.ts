// The public site around staff's posts, server-rendered over the real API and database (`npm test`
// builds the site first): an address a page had while public answers 301 to where it is now — under
// /blog/ and at the top level alike —, and a scheduled post is in neither the blog, the home page
// nor at its address until its time (moved here by setting publish_from in the database).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { pageSlugs, pages } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../test/app.ts';
import { buildPage, buildPost, unique } from '../../test/factories.ts';
import { loadWebBuild, mountWeb } from '../../web/ssr.ts';

const build = await loadWebBuild();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CACHE_TTL_MS: '0', PAGE_CACHE_TTL_MS: '0' });

let app: FastifyInstance;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config, db: database.db, pool: database.pool, web: mountWeb(build) });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const slugOf = (prefix: string) => unique(prefix).toLowerCase().replace(/[^a-z0-9-]/g, '-');
const get = (url: string) => app.inject({ method: 'GET', url });

describe('old addresses of a public page', () => {
  it('answer 301 to the current address, under /blog/ and at the top level', async () => {
    const post = await buildPost(database.db, { slug: slugOf('new-post'), title: 'Новая запись' });
    const old = slugOf('old-post');
    await database.db.insert(pageSlugs).values({ slug: old, pageId: post.id });
    for (const url of [`/blog/${old}/`, `/${old}/`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(`/blog/${post.slug}/`);
    }
    const page = await buildPage(database.db, { slug: slugOf('new-page'), title: 'Новая страница' });
    const oldPage = slugOf('old-page');
    await database.db.insert(pageSlugs).values({ slug: oldPage, pageId: page.id });
    for (const url of [`/${oldPage}/`, `/blog/${oldPage}/`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(`/${page.slug}/`);
    }
    // The current address itself is the page, not a redirect.
    expect((await get(`/blog/${post.slug}/`)).statusCode).toBe(200);
    // Taken down: its old addresses are gone with it.
    await database.db.update(pages).set({ isPublished: false }).where(eq(pages.id, post.id));
    expect((await get(`/blog/${old}/`)).statusCode).toBe(404);
  });
});

describe('a scheduled post', () => {
  it('is not in the blog, on the home page nor at its address until its time, then is', async () => {
    const title = `Запланированная ${unique('s')}`;
    const post = await buildPost(database.db, { slug: slugOf('later'), title, publishFrom: new Date(Date.now() + 3_600_000) });
    expect((await get(`/blog/${post.slug}/`)).statusCode).toBe(404);
    expect((await get('/blog/')).body).not.toContain(title);
    expect((await get('/')).body).not.toContain(title);

    await database.db.update(pages).set({ publishFrom: new Date(Date.now() - 1000) }).where(eq(pages.id, post.id));
    const page = await get(`/blog/${post.slug}/`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(title);
    expect((await get('/blog/')).body).toContain(title);
    expect((await get('/')).body).toContain(title);
  });

  it('shows its author beside the date', async () => {
    const post = await buildPost(database.db, { slug: slugOf('author'), author: 'Анна Смирнова' });
    expect((await get(`/blog/${post.slug}/`)).body).toMatch(/<p class="page__meta"><time[^>]*>[^<]+<\/time> · (<!-- -->)?Анна Смирнова<\/p>/);
  });
});
