// Blog posts and content pages by the school's staff, over real HTTP: the list's filters, the form's
// checks (slug format, reserved and taken addresses, sanitised rich text, pictures that are not
// theirs), 409 on a stale form, publishing now and later (a scheduled post is nowhere public until
// its time — moved here by setting publish_from in the database), old addresses of a public page
// answering with the page under its new slug, deleting, and the journal.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_POST_TEXTS, addDays, moscowIsoDate, type SitePost, type SitePostCreate } from '@crema/contract';
import { auditEvents, pageBlocks, pages } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildMenu, buildPost, buildUser, signInAs, unique, type TestSession } from '../../test/factories.ts';

let t: TestContext;
const db = () => t.database.db;
let staff: TestSession;
let staffId: number;

beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(db(), { isStaff: true });
  staffId = user.id;
  staff = await signInAs(t.app, user);
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/admin/school/site/posts/';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: staff.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const slugOf = (prefix: string) => unique(prefix).toLowerCase().replace(/[^a-z0-9-]/g, '-');

function draft(overrides: Partial<SitePostCreate> = {}): SitePostCreate {
  return {
    kind: 'post',
    title: 'Как выбрать кофемолку',
    slug: slugOf('grinder'),
    excerpt: 'Жернова, помол и бюджет.',
    author: 'Анна Смирнова',
    blocks: [{ type: 'text', html: '<p>Начнём с жерновов.</p>' }],
    ...overrides,
  };
}

