import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildBanner, buildCategory, buildMenu, buildPage, setConfig } from '../../test/factories.ts';
import { banners, categories, menuItems } from '../../db/schema/index.ts';

let t: TestContext;
/** Every setting the shell reads. */
const SETTINGS = [
  'SITE_NAME', 'SITE_DESCRIPTION', 'SITE_KEYWORDS', 'COUNTERS', 'META_TAGS', 'FOOTER_PHONE',
  'FOOTER_PHONE_2', 'FOOTER_NAME', 'FOOTER_ADDRESS', 'FOOTER_VK_LINK', 'PRIVACY_POLICY_LINK', 'HEADER_PHONE',
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await setConfig(db, { ...Object.fromEntries(SETTINGS.map((key) => [key, `${key} value`])), SITE_NAME: 'Школа Crema' });
  const about = await buildPage(db, { slug: 'about' });
  await buildMenu(db, {
    key: 'header_menu',
    items: [
      { title: 'Курсы', url: '/courses/', children: [{ title: 'Бариста' }, { title: 'Обжарка', target: '_blank' }] },
      { title: 'О школе', type: 'page', pageId: about.id, url: null },
    ],
  });
  await buildMenu(db, { key: 'footer_menu', items: [{ title: 'О школе', type: 'page', pageId: about.id, url: null }, { title: 'Блог', url: '/blog/' }] });
  await buildMenu(db, { key: 'noschool_header', items: [{ title: 'Кофейня', url: 'https://example.ru/', target: '_blank' }] });
  for (const name of ['Обжарка', 'бариста', 'Латте-арт']) await buildCategory(db, { name, sort: 1 });
  await buildCategory(db, { name: 'Юный бариста', audience: 'kids' });
  await buildBanner(db, { key: 'header', title: 'Скидка 10 %', link: '/courses/', buttonText: 'Выбрать' });
  await buildBanner(db, { key: 'header', title: 'Второй', sort: 1 });
  await buildBanner(db, { key: 'main', title: 'Слайд' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/configs/', () => {
  it('returns only the asked keys that exist; unknown keys are absent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/configs/',
      payload: { keys: ['SITE_NAME', 'HEADER_PHONE', 'NO_SUCH_KEY'] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['HEADER_PHONE', 'SITE_NAME']);
    expect(body.SITE_NAME).toMatch(/Crema/);
  });

  it('returns every setting when no keys are given, with or without a body', async () => {
    for (const payload of [undefined, {}, { keys: [] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/configs/', payload });
      expect(res.statusCode).toBe(200);
      const keys = Object.keys(res.json());
      for (const key of SETTINGS) expect(keys).toContain(key);
      expect(res.json().FOOTER_PHONE).toBe('FOOTER_PHONE value');
    }
  });

  it('answers the path without the trailing slash too, without a redirect', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/configs', payload: { keys: ['SITE_NAME'] } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['SITE_NAME']);
  });

  it('rejects bad keys with a field error in Russian', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/configs/', payload: { keys: ['site name'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'keys.0': [expect.stringMatching(/заглавные латинские буквы/)] });
  });

  it('rejects a wrong type and unknown body fields', async () => {
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/configs/', payload: { keys: 'SITE_NAME' } });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json())).toEqual(['keys']);
    expect(wrongType.json().keys[0]).toMatch(/[а-я]/i);

    const unknown = await t.app.inject({ method: 'POST', url: '/api/configs/', payload: { key: ['SITE_NAME'] } });
    expect(unknown.statusCode).toBe(400);
    // Each unknown key under its own name (a client lists unknown fields apart).
    expect(unknown.json()).toEqual({ key: ['Неизвестное поле.'] });
  });

  it('rejects malformed JSON with a Russian message, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/configs/',
      headers: { 'content-type': 'application/json' },
      payload: '{"keys": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Тело запроса не является корректным JSON.'] });
  });

  it('rejects more than 100 keys', async () => {
    const keys = Array.from({ length: 101 }, (_, i) => `KEY_${i}`);
    const res = await t.app.inject({ method: 'POST', url: '/api/configs/', payload: { keys } });
    expect(res.statusCode).toBe(400);
    expect(res.json().keys).toEqual(['Не больше 100 ключей за запрос.']);
  });
});

