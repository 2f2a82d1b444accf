import type { APIRequestContext, Page } from '@playwright/test';
import { STAFF_TEST_GROUP, expect, test } from './fixtures.ts';
import { formatDate, formatTime } from '@crema/contract/format';

interface PageCard {
  slug: string;
  title: string;
  publish_from: string | null;
  url: string;
}
interface GroupStart {
  id: number;
  title: string;
  starts_on: string;
  format: 'online' | 'offline' | 'blended';
  course: { slug: string; title: string; kids: boolean };
  sessions: { starts_at: string; ends_at: string }[];
}

const BLOG_PAGE_SIZE = 9;

// The cookie notice stays out of the way of the footer links.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function posts(request: APIRequestContext, page = 1): Promise<{ count: number; results: PageCard[] }> {
  const res = await request.get(`/api/pages/?kind=post&page=${page}&page_size=${BLOG_PAGE_SIZE}`);
  expect(res.status()).toBe(200);
  return res.json();
}

async function expectNotFound(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Такой страницы нет' })).toBeVisible();
}

test('blog: the list, newest first, opens a post with its date and a way back', async ({ page, request }) => {
  const cards = page.locator('.post-card');
  // Same posts in the same order as the API (newest publish_from first). Staff's scheduled posts
  // (another spec) come and go meanwhile, and a page is kept for seconds: read both again until they agree.
  let results: PageCard[] = [];
  await expect(async () => {
    results = (await posts(request)).results;
    expect(results.length).toBeGreaterThan(1);
    await page.goto('/blog/');
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(results.map((post) => post.title), { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveTitle(/^Блог — /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Блог' })).toBeVisible();
  await expect(cards).toHaveCount(results.length);
  // Each with its dd.mm.yyyy date.
  const dates = results.map((post) => post.publish_from!);
  expect([...dates].sort().reverse()).toEqual(dates);
  await expect(cards.first().locator('time')).toHaveText(formatDate(dates[0]!));
  // Cards are sized before their pictures arrive; only the first one loads eagerly.
  const images = cards.locator('img');
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
  for (const img of await images.all()) {
    await expect(img).toHaveAttribute('width', /^\d+$/);
    await expect(img).toHaveAttribute('height', /^\d+$/);
  }

  const post = results[1]!;
  const extended = await (await request.get(`/api/pages/${post.slug}/extended/`)).json();
  await cards.getByRole('link', { name: post.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}/$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(extended.seo.h1);
  await expect(page.locator('article time').first()).toHaveText(formatDate(post.publish_from!));
  await expect(page).toHaveTitle(new RegExp(`^${extended.seo.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — `));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+/);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const posting = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'BlogPosting');
  expect(posting).toMatchObject({ headline: extended.seo.h1, datePublished: post.publish_from, publisher: { '@type': 'Organization' } });
  const trail = page.getByRole('navigation', { name: 'Навигационная цепочка' });
  await expect(trail.getByRole('link')).toHaveText(['Главная', 'Блог']);

  await page.getByRole('link', { name: 'Все статьи' }).click();
  await expect(page).toHaveURL(/\/blog\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Блог' })).toBeVisible();
});

test('blog paging: ?page=1 is /blog/, a page past the last is the 404 page', async ({ page, request }) => {
  const { count } = await posts(request);
  const lastPage = Math.max(1, Math.ceil(count / BLOG_PAGE_SIZE));
  await page.goto('/blog/?page=1');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\/$/);
  await expectNotFound(page, `/blog/?page=${lastPage + 1}`);
  await expectNotFound(page, '/blog/?page=abc');
});

test('blog paging: the next page by a plain link', async ({ page, request }) => {
  const { count } = await posts(request);
  expect(count, 'the demo blog fills two pages').toBe(10);
  expect(count).toBeGreaterThan(BLOG_PAGE_SIZE);
  const second = await posts(request, 2);
  await page.goto('/blog/');
  await page.getByRole('navigation', { name: 'Страницы блога' }).getByRole('link', { name: 'Страница 2' }).click();
  await expect(page).toHaveURL(/\/blog\/\?page=2$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\/\?page=2$/);
  await expect(page.locator('.post-card h2').first()).toHaveText(second.results[0]!.title);
});

test('a content page from the footer menu: h1, blocks, breadcrumbs and its own head', async ({ page, request }) => {
  const about = await (await request.get('/api/pages/about/extended/')).json();
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: about.title, exact: true }).click();
  await expect(page).toHaveURL(/\/about\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.seo.h1);
  await expect(page).toHaveTitle(`${about.seo.title} — ${(await (await request.post('/api/configs/', { data: { keys: ['SITE_NAME'] } })).json()).SITE_NAME}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', about.seo.description);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about\/$/);
  const trail = page.getByRole('navigation', { name: 'Навигационная цепочка' });
  await expect(trail.getByRole('link')).toHaveText(['Главная']);

  // Every block the page has is there.
  const quote = about.blocks.find((block: { type: string }) => block.type === 'quote');
  await expect(page.locator('blockquote')).toContainText(quote.text);
  const cta = about.blocks.find((block: { type: string }) => block.type === 'cta');
  await expect(page.getByRole('link', { name: cta.button_text })).toHaveAttribute('href', cta.link);
  const gallery = about.blocks.find((block: { type: string }) => block.type === 'gallery');
  await expect(page.getByRole('list', { name: 'Галерея' }).getByRole('img')).toHaveCount(gallery.images.length);
  // The header menu's 'Преподаватели' points here (/about/#teachers).
  const teachers = await (await request.get('/api/teachers/')).json();
  await expect(page.locator('#teachers').getByRole('heading', { level: 3 })).toHaveCount(teachers.length);
  // Block headings sit under the h1 (admin h3s become h2s): the outline never skips a level.
  const levels = await page.locator('main :is(h1, h2, h3, h4)').evaluateAll((els) => els.map((el) => Number(el.tagName[1])));
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `heading ${i}`).toBeLessThanOrEqual(1);
});

test('unknown, unpublished, future and misplaced pages are the 404 page', async ({ page, request }) => {
  await expectNotFound(page, '/no-such-article/');
  await expect(page.getByText('ссылка никуда не ведёт или страница была удалена')).toBeVisible();
  await expectNotFound(page, '/about/extra/');
  await expectNotFound(page, '/blog/no-such-post/');
  // A page is not a post and a post is not a page.
  await expectNotFound(page, '/blog/about/');
  const { results } = await posts(request);
  await expectNotFound(page, `/${results[0]!.slug}/`);
  // The seed's post scheduled ten days ahead, and its draft page.
  expect(results.map((post) => post.slug)).not.toContain('itogi-chempionata-shkoly-po-latte-artu');
  await expectNotFound(page, '/blog/itogi-chempionata-shkoly-po-latte-artu/');
  await expectNotFound(page, '/vacancies/');
});

test('schedule: upcoming groups with dates, Moscow times, course links; the audience tabs', async ({ page, request }) => {
  // The staff's specs publish a group of their own for a while ('Группа проверки …'); the demo's are the others.
  const groups = ((await (await request.get('/api/schedule/')).json()) as GroupStart[]).filter((g) => !g.title.startsWith(STAFF_TEST_GROUP));
  expect(groups, 'the demo schedule: fifteen groups ahead').toHaveLength(15);
  await page.goto('/schedule/');
  await expect(page.getByRole('heading', { level: 1, name: 'Расписание наборов' })).toBeVisible();
  const cards = page.locator('.group-card').filter({ hasNotText: STAFF_TEST_GROUP });
  await expect(cards).toHaveCount(groups.length);

  const first = cards.first();
  const group = groups[0]!;
  await expect(first.locator('.group-card__start-date')).toHaveText(formatDate(group.starts_on));
  await expect(first.getByRole('heading', { level: 2 }).getByRole('link')).toHaveAttribute('href', `/courses/${group.course.slug}/`);
  expect((await request.get(`/api/courses/${group.course.slug}/`)).status()).toBe(200);
  // The browser runs in Vladivostok; the times shown are still Moscow's.
  const session = groups.find((g) => g.sessions.length > 0)!.sessions[0]!;
  await expect(page.getByText(`${formatTime(session.starts_at)}–${formatTime(session.ends_at)}`).first()).toBeVisible();

  const kids: GroupStart[] = await (await request.get('/api/schedule/?type=kids')).json();
  await page.getByRole('navigation', { name: 'Для кого' }).getByRole('link', { name: 'Для детей' }).click();
  await expect(page).toHaveURL(/\/schedule\/\?type=kids$/);
  await expect(page.getByRole('link', { name: 'Для детей' })).toHaveAttribute('aria-current', 'page');
  expect(kids, 'the demo schedule: four groups for children').toHaveLength(4);
  await expect(cards).toHaveCount(kids.length);
  await expect(cards.getByText('Для взрослых', { exact: true })).toHaveCount(0);
});

test('presence: the in-person page with its blocks, the address and the in-person groups only', async ({ page, request }) => {
  const presence = await (await request.get('/api/pages/presence/extended/')).json();
  const configs = await (await request.post('/api/configs/', { data: { keys: ['FOOTER_ADDRESS', 'FOOTER_PHONE'] } })).json();
  const groups: GroupStart[] = await (await request.get('/api/schedule/')).json();
  const inPerson = groups.filter((group) => group.format !== 'online');

  const response = await page.goto('/presence/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(presence.seo.h1);
  const visit = page.getByRole('complementary', { name: 'Как нас найти' });
  await expect(visit).toContainText(configs.FOOTER_ADDRESS);
  await expect(visit.getByRole('link', { name: configs.FOOTER_PHONE })).toHaveAttribute('href', /^tel:\+\d+$/);
  const side = presence.blocks.find((block: { type: string }) => block.type === 'side_text_image');
  await expect(page.getByRole('heading', { level: 2, name: side.title })).toBeVisible();
  // The video costs nothing until it is played.
  await expect(page.locator('video')).toHaveAttribute('preload', 'none');

  const section = page.getByRole('region', { name: 'Ближайшие очные группы' });
  await expect(section).toBeVisible();
  const cards = section.locator('.group-card');
  await expect(cards).toHaveCount(Math.min(6, inPerson.length));
  await expect(cards.getByText('Онлайн', { exact: true })).toHaveCount(0);
  await section.getByRole('link', { name: /Всё расписание/ }).click();
  await expect(page).toHaveURL(/\/schedule\/$/);
});

test('sitemap.xml lists courses, posts and pages by absolute URL', async ({ request, baseURL }) => {
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await res.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const course = (await (await request.get('/api/courses/')).json()).content[0];
  // PUBLIC_URL is not set here, so the site's origin is the server's own address.
  const origin = new URL(baseURL!).origin;
  expect(locs).toContain(`${origin}/courses/${course.slug}/`);
  expect(locs).toContain(`${origin}/about/`);
  const { results } = await posts(request);
  expect(locs).toContain(`${origin}/blog/${results[0]!.slug}/`);
  expect(locs.some((loc) => loc.includes('itogi-chempionata'))).toBe(false);
  expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
});
