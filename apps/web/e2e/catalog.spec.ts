import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Shop window: home blocks, catalogue, course page, Review modal.

interface Category {
  id: number;
  name: string;
  type: 'adult' | 'kids';
}
interface CourseCard {
  slug: string;
  title: string;
  price: number | null;
  category: Category;
}
interface CourseList {
  content: CourseCard[];
  count: number;
  total_pages: number;
  filters: { id: number; name: string; values: { id: number; value: string; count: number }[] }[];
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) <= 520;
const NBSP = '\u00A0';

async function courses(request: APIRequestContext, query = ''): Promise<CourseList> {
  const response = await request.get(`/api/courses/${query}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/** '15 курсов' as the page prints it (NBSP between the number and the word). */
function countText(n: number): RegExp {
  const mod10 = n % 10;
  const mod100 = n % 100;
  const word = mod10 === 1 && mod100 !== 11 ? 'курс' : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14) ? 'курса' : 'курсов';
  return new RegExp(`^${n}[\\s${NBSP}]${word}$`);
}

/** The price as formatPrice prints it: '32 000 ₽'. */
function priceText(kopecks: number): string {
  return `${String(Math.floor(kopecks / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)}${NBSP}₽`;
}

const cardTitles = (page: Page) => page.locator('.course-card__title').allTextContents();
const countLine = (page: Page) => page.locator('.catalog-count');

/** Opens the filter panel where it folds away (phone and tablet widths). */
async function openFilters(page: Page) {
  const toggle = page.locator('.filters-panel__toggle');
  if (await toggle.isVisible()) {
    if ((await page.locator('.filters-panel').getAttribute('open')) === null) await toggle.click();
  }
}

test('a footer direction opens the catalogue filtered by that category', async ({ page, request }) => {
  const categories: Category[] = await (await request.get('/api/categories/')).json();
  const category = categories.find((c) => c.type === 'adult')!;
  const expected = await courses(request, `?categories=${category.id}&page_size=48`);
  expect(expected.count, 'the demo courses of the first adult direction').toBeGreaterThanOrEqual(3);

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: category.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/\\?category=${category.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
  await expect(countLine(page)).toHaveText(countText(expected.count));
  await expect(page.getByRole('navigation', { name: 'Направления', exact: true }).getByRole('link', { name: category.name, exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );
  // Every card shown belongs to the category.
  const shown = await page.locator('.course-card__category').allTextContents();
  expect(shown.length).toBe(Math.min(expected.count, 12));
  expect(new Set(shown)).toEqual(new Set([category.name]));
  // Its own canonical address; indexable.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/courses/\\?category=${category.id}$`));
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test('search: typing «бариста» shows the matching courses and their count', async ({ page, request }) => {
  const expected = await courses(request, `?search=${encodeURIComponent('бариста')}&page_size=48`);
  expect(expected.count, 'demo courses matching «бариста»').toBeGreaterThanOrEqual(7);
  const all = await courses(request);
  expect(expected.count).toBeLessThan(all.count);

  await page.goto('/courses/');
  await expect(countLine(page)).toHaveText(countText(all.count));
  await page.getByRole('searchbox', { name: 'Поиск по курсам' }).fill('бариста');
  await expect(page).toHaveURL(/\/courses\/\?search=%D0%B1%D0%B0%D1%80%D0%B8%D1%81%D1%82%D0%B0$/);
  await expect(countLine(page)).toHaveText(countText(expected.count));
  expect((await cardTitles(page)).sort()).toEqual(
    expected.content
      .slice(0, 12)
      .map((c) => c.title)
      .sort(),
  );
  // A search result is a view, not a page of its own.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  // Nothing found: the empty state offers a way back.
  await page.getByRole('searchbox', { name: 'Поиск по курсам' }).fill('абракадабра');
  await expect(page.getByRole('heading', { name: 'Таких курсов пока нет' })).toBeVisible();
  await expect(countLine(page)).toHaveText(countText(0));
  await page.getByRole('link', { name: 'Сбросить фильтры' }).click();
  await expect(page).toHaveURL(/\/courses\/$/);
  await expect(countLine(page)).toHaveText(countText(all.count));
});

test('a course opened from the catalogue: h1, price and the call to action', async ({ page, request }) => {
  const list = await courses(request);
  const first = list.content[0]!;
  const detail = await (await request.get(`/api/courses/${first.slug}/`)).json();

  await page.goto('/courses/');
  await page.getByRole('link', { name: first.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${first.slug}/$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.seo.h1 || detail.title);
  await expect(page).toHaveTitle(new RegExp(`^${detail.seo.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  const offer = page.getByRole('complementary', { name: 'Стоимость и запись' });
  if (detail.price) await expect(offer.locator('.price__current')).toHaveText(`Цена: ${priceText(detail.price)}`);
  await expect(offer.getByRole('link', { name: 'Записаться на курс', exact: true })).toHaveAttribute('href', `/order-course/${first.slug}/`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/courses/${first.slug}/$`));

  // Structured data: the course with its provider and offer, and the breadcrumb trail.
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const ld = blocks.map((text) => JSON.parse(text));
  const course = ld.find((item) => item['@type'] === 'Course');
  expect(course.name).toBe(detail.title);
  expect(course.provider['@type']).toBe('Organization');
  if (detail.price) expect(course.offers).toMatchObject({ priceCurrency: 'RUB', price: (detail.price / 100).toFixed(2) });
  const trail = ld.find((item) => item['@type'] === 'BreadcrumbList');
  expect(trail.itemListElement.map((crumb: { name: string }) => crumb.name)).toEqual(['Главная', 'Каталог курсов', detail.title]);

  // The program folds open without scripts.
  if (detail.program.modules.length > 1) {
    const second = page.locator('.program__module details').nth(1);
    await expect(second.locator('.program__items')).toBeHidden();
    await second.locator('summary').click();
    await expect(second.locator('.program__items')).toBeVisible();
  }
});

test('the course tabs switch with a click and with the arrow keys', async ({ page, request }) => {
  const detail = await (await request.get('/api/courses/barista-s-nulya/')).json();
  const tabs = detail.attributes.filter((a: { is_tab: boolean }) => a.is_tab);
  expect(tabs.length, 'the demo course shows two tab attributes').toBe(2);
  await page.goto('/courses/barista-s-nulya/');
  const list = page.getByRole('tablist');
  await expect(list.getByRole('tab')).toHaveCount(tabs.length);
  await expect(list.getByRole('tab', { name: tabs[0].name })).toHaveAttribute('aria-selected', 'true');
  await list.getByRole('tab', { name: tabs[1].name }).click();
  await expect(page.getByRole('tabpanel', { name: tabs[1].name })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: tabs[0].name })).toBeHidden();
  await page.keyboard.press('ArrowLeft');
  await expect(list.getByRole('tab', { name: tabs[0].name })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: tabs[0].name })).toBeVisible();
});

