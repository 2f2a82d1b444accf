// The catalogue's dictionaries for staff (decision 0072): categories, collections and attributes
// with their values — created, edited with the version check, ordered, deleted only when nothing
// uses them (the refusal names the courses), each change audited and seen by the public
// catalogue at once even with its cache on; and a course's attributes and collections in its settings.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, courseAttributes, courseSubsections } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildAttribute, buildCategory, buildCourse, buildOwner, buildSubsection, buildUser, setCourseAttribute, signInAs, unique, type TestSession } from '../../test/factories.ts';
import { COURSE_CATALOG_TEXTS } from '../admin/catalog.ts';
import { DICTIONARY_TEXTS } from './shared.ts';

let t: TestContext;
const db = () => t.database.db;
let staff: { id: number; session: TestSession };
let owner: { id: number; session: TestSession };
const ROOT = '/api/admin/school/site/catalog';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, session?: Pick<TestSession, 'headers'>, payload?: unknown) =>
  t.app.inject({ method, url, headers: session?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function newest() {
  const [row] = await db().select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
  return row;
}

beforeAll(async () => {
  // The public catalogue keeps its answers for a minute, as in production: only the change feed makes an edit visible.
  t = await createTestApp({ CONTENT_CACHE_TTL_MS: '60000' });
  const s = await buildUser(db(), { isStaff: true });
  staff = { id: s.id, session: await signInAs(t.app, s) };
  const o = await buildOwner(db());
  owner = { id: o.id, session: await signInAs(t.app, o) };
});
afterAll(async () => {
  await t?.close();
});

describe('categories', () => {
  it('are created with a checked, unique address and shown by the public list at once', async () => {
    const publicNames = async () => ((await call('GET', '/api/categories/')).json() as { name: string }[]).map((c) => c.name);
    const name = `Направление ${unique('n')}`;
    expect(await publicNames()).not.toContain(name); // cached from now on
    const slug = unique('napr');
    const created = await call('POST', `${ROOT}/categories/`, staff.session, { name, slug: slug.toUpperCase(), audience: 'kids', description: 'Для детей' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name, slug, audience: 'kids', description: 'Для детей', courses_count: 0 });
    expect(await publicNames()).toContain(name);
    expect(await newest()).toMatchObject({ action: 'category.create', entity: 'category', actorId: staff.id, summary: name });

    const taken = await call('POST', `${ROOT}/categories/`, staff.session, { name: 'Другое', slug, audience: 'adult' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ slug: [DICTIONARY_TEXTS.categorySlugTaken] });
    const bad = await call('POST', `${ROOT}/categories/`, staff.session, { name: ' ', slug: 'кофе', audience: 'teens' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      name: ['Введите название.'],
      slug: ['Адрес — латинские буквы, цифры и дефисы, начинается с буквы или цифры, до 128 символов.'],
      audience: ['Выберите, для кого направление: взрослые или дети.'],
    });
    const digits = await call('POST', `${ROOT}/categories/`, staff.session, { name: 'Цифры', slug: '123', audience: 'adult' });
    expect(digits.json()).toEqual({ slug: ['Адрес не может состоять из одних цифр.'] });
  });

  it('are edited with the version they were opened at: a stale form answers 409 and changes nothing', async () => {
    const category = (await call('POST', `${ROOT}/categories/`, staff.session, { name: 'Старое', slug: unique('ver'), audience: 'adult' })).json();
    const saved = await call('PATCH', `${ROOT}/categories/${category.id}/`, staff.session, { name: 'Новое', slug: category.slug, audience: 'adult', updated_at: category.updated_at });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().name).toBe('Новое');
    const stale = await call('PATCH', `${ROOT}/categories/${category.id}/`, staff.session, { name: 'Третье', slug: category.slug, audience: 'adult', updated_at: category.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(DICTIONARY_TEXTS.conflict('Направление'));
    expect((await call('GET', `${ROOT}/categories/${category.id}/`, staff.session)).json().name).toBe('Новое');
    expect((await call('GET', `${ROOT}/categories/2000000000/`, staff.session)).statusCode).toBe(404);
  });

  it('with courses are not deleted: 409 names a few courses and how many more; the audience stays too', async () => {
    const category = await buildCategory(db(), { audience: 'adult' });
    for (const title of ['Альтернатива', 'Бариста', 'Вкус', 'Гейзер', 'Дрип']) await buildCourse(db(), { categoryId: category.id, title: `${title} ${category.slug}` });
    expect((await call('GET', `${ROOT}/categories/${category.id}/`, staff.session)).json().courses_count).toBe(5);
    const refused = await call('DELETE', `${ROOT}/categories/${category.id}/`, staff.session);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      DICTIONARY_TEXTS.categoryUsed(`«Альтернатива ${category.slug}», «Бариста ${category.slug}», «Вкус ${category.slug}» и ещё 2`),
    );
    const audience = await call('PATCH', `${ROOT}/categories/${category.id}/`, staff.session, { name: category.name, slug: category.slug, audience: 'kids' });
    expect(audience.statusCode).toBe(400);
    expect(audience.json().audience[0]).toContain(`«Альтернатива ${category.slug}»`);

    const empty = await buildCategory(db());
    expect((await call('DELETE', `${ROOT}/categories/${empty.id}/`, staff.session)).statusCode).toBe(204);
    expect(await newest()).toMatchObject({ action: 'category.delete', entityId: String(empty.id), before: { name: empty.name } });
    expect(((await call('GET', '/api/categories/')).json() as { id: number }[]).map((c) => c.id)).not.toContain(empty.id);
  });

  it('are ordered as a whole list, and the public list follows at once', async () => {
    const list = (await call('GET', `${ROOT}/categories/`, staff.session)).json() as { id: number }[];
    const reversed = list.map((c) => c.id).reverse();
    const partial = await call('PUT', `${ROOT}/categories/order/`, staff.session, { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toEqual({ ids: [DICTIONARY_TEXTS.orderMismatch] });
    const ordered = await call('PUT', `${ROOT}/categories/order/`, staff.session, { ids: reversed });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json().map((c: { id: number }) => c.id)).toEqual(reversed);
    expect(((await call('GET', '/api/categories/')).json() as { id: number }[]).map((c) => c.id)).toEqual(reversed);
    expect(await newest()).toMatchObject({ action: 'category.reorder' });
  });
});

describe('collections', () => {
  it('hold the courses chosen, in order: the home page list and the catalogue show them at once', async () => {
    const publicOne = async (slug: string) => ((await call('GET', '/api/subsections/')).json() as { slug: string; count: number }[]).find((s) => s.slug === slug);
    const [first, second] = [await buildCourse(db(), { title: `Первый ${unique('c')}` }), await buildCourse(db(), { title: `Второй ${unique('c')}` })];
    const slug = unique('gift');
    expect(await publicOne(slug)).toBeUndefined();
    const created = await call('POST', `${ROOT}/collections/`, staff.session, { title: 'В подарок', slug, course_ids: [second.id, first.id] });
    expect(created.statusCode).toBe(201);
    const collection = created.json();
    expect(collection.courses.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);
    expect(await publicOne(slug)).toMatchObject({ count: 2 });
    const inCatalogue = async () => ((await call('GET', `/api/courses/?subsections=${collection.id}`)).json() as { content: { id: number }[] }).content.map((c) => c.id);
    expect(await inCatalogue()).toEqual([second.id, first.id]);

    const reordered = await call('PATCH', `${ROOT}/collections/${collection.id}/`, staff.session, { title: 'В подарок', slug, course_ids: [first.id, second.id], updated_at: collection.updated_at });
    expect(reordered.statusCode).toBe(200);
    expect(await inCatalogue()).toEqual([first.id, second.id]);
    const stale = await call('PATCH', `${ROOT}/collections/${collection.id}/`, staff.session, { title: 'Иначе', slug, updated_at: collection.updated_at });
    expect(stale.statusCode).toBe(409);
    const unknown = await call('PATCH', `${ROOT}/collections/${collection.id}/`, staff.session, { title: 'В подарок', slug, course_ids: [2_000_000_000] });
    expect(unknown.json()).toEqual({ course_ids: [DICTIONARY_TEXTS.courseMissing([2_000_000_000])] });
    const twice = await call('POST', `${ROOT}/collections/`, staff.session, { title: 'Дубль', slug, course_ids: [] });
    expect(twice.json()).toEqual({ slug: [DICTIONARY_TEXTS.collectionSlugTaken] });
    const foreignImage = await call('POST', `${ROOT}/collections/`, staff.session, { title: 'Чужая', slug: unique('img'), image: 'courses/999999/x.jpg' });
    expect(foreignImage.json()).toEqual({ image: [DICTIONARY_TEXTS.imageNotYours] });

    expect((await call('DELETE', `${ROOT}/collections/${collection.id}/`, staff.session)).statusCode).toBe(204);
    expect(await newest()).toMatchObject({ action: 'collection.delete', summary: 'В подарок' });
    expect(await publicOne(slug)).toBeUndefined();
    expect((await call('GET', `/api/courses/${first.id}/`)).statusCode).toBe(200);
  });

  it('are ordered as a whole list', async () => {
    await buildSubsection(db());
    const list = (await call('GET', `${ROOT}/collections/`, staff.session)).json() as { id: number }[];
    const reversed = list.map((c) => c.id).reverse();
    expect((await call('PUT', `${ROOT}/collections/order/`, staff.session, { ids: reversed })).json().map((c: { id: number }) => c.id)).toEqual(reversed);
    expect(((await call('GET', '/api/subsections/')).json() as { id: number }[]).map((c) => c.id)).toEqual(reversed);
  });
});

describe('attributes and their values', () => {
  it('a new value of a filter attribute appears in the catalogue filters at once', async () => {
    const attribute = (await call('POST', `${ROOT}/attributes/`, staff.session, { name: 'Метод', slug: unique('method'), type: 'list', is_filter: true })).json();
    expect(attribute).toMatchObject({ type: 'list', is_filter: true, is_tab: false, values: [], courses_count: 0 });
    const course = await buildCourse(db());
    const filters = async () => ((await call('GET', '/api/courses/filters')).json() as { id: number; values: { value: string }[] }[]).find((f) => f.id === attribute.id);
    expect(await filters()).toBeUndefined();
    const added = await call('POST', `${ROOT}/attributes/${attribute.id}/values/`, staff.session, { value: 'Воронка' });
    expect(added.statusCode).toBe(201);
    const value = added.json().values[0];
    await setCourseAttribute(db(), course.id, attribute, { value });
    // The course got its value outside the API: the next call through it drops the catalogue's copies.
    await call('POST', `${ROOT}/attributes/${attribute.id}/values/`, staff.session, { value: 'Аэропресс' });
    expect((await filters())?.values.map((v) => v.value)).toEqual(['Воронка', 'Аэропресс']);
    const again = await call('POST', `${ROOT}/attributes/${attribute.id}/values/`, staff.session, { value: 'воронка' });
    expect(again.json()).toEqual({ value: [DICTIONARY_TEXTS.valueTaken] });

    const renamed = await call('PATCH', `${ROOT}/attributes/${attribute.id}/values/${value.id}/`, staff.session, { value: 'Пуровер' });
    expect(renamed.json().values[0]).toMatchObject({ id: value.id, value: 'Пуровер', courses_count: 1 });
    expect((await filters())?.values.map((v) => v.value)).toEqual(['Пуровер', 'Аэропресс']);
    const ids = renamed.json().values.map((v: { id: number }) => v.id).reverse();
    expect((await call('PUT', `${ROOT}/attributes/${attribute.id}/values/order/`, staff.session, { ids })).json().values.map((v: { id: number }) => v.id)).toEqual(ids);
    expect((await filters())?.values.map((v) => v.value)).toEqual(['Аэропресс', 'Пуровер']);
  });

  it('a value or an attribute courses use is not deleted: 409 names the courses; unused ones go', async () => {
    const attribute = await buildAttribute(db(), { values: ['Онлайн', 'Очно'] });
    const course = await buildCourse(db(), { title: `Латте-арт ${unique('l')}` });
    await setCourseAttribute(db(), course.id, attribute, { value: attribute.values[0]! });
    const usedValue = await call('DELETE', `${ROOT}/attributes/${attribute.id}/values/${attribute.values[0]!.id}/`, staff.session);
    expect(usedValue.statusCode).toBe(409);
    expect(usedValue.json().detail).toBe(DICTIONARY_TEXTS.valueUsed(`«${course.title}»`));
    const usedAttribute = await call('DELETE', `${ROOT}/attributes/${attribute.id}/`, staff.session);
    expect(usedAttribute.statusCode).toBe(409);
    expect(usedAttribute.json().detail).toBe(DICTIONARY_TEXTS.attributeUsed(`«${course.title}»`));
    const retyped = await call('PATCH', `${ROOT}/attributes/${attribute.id}/`, staff.session, { name: attribute.name, slug: attribute.slug, type: 'text' });
    expect(retyped.json()).toEqual({ type: [DICTIONARY_TEXTS.typeUsed(`«${course.title}»`)] });

    expect((await call('DELETE', `${ROOT}/attributes/${attribute.id}/values/${attribute.values[1]!.id}/`, staff.session)).statusCode).toBe(204);
    expect(await newest()).toMatchObject({ action: 'attribute.value_delete', before: { value: 'Очно' } });
    expect((await call('DELETE', `${ROOT}/attributes/${attribute.id}/values/2000000000/`, staff.session)).statusCode).toBe(404);
    await db().delete(courseAttributes).where(eq(courseAttributes.courseId, course.id));
    expect((await call('DELETE', `${ROOT}/attributes/${attribute.id}/`, staff.session)).statusCode).toBe(204);
    expect((await call('GET', `${ROOT}/attributes/${attribute.id}/`, staff.session)).statusCode).toBe(404);
  });

  it('edits the flags with the version check; values only in lists; the type changes while unused', async () => {
    const attribute = (await call('POST', `${ROOT}/attributes/`, staff.session, { name: 'Длительность', slug: unique('len'), type: 'list' })).json();
    await call('POST', `${ROOT}/attributes/${attribute.id}/values/`, staff.session, { value: 'Месяц' });
    const saved = await call('PATCH', `${ROOT}/attributes/${attribute.id}/`, staff.session, { name: 'Часов', slug: attribute.slug, type: 'number', is_title: true, is_group: true, updated_at: attribute.updated_at });
    expect(saved.json()).toMatchObject({ name: 'Часов', type: 'number', is_title: true, is_group: true, values: [] });
    const stale = await call('PATCH', `${ROOT}/attributes/${attribute.id}/`, staff.session, { name: 'Иначе', slug: attribute.slug, type: 'number', updated_at: attribute.updated_at });
    expect(stale.statusCode).toBe(409);
    const value = await call('POST', `${ROOT}/attributes/${attribute.id}/values/`, staff.session, { value: '12' });
    expect(value.json()).toEqual({ non_field_errors: [DICTIONARY_TEXTS.valuesOnlyInLists] });
  });
});

describe('a course in its settings: attributes and collections', () => {
  it('are chosen from the dictionaries by the owner, checked, versioned, and shown by the course page at once', async () => {
    const course = await buildCourse(db(), { ownerId: owner.id });
    const list = await buildAttribute(db(), { values: ['Начальный', 'Средний'], isTitle: true });
    const hours = await buildAttribute(db(), { type: 'number' });
    const collection = await buildSubsection(db());
    const url = `/api/admin/courses/${course.id}/catalog/`;
    const page = async () => (await call('GET', `/api/courses/${course.slug}/`)).json() as { attributes: { value: string }[] };
    expect((await page()).attributes).toEqual([]); // cached from now on
    const empty = (await call('GET', url, owner.session)).json();
    expect(empty).toMatchObject({ attributes: [], collection_ids: [] });

    const bad = await call('PUT', url, owner.session, {
      attributes: [{ attribute_id: list.id }, { attribute_id: hours.id, value: 'много' }],
      collection_ids: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ attributes: [COURSE_CATALOG_TEXTS.valueNeeded(list.name), COURSE_CATALOG_TEXTS.notNumber(hours.name)] });
    const foreignValue = await call('PUT', url, owner.session, { attributes: [{ attribute_id: hours.id, value_id: list.values[0]!.id }], collection_ids: [] });
    expect(foreignValue.statusCode).toBe(400);

    const body = { attributes: [{ attribute_id: list.id, value_id: list.values[1]!.id }, { attribute_id: hours.id, value: '24' }], collection_ids: [collection.id], version: empty.version };
    const saved = await call('PUT', url, owner.session, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      attributes: [{ attribute_id: list.id, value_id: list.values[1]!.id, value: null }, { attribute_id: hours.id, value_id: null, value: '24' }],
      collection_ids: [collection.id],
    });
    expect((await page()).attributes.map((a) => a.value)).toEqual(['Средний', '24']);
    const counted = (await call('GET', `${ROOT}/attributes/${list.id}/`, staff.session)).json();
    expect(counted).toMatchObject({ courses_count: 1, values: [{ courses_count: 0 }, { courses_count: 1 }] });
    expect(await newest()).toMatchObject({ action: 'course.catalog', courseId: course.id, actorId: owner.id });
    const [link] = await db().select().from(courseSubsections).where(eq(courseSubsections.courseId, course.id));
    expect(link).toMatchObject({ subsectionId: collection.id });

    const stale = await call('PUT', url, owner.session, { ...body, attributes: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(COURSE_CATALOG_TEXTS.conflict);
    // The course's own form moves it to another category: the catalogue follows at once too.
    const category = await buildCategory(db());
    const inCategory = async () => ((await call('GET', `/api/courses/?categories=${category.id}`)).json() as { content: { id: number }[] }).content.map((c) => c.id);
    expect(await inCategory()).toEqual([]);
    expect((await call('PATCH', `/api/admin/courses/${course.id}/`, owner.session, { category_id: category.id })).statusCode).toBe(200);
    expect(await inCategory()).toEqual([course.id]);
    // Staff set any course's; another owner gets 404.
    expect((await call('PUT', url, staff.session, { attributes: [], collection_ids: [] })).statusCode).toBe(200);
    const other = await signInAs(t.app, await buildOwner(db()));
    expect((await call('GET', url, other)).statusCode).toBe(404);
  });
});