async function create(overrides: Partial<SitePostCreate> = {}): Promise<SitePost> {
  const res = await call('POST', BASE, draft(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const formOf = (post: SitePost) => ({
  updated_at: post.updated_at,
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  image: post.image,
  author: post.author,
  seo_title: post.seo_title,
  seo_description: post.seo_description,
  og_image: post.og_image,
  blocks: post.blocks,
});

const publicPage = (slug: string) => t.app.inject({ method: 'GET', url: `/api/pages/${slug}/extended/` });
const publicSlugs = async () => ((await t.app.inject({ method: 'GET', url: '/api/pages/?page_size=50' })).json().results as { slug: string }[]).map((p) => p.slug);
const sitemapPaths = async () => ((await t.app.inject({ method: 'GET', url: '/api/sitemap/' })).json() as { path: string }[]).map((e) => e.path);
const newestAudit = async () => (await db().select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0];

describe('the staff form', () => {
  it('creates a draft with sanitised rich text, the author, and a journal record', async () => {
    const post = await create({
      blocks: [
        { type: 'text', html: '<p>Смело<script>alert(1)</script><img src="x" onerror="alert(2)"></p>' },
        { type: 'quote', text: 'Кофе — это про людей.', author: 'Мастер', author_role: '' },
        { type: 'cta', title: 'На курс', button_text: 'Записаться', link: '/courses/' },
      ],
    });
    expect(post).toMatchObject({ status: 'draft', kind: 'post', author: 'Анна Смирнова', url: `/blog/${post.slug}/`, publish_from: null });
    expect(post.blocks[0]).toEqual({ type: 'text', html: '<p>Смело<img src="x" /></p>' });
    expect(post.blocks[1]).toMatchObject({ type: 'quote', author: 'Мастер', author_role: null });
    expect(post.view.blocks.map((b) => b.type)).toEqual(['text', 'quote', 'cta']);
    expect(await newestAudit()).toMatchObject({ action: 'post.create', entity: 'post', entityId: String(post.id), actorId: staffId, summary: post.title });
    // A draft is not public.
    expect((await publicPage(post.slug)).statusCode).toBe(404);
  });

  it('checks the address: format, sections of the site, taken by a post or a page — in Russian', async () => {
    const bad = await call('POST', BASE, draft({ slug: 'Кофе и молоко' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().slug).toEqual([SITE_POST_TEXTS.slugFormat]);
    for (const reserved of ['courses', 'blog', 'user', 'admin', 'api', 'sveden', 'schedule', 'documents']) {
      const res = await call('POST', BASE, draft({ slug: reserved, kind: 'page' }));
      expect(res.statusCode, reserved).toBe(400);
      expect(res.json().slug, reserved).toEqual([SITE_POST_TEXTS.slugReserved]);
    }
    const page = await create({ kind: 'page', slug: slugOf('about-us') });
    const taken = await call('POST', BASE, draft({ slug: page.slug }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().slug).toEqual([SITE_POST_TEXTS.slugTaken]);
    const missingTitle = await call('POST', BASE, draft({ title: ' ' }));
    expect(missingTitle.json().title).toEqual(['Заполните заголовок.']);
    const badLink = await call('POST', BASE, draft({ blocks: [{ type: 'cta', title: 'А', button_text: 'Б', link: 'javascript:alert(1)' }] }));
    expect(badLink.statusCode).toBe(400);
    expect(JSON.stringify(badLink.json())).toContain(SITE_POST_TEXTS.link);
  });

  it('refuses a picture someone else uploaded, keeps its own and the school ones', async () => {
    const foreign = await call('POST', BASE, draft({ image: 'courses/999999/secret.png' }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().image[0]).toContain('загружен не вами');
    const own = await create({ image: `courses/${staffId}/cover.png`, blocks: [{ type: 'image', image: 'demo/pages/beans.jpg', alt: 'Зерно' }] });
    expect(own.urls[`courses/${staffId}/cover.png`]).toMatch(/cover\.png$/);
  });

  it('answers 409 to a form saved from an older version and writes nothing', async () => {
    const post = await create();
    const first = await call('PUT', `${BASE}${post.id}/`, { ...formOf(post), title: 'Первая правка' });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await call('PUT', `${BASE}${post.id}/`, { ...formOf(post), title: 'Вторая правка' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: SITE_POST_TEXTS.conflict });
    const [row] = await db().select().from(pages).where(eq(pages.id, post.id));
    expect(row!.title).toBe('Первая правка');
    expect(await newestAudit()).toMatchObject({ action: 'post.update', before: { title: post.title }, after: { title: 'Первая правка' } });
  });

  it('replaces the blocks in the order given', async () => {
    const post = await create({ blocks: [{ type: 'text', html: '<p>Один</p>' }, { type: 'text', html: '<p>Два</p>' }] });
    const res = await call('PUT', `${BASE}${post.id}/`, { ...formOf(post), blocks: [post.blocks[1], { type: 'gallery', images: [{ image: 'demo/a.jpg', alt: 'А' }] }, post.blocks[0]] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as SitePost).blocks.map((b) => (b.type === 'text' ? b.html : b.type))).toEqual(['<p>Два</p>', 'gallery', '<p>Один</p>']);
    expect(await db().select().from(pageBlocks).where(eq(pageBlocks.pageId, post.id))).toHaveLength(3);
  });
});

describe('publishing', () => {
  it('publishes now, takes down, and shows each state in the list with filters', async () => {
    const title = `Эспрессо ${unique('e')}`;
    const post = await create({ title });
    const published = await call('POST', `${BASE}${post.id}/publish/`, { updated_at: post.updated_at });
    expect(published.statusCode, published.body).toBe(200);
    const live: SitePost = published.json();
    expect(live.status).toBe('published');
    expect(await newestAudit()).toMatchObject({ action: 'post.publish', after: { status: 'published' } });
    expect((await publicPage(post.slug)).statusCode).toBe(200);
    expect(await publicSlugs()).toContain(post.slug);

    const list = await call('GET', `${BASE}?kind=post&status=published&search=${encodeURIComponent(title)}`);
    expect(list.headers['cache-control']).toContain('no-store');
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: post.id, status: 'published', author: 'Анна Смирнова' }] });
    expect((await call('GET', `${BASE}?status=draft&search=${encodeURIComponent(title)}`)).json().count).toBe(0);
    expect((await call('GET', `${BASE}?kind=page&search=${encodeURIComponent(title)}`)).json().count).toBe(0);
    expect((await call('GET', `${BASE}?search=${post.slug}`)).json().count).toBe(1);

    const down = await call('POST', `${BASE}${post.id}/unpublish/`, { updated_at: live.updated_at });
    expect(down.statusCode).toBe(200);
    expect(down.json().status).toBe('draft');
    expect(await newestAudit()).toMatchObject({ action: 'post.unpublish', before: { status: 'published' }, after: { status: 'draft' } });
    expect((await publicPage(post.slug)).statusCode).toBe(404);
    const again = await call('POST', `${BASE}${post.id}/unpublish/`, { updated_at: down.json().updated_at });
    expect(again.statusCode).toBe(409);
  });

  it('a scheduled post is nowhere public until its Moscow time, then everywhere', async () => {
    const post = await create();
    const tomorrow = addDays(moscowIsoDate(new Date()), 1);
    const res = await call('POST', `${BASE}${post.id}/schedule/`, { updated_at: post.updated_at, date: tomorrow, time: '10:00' });
    expect(res.statusCode, res.body).toBe(200);
    const scheduled: SitePost = res.json();
    expect(scheduled.status).toBe('scheduled');
    expect(scheduled.publish_from).toBe(new Date(`${tomorrow}T10:00:00+03:00`).toISOString());
    expect(await newestAudit()).toMatchObject({ action: 'post.schedule', after: { status: 'scheduled' } });
    expect((await call('GET', `${BASE}?status=scheduled&search=${post.slug}`)).json().count).toBe(1);

    expect((await publicPage(post.slug)).statusCode).toBe(404);
    expect(await publicSlugs()).not.toContain(post.slug);
    expect(await sitemapPaths()).not.toContain(`/blog/${post.slug}/`);

    // Its time comes.
    await db().update(pages).set({ publishFrom: new Date(Date.now() - 1000) }).where(eq(pages.id, post.id));
    expect((await publicPage(post.slug)).statusCode).toBe(200);
    expect(await publicSlugs()).toContain(post.slug);
    expect(await sitemapPaths()).toContain(`/blog/${post.slug}/`);
    expect((await call('GET', `${BASE}${post.id}/`)).json().status).toBe('published');
  });

  it('refuses a time that has passed, and a stale version', async () => {
    const post = await create();
    const past = await call('POST', `${BASE}${post.id}/schedule/`, { updated_at: post.updated_at, date: '2020-01-01', time: '10:00' });
    expect(past.statusCode).toBe(400);
    expect(past.json().time).toEqual([SITE_POST_TEXTS.pastTime]);
    const noTime = await call('POST', `${BASE}${post.id}/schedule/`, { updated_at: post.updated_at, date: '2099-01-01' });
    expect(noTime.statusCode).toBe(400);
    const stale = await call('POST', `${BASE}${post.id}/publish/`, { updated_at: new Date(0).toISOString() });
    expect(stale.statusCode).toBe(409);
  });
});

describe('a changed address', () => {
  it('keeps the old address of a public post: the public API answers it with the new slug', async () => {
    const post = await create();
    const live: SitePost = (await call('POST', `${BASE}${post.id}/publish/`, { updated_at: post.updated_at })).json();
    const renamed = slugOf('grinders-guide');
    const res = await call('PUT', `${BASE}${live.id}/`, { ...formOf(live), slug: renamed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().old_slugs).toEqual([post.slug]);
    const old = await publicPage(post.slug);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ slug: renamed, url: `/blog/${renamed}/` });
    // Nobody else may take the old address while it redirects.
    const clash = await call('POST', BASE, draft({ slug: post.slug }));
    expect(clash.json().slug).toEqual([SITE_POST_TEXTS.slugFormer]);
    // Back to the old address: it is the post's own again, not a redirect.
    const back = await call('PUT', `${BASE}${live.id}/`, { ...formOf(res.json()), slug: post.slug });
    expect(back.json().old_slugs).toEqual([renamed]);
    expect((await publicPage(renamed)).json().slug).toBe(post.slug);
  });

  it('keeps nothing for a draft: its old address was never public', async () => {
    const post = await create();
    const res = await call('PUT', `${BASE}${post.id}/`, { ...formOf(post), slug: slugOf('renamed') });
    expect(res.json().old_slugs).toEqual([]);
    expect((await create({ slug: post.slug })).slug).toBe(post.slug);
  });

  it('hides an old address while the page is taken down', async () => {
    const post = await create();
    const live: SitePost = (await call('POST', `${BASE}${post.id}/publish/`, { updated_at: post.updated_at })).json();
    const moved: SitePost = (await call('PUT', `${BASE}${live.id}/`, { ...formOf(live), slug: slugOf('moved') })).json();
    await call('POST', `${BASE}${post.id}/unpublish/`, { updated_at: moved.updated_at });
    expect((await publicPage(post.slug)).statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it('deletes a post with its blocks; a page in a menu answers 409 naming the menu', async () => {
    const post = await create();
    const gone = await call('DELETE', `${BASE}${post.id}/`);
    expect(gone.statusCode).toBe(204);
    expect(await db().select().from(pages).where(eq(pages.id, post.id))).toEqual([]);
    expect(await newestAudit()).toMatchObject({ action: 'post.delete', entityId: String(post.id), before: { title: post.title } });
    expect((await call('GET', `${BASE}${post.id}/`)).statusCode).toBe(404);

    const page = await buildPost(db(), { kind: 'page', slug: slugOf('menu-page') });
    await buildMenu(db(), { key: unique('menu'), title: 'Меню в подвале', items: [{ title: 'О нас', slug: 'about', type: 'page', pageId: page.id, url: `/${page.slug}/` }] });
    const used = await call('DELETE', `${BASE}${page.id}/`);
    expect(used.statusCode).toBe(409);
    expect(used.json().detail).toBe(SITE_POST_TEXTS.inMenu('«Меню в подвале»'));
  });
});