test('a review opens in the Review modal and closes with Esc and a click outside', async ({ page, request }) => {
  const reviews = (await (await request.get('/api/reviews/?on_main=true')).json()).results;
  const review = reviews[0];
  await page.goto('/');
  const link = page.getByRole('link', { name: `Читать отзыв — ${review.name}` });
  await link.scrollIntoViewIfNeeded();
  await link.click();
  const dialog = page.getByRole('dialog', { name: review.name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: `Оценка ${review.rating} из 5` })).toBeVisible();
  const [y, m, d] = review.published_at.split('-');
  await expect(dialog.getByText(`${d}.${m}.${y}`)).toBeVisible();
  await expect(dialog.getByText(review.text.slice(0, 40))).toBeVisible();
  // Focus is inside; the page behind does not scroll.
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expect(page.locator('html')).toHaveClass(/modal-open/);
  // Tab stays inside the dialog.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
  await expect(page.locator('html')).not.toHaveClass(/modal-open/);
  await expect(page).toHaveURL(/\/$/);

  await link.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(4, (page.viewportSize()?.height ?? 700) - 100);
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();

  // The close button works too.
  await link.click();
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toBeHidden();
});

test('the browser’s Back closes an opened review and stays on the page; closing leaves no stray entry', async ({ page, request, baseURL }) => {
  const review = (await (await request.get('/api/reviews/?on_main=true')).json()).results[0];
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  const link = page.getByRole('link', { name: `Читать отзыв — ${review.name}` });
  await link.scrollIntoViewIfNeeded();
  await link.click();
  const dialog = page.getByRole('dialog', { name: review.name });
  await expect(dialog).toBeVisible();
  // Opening the review is an address of its own.
  await expect(page).toHaveURL(new RegExp(`/\\?review=${review.id}$`));

  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('link', { name: `Читать отзыв — ${review.name}` })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/modal-open/);

  // Closing with Esc goes back to the page's own entry: one more Back leaves nothing of the review.
  await page.goto('/courses/');
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goBack();
  await expect(page).toHaveURL(/\/courses\/$/);

  // A review that came with the address closes in place (the address loses ?review=).
  await page.goto('/courses/');
  await page.goto(`/?review=${review.id}`);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goBack();
  await expect(page).toHaveURL(/\/courses\/$/);
});