describe('GET /api/menus/{key}/', () => {
  it.each(['header_menu', 'footer_menu', 'noschool_header'])('%s returns links of the documented shape', async (key) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/menus/${key}/` });
    expect(res.statusCode).toBe(200);
    const links = res.json();
    expect(links.length).toBe({ header_menu: 2, footer_menu: 2, noschool_header: 1 }[key]);
    for (const link of links) {
      expect(Object.keys(link).sort()).toEqual(['children', 'id', 'slug', 'target', 'title', 'type', 'url']);
      expect(['direct_link', 'page']).toContain(link.type);
      expect(['_self', '_blank']).toContain(link.target);
    }
  });

  it('nests sub-items as children, ordered by sort, and resolves page links to the page path', async () => {
    const links = (await t.app.inject({ method: 'GET', url: '/api/menus/header_menu/' })).json();
    const withChildren = links.filter((l: { children: unknown[] }) => l.children.length > 0);
    expect(withChildren.length).toBe(1);
    const child = withChildren[0].children[0];
    expect(Object.keys(child).sort()).toEqual(['children', 'id', 'slug', 'target', 'title', 'type', 'url']);

    const footer = (await t.app.inject({ method: 'GET', url: '/api/menus/footer_menu/' })).json();
    const all = footer.flatMap((l: { children: unknown[] }) => [l, ...l.children]);
    const pageLinks = all.filter((l: { type: string }) => l.type === 'page');
    expect(pageLinks.length).toBe(1);
    for (const link of pageLinks) expect(link.url).toMatch(/^\/[a-z0-9-]+\/$/);
  });

  it('hides inactive items together with their children', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/menus/header_menu/' })).json();
    const parent = before.find((l: { children: unknown[] }) => l.children.length > 0);
    await t.database.db.update(menuItems).set({ isActive: false }).where(eq(menuItems.id, parent.id));
    const after = (await t.app.inject({ method: 'GET', url: '/api/menus/header_menu/' })).json();
    expect(after.map((l: { id: number }) => l.id)).not.toContain(parent.id);
    const childIds = parent.children.map((c: { id: number }) => c.id);
    expect(JSON.stringify(after)).not.toMatch(new RegExp(`"id":(${childIds.join('|')}),`));
    await t.database.db.update(menuItems).set({ isActive: true }).where(eq(menuItems.id, parent.id));
  });

  it('an unknown menu key is a 400 field error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/menus/side_menu/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ key: ['Такого меню нет.'] });
  });
});

describe('GET /api/categories/', () => {
  it('lists every category with id and name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories/' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const count = await t.database.db.$count(categories);
    expect(list).toHaveLength(count);
    expect(list[0]).toEqual({ id: expect.any(Number), name: expect.any(String), slug: expect.any(String), type: expect.stringMatching(/^(adult|kids)$/) });
  });

  it.each(['adult', 'kids'] as const)('type=%s lists only that audience', async (type) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/categories/?type=${type}` });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.length).toBe({ adult: 3, kids: 1 }[type]);
    expect(list.every((c: { type: string }) => c.type === type)).toBe(true);
  });

  it('a bad type is a 400 field error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories/?type=seniors' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ type: ['Допустимые значения: adult или kids.'] });
  });

  it('sorts names in Russian alphabetical order within the same sort weight', async () => {
    await t.database.db.update(categories).set({ sort: 0 });
    const names: string[] = (await t.app.inject({ method: 'GET', url: '/api/categories/' })).json().map((c: { name: string }) => c.name);
    const expected = [...names].sort(new Intl.Collator('ru').compare);
    expect(names).toEqual(expected);
  });
});

describe('GET /api/banners/', () => {
  it('lists active banners; key=header gives the header banner first', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/banners/' });
    expect(all.statusCode).toBe(200);
    expect(all.json().length).toBeGreaterThan(1);
    const header = (await t.app.inject({ method: 'GET', url: '/api/banners/?key=header' })).json();
    expect(header.length).toBe(2);
    expect(header[0]).toEqual({
      id: expect.any(Number),
      key: 'header',
      title: expect.any(String),
      text: expect.toBeOneOf([expect.any(String), null]),
      link: expect.toBeOneOf([expect.any(String), null]),
      button_text: expect.toBeOneOf([expect.any(String), null]),
      image: expect.toBeOneOf([expect.any(Object), null]),
      image_mobile: expect.toBeOneOf([expect.any(Object), null]),
    });
  });

  it('leaves out inactive banners, also by id', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/banners/?key=header' })).json();
    await t.database.db.update(banners).set({ isActive: false }).where(eq(banners.id, first.id));
    const list = (await t.app.inject({ method: 'GET', url: '/api/banners/?key=header' })).json();
    expect(list.map((b: { id: number }) => b.id)).not.toContain(first.id);
    const one = await t.app.inject({ method: 'GET', url: `/api/banners/${first.id}/` });
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual({ detail: 'Баннер не найден.' });
    await t.database.db.update(banners).set({ isActive: true }).where(eq(banners.id, first.id));
  });

  it('returns one banner by id, with valid image options accepted', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/banners/' })).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/banners/${first.id}/?image_opts=size:400x300,crop:center` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(first);
  });

  it.each([
    ['size:5', 'Размер'],
    ['size:big', 'Размер'],
    ['crop:center', 'Укажите размер'],
    ['size:400,crop:sideways', 'Обрезка'],
    ['colour:red', 'size и crop'],
  ])('image_opts=%s is a 400 field error', async (opts, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/banners/?image_opts=${encodeURIComponent(opts)}` });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['image_opts']);
    expect(res.json().image_opts[0]).toContain(message);
  });

  it('bad and unknown ids', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/banners/abc/' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['id']);
    const missing = await t.app.inject({ method: 'GET', url: '/api/banners/999999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Баннер не найден.' });
  });
});
