// The site's banners and menus for staff (decision 0071): banners with an image per breakpoint and
// a window of showing that the public list honours, edits against a version (409 when stale), the
// order of a position; menus of two levels whose items lead to an address, a page, a course or a
// category, edited and reordered against the menu's version; safe links only; every change in the
// journal and seen by guests at once (the app here caches public content for a minute).
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, banners, menuItems } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildBanner, buildCategory, buildCourse, buildMenu, buildPage, buildUser, signInAs, unique, type TestSession } from '../../test/factories.ts';
import { BANNER_TEXTS } from './banners.ts';
import { MENU_TEXTS } from './menus.ts';

let t: TestContext;
const db = () => t.database.db;
let staff: TestSession;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, session: Pick<TestSession, 'headers'> | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: session?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const guest = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();
async function newest() {
  const [row] = await db().select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
  return row!;
}
const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  // Public content cached for a minute: a guest's read after a change proves the change declared its topic.
  t = await createTestApp({ CONTENT_CACHE_TTL_MS: '60000' });
  staff = await signInAs(t.app, await buildUser(db(), { isStaff: true }));
});
afterAll(async () => {
  await t?.close();
});

describe('banners', () => {
  it('creates a banner with an image per breakpoint; guests get both at once, the slider stays in order', async () => {
    const first = await buildBanner(db(), { key: 'discount', sort: 0, title: 'Первый' });
    expect((await guest('/api/banners/?key=discount')).map((b: { id: number }) => b.id)).toEqual([first.id]);
    const res = await call('POST', '/api/admin/school/site/banners/', staff, {
      key: 'discount',
      title: '  Весенняя скидка ',
      text: 'Минус 10% на курсы',
      link: '/courses/',
      button_text: 'Выбрать',
      image: 'uploads/desk.jpg',
      image_mobile: 'uploads/phone.jpg',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ key: 'discount', title: 'Весенняя скидка', sort: 1, version: 1, state: 'shown', is_active: true });
    expect(created.image_mobile.url).toMatch(/phone\.jpg$/);
    const shown = await guest('/api/banners/?key=discount');
    expect(shown.map((b: { id: number }) => b.id)).toEqual([first.id, created.id]);
    expect(shown[1].image.url).toMatch(/desk\.jpg$/);
    expect(shown[1].image_mobile.url).toMatch(/phone\.jpg$/);
    expect(shown[0].image_mobile).toBeNull();
    expect(await newest()).toMatchObject({ action: 'banner.create', entity: 'banner', entityId: String(created.id), after: { title: 'Весенняя скидка', image_mobile: 'uploads/phone.jpg' } });
  });

  it('shows a banner only inside its window; the staff list says which are waiting or over', async () => {
    const before = await call('POST', '/api/admin/school/site/banners/', staff, { key: 'header', title: 'Скоро', show_from: at(2 * hour) });
    const over = await call('POST', '/api/admin/school/site/banners/', staff, { key: 'header', title: 'Прошло', show_until: at(-hour) });
    const now = await call('POST', '/api/admin/school/site/banners/', staff, { key: 'header', title: 'Сейчас', show_from: at(-hour), show_until: at(hour) });
    const off = await call('POST', '/api/admin/school/site/banners/', staff, { key: 'header', title: 'Выключен', is_active: false });
    const shown = (await guest('/api/banners/?key=header')).map((b: { title: string }) => b.title);
    expect(shown).toEqual(['Сейчас']);
    expect((await t.app.inject({ method: 'GET', url: `/api/banners/${before.json().id}/` })).statusCode).toBe(404);
    const list = (await call('GET', '/api/admin/school/site/banners/?key=header', staff)).json();
    expect(list.map((b: { title: string; state: string }) => [b.title, b.state])).toEqual([
      ['Скоро', 'scheduled'],
      ['Прошло', 'ended'],
      ['Сейчас', 'shown'],
      ['Выключен', 'hidden'],
    ]);
    // Rows from before the window existed have none: they stay shown.
    const old = await buildBanner(db(), { key: 'header', title: 'Старый', sort: 99 });
    await call('PATCH', `/api/admin/school/site/banners/${off.json().id}/`, staff, { version: 1, title: 'Выключен', is_active: false });
    expect((await guest('/api/banners/?key=header')).map((b: { id: number }) => b.id)).toEqual([now.json().id, old.id]);
    expect(over.json().state).toBe('ended');
  });

  it('refuses an edit from an older copy (409) and keeps the newer one', async () => {
    const banner = await buildBanner(db(), { key: 'main', title: 'Исходный' });
    const url = `/api/admin/school/site/banners/${banner.id}/`;
    const mine = await call('PATCH', url, staff, { version: 1, title: 'Моя правка', link: 'https://example.ru/promo' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ version: 2, title: 'Моя правка', link: 'https://example.ru/promo' });
    expect(await newest()).toMatchObject({ action: 'banner.update', before: { title: 'Исходный' }, after: { title: 'Моя правка' } });
    const stale = await call('PATCH', url, staff, { version: 1, title: 'Чужая правка' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: BANNER_TEXTS.conflict });
    expect((await call('GET', url, staff)).json().title).toBe('Моя правка');
    expect((await call('PATCH', '/api/admin/school/site/banners/999999/', staff, { version: 1, title: 'Нет' })).statusCode).toBe(404);
  });

  it('answers bad input with Russian field errors: no javascript: links, a window that ends after it starts', async () => {
    const res = await call('POST', '/api/admin/school/site/banners/', staff, {
      key: 'sidebar',
      title: ' ',
      link: 'javascript:alert(1)',
      image: '../etc/passwd',
      show_from: at(hour),
      show_until: 'завтра',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      key: ['Допустимые места: main, discount, header.'],
      title: ['Введите заголовок.'],
      link: ['Ссылка начинается с / (страница сайта) или с https://.'],
      image: ['Загрузите картинку заново.'],
      show_until: ['Укажите дату и время.'],
    });
    const reversed = await call('POST', '/api/admin/school/site/banners/', staff, { key: 'main', title: 'Наоборот', show_from: at(hour), show_until: at(-hour) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ show_until: ['«До» должно быть позже «с».'] });
    for (const link of ['data:text/html,<b>x</b>', '//evil.example/', 'JaVaScRiPt:alert(1)']) {
      const bad = await call('POST', '/api/admin/school/site/banners/', staff, { key: 'main', title: 'Ссылка', link });
      expect(bad.statusCode, link).toBe(400);
    }
  });

  it('reorders a position by the whole list; a stale list is 409; deleting goes from the site at once', async () => {
    const a = await call('POST', '/api/admin/school/site/banners/', staff, { key: 'main', title: `А ${unique('b')}` });
    const b = await call('POST', '/api/admin/school/site/banners/', staff, { key: 'main', title: `Б ${unique('b')}` });
    const ids = (await call('GET', '/api/admin/school/site/banners/?key=main', staff)).json().map((x: { id: number }) => x.id);
    const reversed = [...ids].reverse();
    const res = await call('PUT', '/api/admin/school/site/banners/order/', staff, { key: 'main', order: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((x: { id: number }) => x.id)).toEqual(reversed);
    expect((await guest('/api/banners/?key=main')).map((x: { id: number }) => x.id)).toEqual(reversed);
    expect(await newest()).toMatchObject({ action: 'banner.reorder', after: { order: reversed.join(',') } });
    const stale = await call('PUT', '/api/admin/school/site/banners/order/', staff, { key: 'main', order: reversed.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: BANNER_TEXTS.orderStale });

    const gone = await call('DELETE', `/api/admin/school/site/banners/${a.json().id}/`, staff);
    expect(gone.statusCode).toBe(204);
    expect(await db().select().from(banners).where(eq(banners.id, a.json().id))).toEqual([]);
    expect((await guest('/api/banners/?key=main')).map((x: { id: number }) => x.id)).not.toContain(a.json().id);
    expect(await newest()).toMatchObject({ action: 'banner.delete', entityId: String(a.json().id) });
    expect((await call('DELETE', `/api/admin/school/site/banners/${a.json().id}/`, staff)).statusCode).toBe(404);
    expect(b.statusCode).toBe(201);
  });
});

describe('menus', () => {
  it('lists every item in tree order with its version and what an item may link to', async () => {
    const page = await buildPage(db(), { slug: unique('about'), title: 'О школе' });
    const menu = await buildMenu(db(), {
      key: 'footer_menu',
      items: [{ title: 'Школа', type: 'page', pageId: page.id, children: [{ title: 'Контакты' }, { title: 'Скрыт', isActive: false }] }, { title: 'Блог', url: '/blog/' }],
    });
    const res = await call('GET', '/api/admin/school/site/menus/footer_menu/', staff);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ key: 'footer_menu', version: 1 });
    expect(body.items.map((i: { title: string; parent_id: number | null }) => [i.title, i.parent_id === null])).toEqual([
      ['Школа', true],
      ['Контакты', false],
      ['Скрыт', false],
      ['Блог', true],
    ]);
    expect(body.items[0]).toMatchObject({ type: 'page', page_id: page.id, href: `/${page.slug}/` });
    expect(body.options.pages).toContainEqual({ id: page.id, title: 'О школе' });
    expect(menu.items).toHaveLength(4);
    const unknown = await call('GET', '/api/admin/school/site/menus/sidebar/', staff);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: MENU_TEXTS.menuNotFound });
  });

  it('adds items that link to a course and a category; guests see them at once, an unpublished course hidden', async () => {
    await buildMenu(db(), { key: 'header_menu', items: [{ title: 'Курсы', url: '/courses/' }, { title: 'Блог', url: '/blog/' }] });
    expect((await guest('/api/menus/header_menu/')).map((l: { title: string }) => l.title)).toEqual(['Курсы', 'Блог']);
    const category = await buildCategory(db(), { name: `Латте-арт ${unique('c')}` });
    const course = await buildCourse(db(), { categoryId: category.id });
    const hidden = await buildCourse(db(), { published: false });
    let menu = (await call('GET', '/api/admin/school/site/menus/header_menu/', staff)).json();
    const parent = menu.items[0].id;
    const step = async (body: object) => {
      const res = await call('POST', '/api/admin/school/site/menus/header_menu/items/', staff, { version: menu.version, ...body });
      expect(res.statusCode, res.body).toBe(200);
      menu = res.json();
      return menu;
    };
    await step({ parent_id: parent, title: 'Бариста', type: 'course', course_id: course.id });
    expect(await newest()).toMatchObject({ action: 'menu.item_create', entity: 'menu', entityId: 'header_menu', after: { type: 'course', course_id: course.id } });
    await step({ parent_id: parent, title: 'Направление', type: 'category', category_id: category.id, target: '_blank' });
    await step({ title: 'Черновик', type: 'course', course_id: hidden.id });
    expect(menu.version).toBe(4);
    const links = await guest('/api/menus/header_menu/');
    expect(links.map((l: { title: string }) => l.title)).toEqual(['Курсы', 'Блог']);
    expect(links[0].children).toEqual([
      { id: expect.any(Number), title: 'Бариста', slug: expect.any(String), type: 'course', url: `/courses/${course.slug}/`, target: '_self', children: [] },
      { id: expect.any(Number), title: 'Направление', slug: expect.any(String), type: 'category', url: `/courses/?category=${category.id}`, target: '_blank', children: [] },
    ]);
    const draft = menu.items.find((i: { title: string }) => i.title === 'Черновик');
    expect(draft).toMatchObject({ href: null, parent_id: null });

    // Validation: what an item needs for its type, safe links only, two levels only, things that exist.
    const add = (body: object) => call('POST', '/api/admin/school/site/menus/header_menu/items/', staff, { version: menu.version, ...body });
    expect((await add({ title: 'X', type: 'direct_link', url: 'javascript:alert(1)' })).json()).toEqual({ url: ['Ссылка начинается с / (страница сайта) или с https://.'] });
    expect((await add({ title: 'X', type: 'course' })).json()).toEqual({ course_id: ['Выберите курс.'] });
    expect((await add({ title: 'X', type: 'course', course_id: 999_999 })).json()).toEqual({ course_id: [MENU_TEXTS.courseMissing] });
    const child = menu.items.find((i: { title: string }) => i.title === 'Бариста');
    expect((await add({ title: 'X', type: 'direct_link', url: '/x/', parent_id: child.id })).json()).toEqual({ parent_id: [MENU_TEXTS.tooDeep] });
    expect((await add({ title: 'Почта', type: 'direct_link', url: 'mailto:hello@crema.ru' })).statusCode).toBe(200);
    menu = (await call('GET', '/api/admin/school/site/menus/header_menu/', staff)).json();
    // A stale version: 409, nothing saved.
    const stale = await call('POST', '/api/admin/school/site/menus/header_menu/items/', staff, { version: 1, title: 'Поздно', type: 'direct_link', url: '/late/' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: MENU_TEXTS.conflict });
    expect(menu.items.map((i: { title: string }) => i.title)).not.toContain('Поздно');
  });

  it('edits and deletes items (with their sub-items) against the version; guests see it at once', async () => {
    const built = await buildMenu(db(), { key: 'noschool_header', items: [{ title: 'Главная', url: '/' }, { title: 'Курсы', url: '/courses/', children: [{ title: 'Детям', url: '/courses/?type=kids' }] }] });
    expect((await guest('/api/menus/noschool_header/')).map((l: { title: string }) => l.title)).toEqual(['Главная', 'Курсы']);
    const [home, courses] = built.items;
    const edit = await call('PATCH', `/api/admin/school/site/menus/noschool_header/items/${home!.id}/`, staff, {
      version: 1,
      title: 'На главную',
      type: 'direct_link',
      url: 'https://crema.example/',
      target: '_blank',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await newest()).toMatchObject({ action: 'menu.item_update', before: { title: 'Главная', target: '_self' }, after: { title: 'На главную', target: '_blank' } });
    expect((await guest('/api/menus/noschool_header/'))[0]).toMatchObject({ title: 'На главную', url: 'https://crema.example/', target: '_blank' });
    const stale = await call('PATCH', `/api/admin/school/site/menus/noschool_header/items/${home!.id}/`, staff, { version: 1, title: 'Старое', type: 'direct_link', url: '/' });
    expect(stale.statusCode).toBe(409);
    const off = await call('PATCH', `/api/admin/school/site/menus/noschool_header/items/${home!.id}/`, staff, { version: 2, title: 'На главную', type: 'direct_link', url: '/', is_active: false });
    expect(off.statusCode).toBe(200);
    expect((await guest('/api/menus/noschool_header/')).map((l: { title: string }) => l.title)).toEqual(['Курсы']);

    expect((await call('DELETE', `/api/admin/school/site/menus/noschool_header/items/${courses!.id}/?version=2`, staff)).statusCode).toBe(409);
    const gone = await call('DELETE', `/api/admin/school/site/menus/noschool_header/items/${courses!.id}/?version=3`, staff);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().items.map((i: { title: string }) => i.title)).toEqual(['На главную']);
    expect(await db().select().from(menuItems).where(eq(menuItems.parentId, courses!.id))).toEqual([]);
    expect(await newest()).toMatchObject({ action: 'menu.item_delete', before: { title: 'Курсы', children: 'Детям' } });
    expect(await guest('/api/menus/noschool_header/')).toEqual([]);
    expect((await call('DELETE', `/api/admin/school/site/menus/noschool_header/items/${courses!.id}/?version=4`, staff)).statusCode).toBe(404);
    // An item of another menu is not found through this one.
    const other = await buildMenu(db(), { items: [{ title: 'Чужой' }] });
    expect((await call('PATCH', `/api/admin/school/site/menus/noschool_header/items/${other.items[0]!.id}/`, staff, { version: 4, title: 'X', type: 'direct_link', url: '/' })).statusCode).toBe(404);
  });

  it('saves the whole order with re-parenting; refuses a third level, a partial list and a stale version', async () => {
    await db().delete(menuItems);
    const res0 = (await call('GET', '/api/admin/school/site/menus/header_menu/', staff)).json();
    const add = async (title: string, parent_id?: number) => {
      const menu = (await call('GET', '/api/admin/school/site/menus/header_menu/', staff)).json();
      const res = await call('POST', '/api/admin/school/site/menus/header_menu/items/', staff, { version: menu.version, title, type: 'direct_link', url: `/${unique('x')}/`, parent_id });
      return (res.json().items as { id: number; title: string }[]).find((i) => i.title === title)!.id;
    };
    const a = await add('А');
    const b = await add('Б');
    const b1 = await add('Б1', b);
    const c = await add('В');
    let menu = (await call('GET', '/api/admin/school/site/menus/header_menu/', staff)).json();
    expect(menu.version).toBe(res0.version + 4);
    // В goes first; Б1 moves under А; Б stays a top-level item at the end.
    const order = { version: menu.version, items: [{ id: c, parent_id: null }, { id: a, parent_id: null }, { id: b1, parent_id: a }, { id: b, parent_id: null }] };
    const res = await call('PUT', '/api/admin/school/site/menus/header_menu/order/', staff, order);
    expect(res.statusCode, res.body).toBe(200);
    menu = res.json();
    expect(menu.items.map((i: { title: string; parent_id: number | null }) => [i.title, i.parent_id])).toEqual([
      ['В', null],
      ['А', null],
      ['Б1', a],
      ['Б', null],
    ]);
    const links = await guest('/api/menus/header_menu/');
    expect(links.map((l: { title: string; children: { title: string }[] }) => [l.title, l.children.map((x) => x.title)])).toEqual([
      ['В', []],
      ['А', ['Б1']],
      ['Б', []],
    ]);
    expect(await newest()).toMatchObject({ action: 'menu.reorder', entityId: 'header_menu', after: { order: 'В; А; Б1 ⊂ А; Б' } });

    const put = (body: object) => call('PUT', '/api/admin/school/site/menus/header_menu/order/', staff, { version: menu.version, ...body });
    const stale = await call('PUT', '/api/admin/school/site/menus/header_menu/order/', staff, order);
    expect(stale.statusCode).toBe(409);
    const partial = await put({ items: order.items.slice(1) });
    expect(partial.statusCode).toBe(409);
    expect(partial.json()).toEqual({ detail: MENU_TEXTS.orderStale });
    const deep = await put({ items: [{ id: c, parent_id: null }, { id: a, parent_id: c }, { id: b1, parent_id: a }, { id: b, parent_id: null }] });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ items: [MENU_TEXTS.tooDeep] });
    const self = await put({ items: [{ id: c, parent_id: c }, { id: a, parent_id: null }, { id: b1, parent_id: a }, { id: b, parent_id: null }] });
    expect(self.json()).toEqual({ items: [MENU_TEXTS.parentMissing] });
    expect((await call('GET', '/api/admin/school/site/menus/header_menu/', staff)).json().version).toBe(menu.version);
  });
});