test('a review link works as an address: the page arrives with the review open', async ({ page, request }) => {
  const detail = await (await request.get('/api/courses/barista-s-nulya/')).json();
  const review = detail.reviews[0];
  expect(detail.reviews, 'the demo course has one published review').toHaveLength(1);
  await page.goto(`/courses/barista-s-nulya/?review=${review.id}`);
  const dialog = page.getByRole('dialog', { name: review.name });
  await expect(dialog).toBeVisible();
  // The server's dialog comes alive once its code has loaded (it loads on use, decision 0039): then
  // it is a modal dialog that keeps the page behind it inert.
  await expect(page.locator('html')).toHaveClass(/modal-open/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Closing takes the review out of the address.
  await expect(page).toHaveURL(/\/courses\/barista-s-nulya\/$/);
});

test('paging and filters change the address, and the back button restores the results', async ({ page, request }) => {
  const all = await courses(request);
  expect(all.total_pages, 'the demo catalogue fills two pages').toBeGreaterThanOrEqual(2);
  const second = await courses(request, '?page=2');
  const format = all.filters.find((f) => f.values.some((v) => v.count > 0 && v.count < all.count))!;
  const value = format.values.find((v) => v.count > 0 && v.count < all.count)!;
  const filtered = await courses(request, `?attributes=${value.id}`);

  await page.goto('/courses/');
  const firstPage = await cardTitles(page);
  await page.getByRole('navigation', { name: 'Страницы каталога' }).getByRole('link', { name: 'Страница 2' }).click();
  await expect(page).toHaveURL(/\/courses\/\?page=2$/);
  await expect(page.locator('.course-card__title').first()).toHaveText(second.content[0]!.title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/courses\/\?page=2$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/courses\/$/);
  await expect.poll(() => cardTitles(page)).toEqual(firstPage);

  await openFilters(page);
  const checkbox = page.getByRole('group', { name: format.name }).getByRole('checkbox', { name: value.value });
  await checkbox.check();
  await expect(page).toHaveURL(new RegExp(`/courses/\\?attributes=${value.id}$`));
  await expect(countLine(page)).toHaveText(countText(filtered.count));
  await expect(checkbox).toBeChecked();

  await page.goBack();
  await expect(page).toHaveURL(/\/courses\/$/);
  await expect(countLine(page)).toHaveText(countText(all.count));
  await openFilters(page);
  await expect(checkbox).not.toBeChecked();

  await page.goForward();
  await expect(countLine(page)).toHaveText(countText(filtered.count));
});

test('the audience tabs and the header’s ?type= links list adult or children’s courses', async ({ page, request }) => {
  const kids = await courses(request, '?type=kids');
  await page.goto('/courses/?type=kids');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Курсы для детей');
  await expect(page.getByRole('navigation', { name: 'Для кого курсы' }).getByRole('link', { name: 'Для детей' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(countLine(page)).toHaveText(countText(kids.count));
  await page.getByRole('navigation', { name: 'Для кого курсы' }).getByRole('link', { name: 'Все курсы' }).click();
  await expect(page).toHaveURL(/\/courses\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог курсов');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the catalogue still filters and searches through its form', async ({ page, request }) => {
    const all = await courses(request);
    const filter = all.filters.find((f) => f.values.some((v) => v.count > 0 && v.count < all.count))!;
    const value = filter.values.find((v) => v.count > 0 && v.count < all.count)!;
    const filtered = await courses(request, `?attributes=${value.id}`);

    await page.goto('/courses/');
    await openFilters(page);
    await page.getByRole('group', { name: filter.name }).getByRole('checkbox', { name: value.value }).check();
    await page.getByRole('button', { name: 'Показать курсы' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]attributes=${value.id}(&|$)`));
    await expect(countLine(page)).toHaveText(countText(filtered.count));

    const found = await courses(request, `?search=${encodeURIComponent('латте')}&attributes=${value.id}`);
    await page.getByRole('searchbox', { name: 'Поиск по курсам' }).fill('латте');
    await page.getByRole('searchbox', { name: 'Поиск по курсам' }).press('Enter');
    await expect(page).toHaveURL(/search=%D0%BB%D0%B0%D1%82%D1%82%D0%B5/);
    await expect(countLine(page)).toHaveText(countText(found.count));

    // Paging is a plain link.
    await page.goto('/courses/');
    // The demo catalogue has more than one page (15 courses, 12 a page): the pager must be there.
    expect(all.total_pages).toBeGreaterThan(1);
    await page.getByRole('link', { name: 'Страница 2' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
  });

  test('a review link opens the review on the server', async ({ page, request }) => {
    const review = (await (await request.get('/api/reviews/?on_main=true')).json()).results[0];
    await page.goto('/');
    await page.getByRole('link', { name: `Читать отзыв — ${review.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?review=${review.id}$`));
    const dialog = page.getByRole('dialog', { name: review.name });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(dialog).toBeHidden();
  });
});

test('an unknown course is the 404 page', async ({ page }) => {
  const response = await page.goto('/courses/no-such-course/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Такой страницы нет' })).toBeVisible();
  await expect(page).toHaveTitle(/^Такой страницы нет — /);
  const beyond = await page.request.get('/courses/?page=999');
  expect(beyond.status()).toBe(404);
});

test('home: featured courses, subsections with courses only, and the discount banner hidden for 7 days', async ({ page, context, request }) => {
  const [featured, subsections, discount] = await Promise.all([
    courses(request, '?featured=true&page_size=8'),
    request.get('/api/subsections/').then((r) => r.json() as Promise<{ id: number; title: string; count: number }[]>),
    request.get('/api/banners/?key=discount').then((r) => r.json() as Promise<{ title: string }[]>),
  ]);
  await page.goto('/');
  const popular = page.getByRole('region', { name: 'Популярные курсы' });
  for (const course of featured.content) await expect(popular.getByRole('link', { name: course.title, exact: true })).toBeVisible();
  const selections = page.getByRole('region', { name: 'Подборки курсов' });
  for (const subsection of subsections) {
    const link = selections.getByRole('link', { name: new RegExp(`^${subsection.title}`) });
    if (subsection.count > 0) await expect(link).toHaveAttribute('href', `/courses/?subsections=${subsection.id}`);
    else await expect(link).toHaveCount(0);
  }

  expect(discount, 'the demo data has one discount banner').toHaveLength(1);
  const offer = page.getByRole('complementary', { name: discount[0]!.title });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Скрыть предложение' }).click();
  await expect(offer).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === 'hideDiscountBanner');
  expect(cookie?.value).toBe('1');
  expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + 604800))).toBeLessThan(60);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(discount[0]!.title)).toHaveCount(0);
});

test('a subsection tile lists the courses of that selection', async ({ page, request }) => {
  const subsections: { id: number; title: string; count: number }[] = await (await request.get('/api/subsections/')).json();
  const subsection = subsections.find((s) => s.count > 0)!;
  await page.goto('/');
  await page.getByRole('region', { name: 'Подборки курсов' }).getByRole('link', { name: new RegExp(`^${subsection.title}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/\\?subsections=${subsection.id}$`));
  await expect(countLine(page)).toHaveText(countText(subsection.count));
  if (isPhone(page)) await expect(page.locator('.filters-panel__toggle')).toBeVisible();
});
