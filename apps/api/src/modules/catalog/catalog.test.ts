import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  attributes,
  attributeValues,
  categories,
  courseAttributes,
  courses,
  lessons,
  courseModules,
  reviews,
  subsections,
  teachers,
} from '../../db/schema/index.ts';
import { searchWords, toTsQueryText } from './search.ts';

interface Card {
  id: number;
  slug: string;
  title: string;
  kids: boolean;
  category: { id: number; name: string; slug: string; type: string };
  price: number | null;
  duration_hours: number | null;
  title_attributes: { slug: string; is_title: boolean }[];
}
interface FilterValue {
  id: number;
  value: string;
  count: number;
  selected: boolean;
}
interface Filter {
  id: number;
  slug: string;
  values: FilterValue[];
}
interface CourseList {
  content: Card[];
  filters: Filter[];
  total_min_duration: number | null;
  total_max_duration: number | null;
  count: number;
  page: number;
  page_size: number;
  total_pages: number;
}

let t: TestContext;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const list = async (query = ''): Promise<CourseList> => {
  const res = await get(`/api/courses/?page_size=48${query ? `&${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const slugs = (body: { content: Card[] }) => body.content.map((c) => c.slug);
const q = (text: string) => `search=${encodeURIComponent(text)}`;

/** Published courses straight from the table, with what the filters look at. */
async function publishedCourses() {
  const rows = await t.database.db
    .select({ id: courses.id, slug: courses.slug, isKids: courses.isKids, duration: courses.durationHours, categoryId: courses.categoryId })
    .from(courses)
    .where(eq(courses.isPublished, true));
  const valueRows = await t.database.db
    .select({ courseId: courseAttributes.courseId, valueId: courseAttributes.attributeValueId, attributeId: courseAttributes.attributeId })
    .from(courseAttributes)
    .where(isNotNull(courseAttributes.attributeValueId));
  return rows.map((row) => ({
    ...row,
    values: valueRows.filter((v) => v.courseId === row.id).map((v) => ({ valueId: v.valueId!, attributeId: v.attributeId })),
  }));
}

async function valueId(attributeSlug: string, value: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: attributeValues.id })
    .from(attributeValues)
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .where(and(eq(attributes.slug, attributeSlug), eq(attributeValues.value, value)));
  return row!.id;
}

async function idOf(table: typeof categories | typeof subsections, slug: string): Promise<number> {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
  return row!.id;
}

async function courseId(slug: string): Promise<number> {
  const [row] = await t.database.db.select({ id: courses.id }).from(courses).where(eq(courses.slug, slug));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({}, { seed: true });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/courses/', () => {
  it('lists published courses only, in the school order, as catalogue cards', async () => {
    const published = await publishedCourses();
    const res = await get('/api/courses/');
    expect(res.statusCode).toBe(200);
    const body: CourseList = res.json();
    expect(body.count).toBe(published.length);
    expect(body.count).toBe(15);
    expect(body).toMatchObject({ page: 1, page_size: 12, total_pages: 2 });
    expect(body.content).toHaveLength(12);
    expect(slugs(body).slice(0, 3)).toEqual(['barista-s-nulya', 'espresso-nastroyka', 'barista-pro']);
    expect(slugs(await list())).not.toContain('kofe-i-deserty');

    const card = body.content[0]!;
    expect(Object.keys(card).sort()).toEqual([
      'category', 'duration_hours', 'duration_text', 'format', 'id', 'image', 'kids', 'level', 'old_price', 'price',
      'short_description', 'slug', 'title', 'title_attributes',
    ]);
    expect(card).toMatchObject({
      title: 'Бариста с нуля',
      kids: false,
      category: { name: 'Бариста', slug: 'barista', type: 'adult' },
      price: 3_200_000,
      old_price: 3_600_000,
      duration_hours: 24,
      format: 'offline',
      level: 'beginner',
      image: { original: '/media/demo/courses/barista-s-nulya.jpg' },
    });
    // Only attributes shown next to the title, in attribute order.
    expect(card.title_attributes.map((a) => [a.slug, (a as unknown as { value: string }).value])).toEqual([
      ['format', 'Очно'],
      ['duration', '4 недели, 8 занятий'],
    ]);
    expect(card.title_attributes.every((a) => a.is_title)).toBe(true);
  });

  it('pages through the results; a page past the end is empty, not an error', async () => {
    const first = (await get('/api/courses/?page_size=10')).json();
    const second = (await get('/api/courses/?page_size=10&page=2')).json();
    expect(first.total_pages).toBe(2);
    expect(second.content).toHaveLength(5);
    expect(new Set([...slugs(first), ...slugs(second)]).size).toBe(15);
    const beyond = await get('/api/courses/?page_size=10&page=7');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toMatchObject({ content: [], count: 15, page: 7, total_pages: 2, total_min_duration: 4 });
  });

  it('filters by categories (one or repeated) and by audience', async () => {
    const barista = await idOf(categories, 'barista');
    const latteArt = await idOf(categories, 'latte-art');
    const one = await list(`categories=${barista}`);
    expect(slugs(one)).toEqual(['barista-s-nulya', 'espresso-nastroyka', 'barista-pro']);
    expect(one.content.every((c) => c.category.slug === 'barista')).toBe(true);
    const two = await list(`categories=${barista}&categories=${latteArt}`);
    expect(two.count).toBe(5);
    expect(new Set(two.content.map((c) => c.category.slug))).toEqual(new Set(['barista', 'latte-art']));
    expect((await list('categories=999999')).count).toBe(0);

    const kids = await list('type=kids');
    expect(slugs(kids).sort()).toEqual(['limonady-i-kokteili', 'nauka-o-vkuse', 'shokoladnaya-masterskaya', 'yunyi-barista']);
    expect(kids.content.every((c) => c.kids && c.category.type === 'kids')).toBe(true);
    const adult = await list('type=adult');
    expect(adult.count).toBe(11);
    expect(adult.content.some((c) => c.kids)).toBe(false);
  });

  it('filters by subsections and featured', async () => {
    const beginners = await idOf(subsections, 'beginners');
    expect(slugs(await list(`subsections=${beginners}`)).sort()).toEqual([
      'alternativa-bazovyi', 'barista-s-nulya', 'domashnii-barista', 'latte-art-basic', 'osnovy-obzharki',
    ]);
    // The only course of 'gastronomy' is a draft.
    expect((await list(`subsections=${await idOf(subsections, 'gastronomy')}`)).count).toBe(0);
    expect(slugs(await list('featured=true')).sort()).toEqual(['barista-s-nulya', 'latte-art-basic', 'osnovy-obzharki']);
    expect((await list('featured=false')).count).toBe(12);
  });

  it('filters by duration; the duration range ignores the duration filter but not the others', async () => {
    const body = await list('min_duration=10&max_duration=16');
    expect(slugs(body).sort()).toEqual(['alternativa-bazovyi', 'espresso-nastroyka', 'kapping-i-sensorika', 'latte-art-advanced']);
    expect(body).toMatchObject({ total_min_duration: 4, total_max_duration: 30 });
    expect(await list('type=kids&max_duration=6')).toMatchObject({ count: 2, total_min_duration: 4, total_max_duration: 8 });
    expect((await list('min_duration=20&max_duration=10')).count).toBe(0);
  });

  it('attribute values: "or" within one attribute, "and" across attributes', async () => {
    const online = await valueId('format', 'Онлайн');
    const offline = await valueId('format', 'Очно');
    const beginner = await valueId('level', 'Для начинающих');
    const published = await publishedCourses();
    const has = (c: (typeof published)[number], id: number) => c.values.some((v) => v.valueId === id);

    const either = await list(`attributes=${online}&attributes=${offline}`);
    expect(either.count).toBe(published.filter((c) => has(c, online) || has(c, offline)).length);
    expect(either.count).toBe(12);

    const both = await list(`attributes=${online}&attributes=${beginner}`);
    expect(slugs(both).sort()).toEqual(['domashnii-barista', 'nauka-o-vkuse']);

    // An id that is no attribute value does not empty the catalogue (a stale shared link).
    expect((await list('attributes=999999')).count).toBe(15);
  });

  it('facets count each value among courses matching every other filter', async () => {
    const published = await publishedCourses();
    const online = await valueId('format', 'Онлайн');
    const beginner = await valueId('level', 'Для начинающих');
    const kidsAge = await valueId('age', '10–14 лет');
    const selections: { query: string; selected: number[]; where: (c: (typeof published)[number]) => boolean }[] = [
      { query: '', selected: [], where: () => true },
      { query: `attributes=${online}`, selected: [online], where: () => true },
      { query: `attributes=${online}&attributes=${beginner}`, selected: [online, beginner], where: () => true },
      { query: `type=kids&attributes=${kidsAge}&max_duration=6`, selected: [kidsAge], where: (c) => c.isKids && (c.duration ?? 0) <= 6 },
    ];
    for (const { query, selected, where } of selections) {
      const body = await list(query);
      const selectedAttributes = new Map<number, number[]>();
      for (const f of body.filters) {
        for (const v of f.values) if (selected.includes(v.id)) selectedAttributes.set(f.id, [...(selectedAttributes.get(f.id) ?? []), v.id]);
      }
      for (const filter of body.filters) {
        for (const value of filter.values) {
          // Courses matching the other attributes' selections and the non-attribute filters.
          const expected = published.filter(
            (c) =>
              where(c) &&
              [...selectedAttributes].every(
                ([attributeId, ids]) => attributeId === filter.id || c.values.some((v) => ids.includes(v.valueId)),
              ) &&
              c.values.some((v) => v.valueId === value.id),
          ).length;
          expect({ query, value: value.value, count: value.count, selected: value.selected }).toEqual({
            query,
            value: value.value,
            count: expected,
            selected: selected.includes(value.id),
          });
        }
      }
    }
  });

  it('lists as filters only list attributes marked is_filter, values in their order', async () => {
    const body = await list();
    expect(body.filters.map((f) => f.slug)).toEqual(['format', 'level', 'age']);
    expect(body.filters[0]!.values.map((v) => v.value)).toEqual(['Онлайн', 'Очно', 'Смешанный']);
    expect(body.filters[0]).toMatchObject({ param: 'attributes', name: 'Формат' });
  });

  it('orders by price, title, duration and newest; courses without a price come last', async () => {
    await t.database.db.update(courses).set({ priceKopecks: null }).where(eq(courses.slug, 'nauka-o-vkuse'));
    try {
      const byPrice = (await list('ordering=price')).content;
      expect(byPrice.at(-1)!.slug).toBe('nauka-o-vkuse');
      const prices = byPrice.slice(0, -1).map((c) => c.price!);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const byPriceDesc = (await list('ordering=-price')).content;
      expect(byPriceDesc[0]!.slug).toBe('otkrytie-kofeini');
      expect(byPriceDesc.at(-1)!.slug).toBe('nauka-o-vkuse');
    } finally {
      await t.database.db.update(courses).set({ priceKopecks: 350_000 }).where(eq(courses.slug, 'nauka-o-vkuse'));
    }
    const titles = (await list('ordering=title')).content.map((c) => c.title);
    expect(titles).toEqual([...titles].sort(new Intl.Collator('ru').compare));
    const durations = (await list('ordering=duration')).content.map((c) => c.duration_hours!);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
    expect(slugs(await list('ordering=-created'))[0]).toBe('nauka-o-vkuse');
  });

  it.each([
    ['page=0', 'page', 'Номер страницы начинается с 1.'],
    ['page=abc', 'page', 'Ожидается число.'],
    ['page_size=49', 'page_size', 'Не больше 48.'],
    ['ordering=popular', 'ordering', 'Допустимые значения: sort, price, -price, title, duration, -created.'],
    ['type=seniors', 'type', 'Допустимые значения: adult или kids.'],
    ['featured=yes', 'featured', 'Допустимые значения: true или false.'],
    ['min_duration=-1', 'min_duration', 'Не меньше 0.'],
    ['categories=abc', 'categories.0', 'Ожидается целое число.'],
    ['attributes=1&attributes=0', 'attributes.1', 'Ожидается положительное число.'],
    ['image_opts=size:5', 'image_opts', 'Размер: число от 16 до 2560 или ШИРИНАxВЫСОТА.'],
    [`search=${'к'.repeat(101)}`, 'search', 'Не больше 100 символов.'],
  ])('%s is a 400 field error', async (query, field, message) => {
    const res = await get(`/api/courses/?${encodeURI(query)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
  });

  it('accepts image options for the card images', async () => {
    const res = await get('/api/courses/?page_size=1&image_opts=size:400x300,crop:center');
    expect(res.statusCode).toBe(200);
    expect(res.json().content[0].image.original).toBe('/media/demo/courses/barista-s-nulya.jpg');
  });
});

describe('GET /api/courses/ search', () => {
  it("'бариста', 'баристы' and 'бариста-курс' find the same courses", async () => {
    const results = await Promise.all(['бариста', 'баристы', 'бариста-курс', 'БАРИСТА'].map(async (word) => slugs(await list(q(word))).sort()));
    expect(results[0]).toContain('barista-s-nulya');
    expect(results[0]).toContain('yunyi-barista');
    expect(results[0]!.length).toBeGreaterThan(2);
    expect(results[0]!.length).toBeLessThan(15);
    for (const result of results) expect(result).toEqual(results[0]);
  });

  it('matches the last word by its beginning while typing', async () => {
    const typing = slugs(await list(q('бари')));
    for (const slug of slugs(await list(q('бариста')))) expect(typing).toContain(slug);
    expect(slugs(await list(q('латте ар'))).sort()).toEqual(['latte-art-advanced', 'latte-art-basic']);
  });

  it("folds 'ё' into 'е'", async () => {
    const withYo = slugs(await list(q('берётся')));
    expect(withYo).toContain('shokoladnaya-masterskaya');
    expect(slugs(await list(q('берется')))).toEqual(withYo);
  });

  it('ranks title matches before description matches unless an ordering is asked for', async () => {
    const ranked = slugs(await list(q('бариста')));
    // 'Бариста с нуля' has the word in its title; 'Управление кофейней' only in its text.
    expect(ranked.indexOf('barista-s-nulya')).toBeLessThan(ranked.indexOf('upravlenie-kofeinei'));
    const titles = (await list(`${q('бариста')}&ordering=title`)).content.map((c) => c.title);
    expect(titles).toEqual([...titles].sort(new Intl.Collator('ru').compare));
  });

  it("matches the category's name too", async () => {
    await t.database.db.update(categories).set({ name: 'Наука о вкусе и квазиопыты' }).where(eq(categories.slug, 'taste-science'));
    try {
      expect(slugs(await list(q('квазиопыт')))).toEqual(['nauka-o-vkuse']);
    } finally {
      await t.database.db.update(categories).set({ name: 'Наука о вкусе' }).where(eq(categories.slug, 'taste-science'));
    }
  });

  it('words that fit every course, stop words and bare punctuation search nothing: the whole catalogue', async () => {
    for (const text of ['курс', 'Курсы обучение', 'для', '  ', '—', '🙂☕']) {
      expect((await list(q(text))).count, text).toBe(15);
    }
  });

  it('combines with the other filters, and nothing found is an empty answer', async () => {
    expect(slugs(await list(`${q('бариста')}&type=kids`)).sort()).toEqual(['limonady-i-kokteili', 'yunyi-barista']);
    const none = await list(q('абракадабра'));
    expect(none).toMatchObject({ content: [], count: 0, total_pages: 0, total_min_duration: null, total_max_duration: null });
    expect(none.filters.flatMap((f) => f.values).every((v) => v.count === 0)).toBe(true);
  });

  it.each([
    `"бариста"`,
    `бариста & | ! : * ( )`,
    `'; drop table courses; --`,
    `a:*b`,
    `!!!(((`,
    `бариста:A & кофе`,
    `<script>alert(1)</script>`,
    `\\ \\\\ %_`,
    `😀 бариста 🇷🇺`,
    `3d ½ ² x²`,
    `${'б'.repeat(100)}`,
    `${'а '.repeat(50)}`,
    `ﬁ ǅ İ ß`,
  ])('never fails on odd input: %s', async (text) => {
    const res = await get(`/api/courses/?${q(text)}`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('builds the query from letters and digits only', () => {
    expect(searchWords('Бариста-КУРС: «эспрессо»! ёлка')).toEqual(['бариста', 'эспрессо', 'елка']);
    expect(toTsQueryText('бариста-курс')).toBe('бариста:*');
    expect(toTsQueryText(`латте & арт | ')`)).toBe('латте & арт:*');
    expect(toTsQueryText('курсы обучения')).toBeNull();
    expect(toTsQueryText(undefined)).toBeNull();
  });
});

describe('GET /api/courses/filters', () => {
  it('lists the filters with counts over all published courses, none selected; with or without the slash', async () => {
    const res = await get('/api/courses/filters');
    expect(res.statusCode).toBe(200);
    const filters: Filter[] = res.json();
    expect((await get('/api/courses/filters/')).json()).toEqual(filters);
    // The static path wins over /courses/{id}/.
    expect(filters.map((f) => f.slug)).toEqual(['format', 'level', 'age']);
    expect(filters.flatMap((f) => f.values).some((v) => v.selected)).toBe(false);
    const format = filters.find((f) => f.slug === 'format')!;
    expect(format.values.map((v) => [v.value, v.count])).toEqual([
      ['Онлайн', 4],
      ['Очно', 8],
      ['Смешанный', 3],
    ]);
    expect((await list()).filters).toEqual(filters);
  });
});

describe('GET /api/courses/{id}/', () => {
  it('answers a course by slug and by id with everything its page shows', async () => {
    const res = await get('/api/courses/osnovy-obzharki/');
    expect(res.statusCode).toBe(200);
    const course = res.json();
    const byId = await get(`/api/courses/${course.id}/`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(course);
    expect((await get('/api/courses/osnovy-obzharki')).json()).toEqual(course);

    expect(course).toMatchObject({
      slug: 'osnovy-obzharki',
      title: 'Основы обжарки кофе',
      kids: false,
      price: 4_500_000,
      format: 'offline',
      og: {
        title: 'Основы обжарки кофе',
        description: 'Что происходит с зерном в барабане и как построить свой первый профиль обжарки.',
        image: { original: '/media/demo/courses/osnovy-obzharki.jpg' },
      },
      seo: {
        title: 'Курсы обжарки кофе в Москве для начинающих — Crema',
        h1: 'Основы обжарки кофе',
        keywords: 'курсы обжарки кофе, обучение обжарщика, профиль обжарки',
      },
      rating: { average: 5, count: 1 },
    });
    expect(course.description).toMatch(/^</);
    expect(new Date(course.updated_at).toISOString()).toBe(course.updated_at);
    expect(course.attributes.map((a: { slug: string }) => a.slug)).toEqual([
      'format', 'level', 'duration', 'for-whom', 'outcomes', 'certificate',
    ]);
    expect(course.attributes.find((a: { slug: string }) => a.slug === 'outcomes')).toMatchObject({
      is_tab: true,
      is_filter: false,
      value_id: null,
      value: expect.stringMatching(/^<ul><li>/),
    });
    expect(course.attributes[0]).toMatchObject({ name: 'Формат', is_filter: true, is_title: true, value: 'Очно', value_id: expect.any(Number) });
    expect(course.teachers.map((teacher: { last_name: string }) => teacher.last_name)).toEqual(['Орлов']);
    expect(course.teachers[0].photo.original).toBe('/media/demo/teachers/orlov.jpg');
    expect(course.reviews).toEqual([
      expect.objectContaining({ name: 'Михаил Гусев', rating: 5, course: { id: course.id, slug: 'osnovy-obzharki', title: 'Основы обжарки кофе' } }),
    ]);
  });

  it('gives the program: modules with lessons and tests in order, final tests apart, only published ones', async () => {
    const course = (await get('/api/courses/osnovy-obzharki/')).json();
    expect(course.program.modules.map((m: { title: string }) => m.title)).toEqual(['Зерно и оборудование', 'Профиль обжарки']);
    expect(course.program.modules[0].content.map((i: { title: string; type: string }) => [i.type, i.title])).toEqual([
      ['lesson', 'Зелёный кофе: влажность и плотность'],
      ['lesson', 'Как устроен барабанный ростер'],
      ['test', 'Тест: зерно и ростер'],
    ]);
    expect(course.program.final_tests).toEqual([{ id: expect.any(Number), title: 'Итоговый тест: основы обжарки' }]);

    const [hidden] = await t.database.db
      .select({ id: lessons.id })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(and(eq(courseModules.courseId, course.id), eq(lessons.title, 'Как устроен барабанный ростер')));
    await t.database.db.update(lessons).set({ isPublished: false }).where(eq(lessons.id, hidden!.id));
    try {
      const after = (await get('/api/courses/osnovy-obzharki/')).json();
      expect(after.program.modules[0].content.map((i: { title: string }) => i.title)).toEqual([
        'Зелёный кофе: влажность и плотность',
        'Тест: зерно и ростер',
      ]);
    } finally {
      await t.database.db.update(lessons).set({ isPublished: true }).where(eq(lessons.id, hidden!.id));
    }
  });

  it('shows only published reviews, newest first, and rates the course by them', async () => {
    const course = (await get('/api/courses/barista-s-nulya/')).json();
    // The seed holds an unpublished two-star review of this course.
    expect(course.reviews.map((r: { name: string }) => r.name)).toEqual(['Анна Соколова']);
    expect(course.rating).toEqual({ average: 5, count: 1 });
    const id = await courseId('barista-s-nulya');
    await t.database.db.insert(reviews).values([
      { courseId: id, name: 'Новый отзыв', rating: 4, text: 'Хорошо.', publishedAt: '2099-01-01' },
      { courseId: id, name: 'Старый отзыв', rating: 4, text: 'Неплохо.', publishedAt: '2000-01-01' },
    ]);
    try {
      const after = (await get('/api/courses/barista-s-nulya/')).json();
      expect(after.reviews.map((r: { name: string }) => r.name)).toEqual(['Новый отзыв', 'Анна Соколова', 'Старый отзыв']);
      expect(after.rating).toEqual({ average: 4.3, count: 3 });
    } finally {
      await t.database.db.delete(reviews).where(inArray(reviews.name, ['Новый отзыв', 'Старый отзыв']));
    }
    const none = await courseId('nauka-o-vkuse');
    expect((await get(`/api/courses/${none}/`)).json()).toMatchObject({ reviews: [], rating: null });
  });

  it('falls back to the title and short description when SEO and OG fields are empty', async () => {
    const id = await courseId('latte-art-basic');
    await t.database.db
      .update(courses)
      .set({ seoTitle: null, seoDescription: '', seoH1: null, seoKeywords: null, ogTitle: null, ogDescription: null, ogImage: null })
      .where(eq(courses.id, id));
    const course = (await get('/api/courses/latte-art-basic/')).json();
    expect(course.seo).toEqual({ title: course.title, description: course.short_description, h1: course.title, keywords: null });
    expect(course.og).toEqual({ title: course.title, description: course.short_description, image: course.image });
  });

  it('an unpublished, unknown or out-of-range course is a 404; a malformed key a 400', async () => {
    const draft = await courseId('kofe-i-deserty');
    for (const key of ['kofe-i-deserty', String(draft), 'no-such-course', '999999', '99999999999']) {
      const res = await get(`/api/courses/${key}/`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toEqual({ detail: 'Курс не найден.' });
    }
    const bad = await get('/api/courses/Bad_Slug/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ id: ['Ожидается slug или id курса.'] });
  });
});

describe('GET /api/attributes/', () => {
  it('lists attributes in order with their flags and list values; flags filter', async () => {
    const res = await get('/api/attributes/');
    expect(res.statusCode).toBe(200);
    const all = res.json();
    expect(all.map((a: { slug: string }) => a.slug)).toEqual(['format', 'level', 'duration', 'age', 'for-whom', 'outcomes', 'certificate']);
    expect(all[0]).toEqual({
      id: expect.any(Number),
      name: 'Формат',
      slug: 'format',
      type: 'list',
      is_tab: false,
      is_filter: true,
      is_group: false,
      is_title: true,
      values: [
        { id: expect.any(Number), value: 'Онлайн' },
        { id: expect.any(Number), value: 'Очно' },
        { id: expect.any(Number), value: 'Смешанный' },
      ],
    });
    expect(all.find((a: { slug: string }) => a.slug === 'duration').values).toEqual([]);
    const slugsOf = async (query: string) => (await get(`/api/attributes/?${query}`)).json().map((a: { slug: string }) => a.slug);
    expect(await slugsOf('is_tab=true')).toEqual(['for-whom', 'outcomes']);
    expect(await slugsOf('is_filter=true')).toEqual(['format', 'level', 'age']);
    expect(await slugsOf('is_group=1')).toEqual(['certificate']);
    expect(await slugsOf('is_title=true&is_filter=false')).toEqual(['duration']);
    expect(await slugsOf('is_tab=false')).toHaveLength(5);
  });

  it('one attribute by id; unknown is a 404, a bad id or flag a 400', async () => {
    const [first] = (await get('/api/attributes/')).json();
    expect((await get(`/api/attributes/${first.id}/`)).json()).toEqual(first);
    const missing = await get('/api/attributes/999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Атрибут не найден.' });
    expect((await get('/api/attributes/abc/')).json()).toEqual({ id: ['Ожидается целое число.'] });
    expect((await get('/api/attributes/?is_tab=maybe')).json()).toEqual({ is_tab: ['Допустимые значения: true или false.'] });
  });
});

describe('GET /api/reviews/', () => {
  it('lists published reviews, newest first, DRF-paginated with relative links', async () => {
    const res = await get('/api/reviews/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 10, next: null, previous: null });
    expect(body.results.map((r: { name: string }) => r.name)).not.toContain('Игорь Тихонов');
    const dates = body.results.map((r: { published_at: string }) => r.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      name: 'Наталья Щербакова',
      rating: 5,
      published_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      text: expect.stringContaining('конфет'),
      on_main: false,
      on_noschool: false,
      course: { id: expect.any(Number), slug: 'shokoladnaya-masterskaya', title: 'Шоколадная мастерская' },
    });
    expect(body.results.find((r: { name: string }) => r.name === 'Сергей Волков').course).toBeNull();

    const page1 = (await get('/api/reviews/?on_noschool=true&page_size=2')).json();
    expect(page1).toMatchObject({ count: 4, next: '/api/reviews/?on_noschool=true&page_size=2&page=2', previous: null });
    const page2 = (await get(page1.next)).json();
    expect(page2).toMatchObject({ next: null, previous: '/api/reviews/?on_noschool=true&page_size=2' });
    expect(page2.results).toHaveLength(2);
    const beyond = (await get('/api/reviews/?page=5')).json();
    expect(beyond).toMatchObject({ count: 10, results: [], next: null, previous: '/api/reviews/' });
  });

  it('filters by on_main, on_noschool and course (slug or id)', async () => {
    const names = async (query: string) => (await get(`/api/reviews/?${query}`)).json().results.map((r: { name: string }) => r.name).sort();
    expect(await names('on_main=true')).toEqual(['Анна Соколова', 'Елена Ершова', 'Михаил Гусев', 'Ольга Романова']);
    expect(await names('on_main=true&on_noschool=true')).toEqual(['Михаил Гусев']);
    expect(await names('course=latte-art-basic')).toEqual(['Елена Ершова']);
    expect(await names(`course=${await courseId('latte-art-basic')}`)).toEqual(['Елена Ершова']);
    expect(await names('course=no-such-course')).toEqual([]);
  });

  it('a review of a hidden course shows no course link', async () => {
    const draft = await courseId('kofe-i-deserty');
    const [row] = await t.database.db
      .insert(reviews)
      .values({ courseId: draft, name: 'Отзыв о черновике', rating: 5, text: 'Вкусно.', publishedAt: '2020-01-01' })
      .returning({ id: reviews.id });
    try {
      expect((await get(`/api/reviews/${row!.id}/`)).json().course).toBeNull();
      expect((await get('/api/reviews/?course=kofe-i-deserty')).json().count).toBe(0);
    } finally {
      await t.database.db.delete(reviews).where(eq(reviews.id, row!.id));
    }
  });

  it('one review by id; unpublished or unknown is a 404; bad input a 400', async () => {
    const [first] = (await get('/api/reviews/')).json().results;
    expect((await get(`/api/reviews/${first.id}/`)).json()).toEqual(first);
    const [hidden] = await t.database.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.isPublished, false));
    for (const id of [hidden!.id, 999999]) {
      const res = await get(`/api/reviews/${id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Отзыв не найден.' });
    }
    expect((await get('/api/reviews/x/')).statusCode).toBe(400);
    expect((await get('/api/reviews/?page_size=101')).json()).toEqual({ page_size: ['Не больше 100.'] });
    expect((await get('/api/reviews/?course=Bad%20Slug')).json()).toEqual({ course: ['Ожидается slug или id курса.'] });
  });
});

describe('GET /api/teachers/', () => {
  it('lists teachers in the school order; on_main and on_noschool filter', async () => {
    const res = await get('/api/teachers/');
    expect(res.statusCode).toBe(200);
    const all = res.json();
    expect(all).toHaveLength(await t.database.db.$count(teachers));
    expect(all[0]).toEqual({
      id: expect.any(Number),
      first_name: 'Дмитрий',
      last_name: 'Орлов',
      position: 'Q-грейдер, руководитель обжарочного цеха',
      bio: expect.any(String),
      photo: expect.objectContaining({ original: '/media/demo/teachers/orlov.jpg' }),
      on_main: true,
      on_noschool: true,
    });
    const lastNames = async (query: string) => (await get(`/api/teachers/?${query}`)).json().map((x: { last_name: string }) => x.last_name);
    expect(await lastNames('on_main=true')).toEqual(['Орлов', 'Белова', 'Муравьёв', 'Кравец', 'Лаптева']);
    expect(await lastNames('on_noschool=true')).toEqual(['Орлов', 'Муравьёв', 'Зайцев', 'Ёлкина']);
    expect(await lastNames('on_main=false&on_noschool=false')).toEqual(['Ахметова']);
    expect((await get('/api/teachers/?image_opts=size:200x200,crop:center')).statusCode).toBe(200);
    expect(Object.keys((await get('/api/teachers/?image_opts=big')).json())).toEqual(['image_opts']);
  });
});

describe('GET /api/subsections/', () => {
  it('lists every subsection with its number of published courses, empty ones too', async () => {
    const res = await get('/api/subsections/');
    expect(res.statusCode).toBe(200);
    const counts = Object.fromEntries(res.json().map((s: { slug: string; count: number }) => [s.slug, s.count]));
    expect(counts).toEqual({ beginners: 5, professionals: 6, online: 4, kids: 4, business: 2, gift: 6, gastronomy: 0 });
    expect(res.json()[0]).toEqual({
      id: expect.any(Number),
      title: 'С нуля',
      slug: 'beginners',
      image: expect.objectContaining({ original: '/media/demo/subsections/beginners.jpg' }),
      count: 5,
    });

    await t.database.db.update(courses).set({ isPublished: true }).where(eq(courses.slug, 'kofe-i-deserty'));
    try {
      const after = (await get('/api/subsections/')).json();
      expect(after.find((s: { slug: string }) => s.slug === 'gastronomy').count).toBe(1);
      expect((await get('/api/courses/kofe-i-deserty/')).statusCode).toBe(200);
    } finally {
      await t.database.db.update(courses).set({ isPublished: false }).where(eq(courses.slug, 'kofe-i-deserty'));
    }
    expect((await get('/api/subsections/?image_opts=size:1')).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every catalogue call with its error answers', async () => {
    const doc = (await get('/api/docs/json')).json();
    const expectations: [string, string[]][] = [
      ['/api/courses/', ['200', '400', '500']],
      ['/api/courses/filters', ['200', '400', '500']],
      ['/api/courses/{id}/', ['200', '400', '404', '500']],
      ['/api/attributes/', ['200', '400', '500']],
      ['/api/attributes/{id}/', ['200', '400', '404', '500']],
      ['/api/reviews/', ['200', '400', '500']],
      ['/api/reviews/{id}/', ['200', '400', '404', '500']],
      ['/api/teachers/', ['200', '400', '500']],
      ['/api/subsections/', ['200', '400', '500']],
    ];
    for (const [path, statuses] of expectations) {
      const operation = doc.paths[path]?.get;
      expect(operation, path).toBeDefined();
      expect(operation.summary).toMatch(/[а-я]/i);
      expect(operation.tags).toEqual(['catalog']);
      expect(Object.keys(operation.responses).sort()).toEqual(statuses);
    }
    const params = doc.paths['/api/courses/'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['categories', 'attributes', 'search', 'ordering', 'page', 'page_size']));
  });
});

describe('micro-cache', () => {
  it('serves hot catalogue reads from memory within the TTL, per normalised query', async () => {
    const cached = await createTestApp({ CONTENT_CACHE_TTL_MS: '60000' }, { seed: true });
    try {
      const read = async (url: string) => (await cached.app.inject({ method: 'GET', url })).json();
      const [barista, roasting] = [await idOf(categories, 'barista'), await idOf(categories, 'roasting')];
      const before = await read(`/api/courses/?categories=${roasting}&categories=${barista}`);
      const detail = await read('/api/courses/barista-s-nulya/');
      await cached.database.db.update(courses).set({ title: 'Переименован' }).where(eq(courses.slug, 'barista-s-nulya'));
      // Same filters in another order and with duplicates: the same cache entry.
      expect(await read(`/api/courses/?categories=${barista}&categories=${roasting}&categories=${barista}`)).toEqual(before);
      expect(await read('/api/courses/barista-s-nulya/')).toEqual(detail);
      // Another query is read fresh.
      expect((await read(`/api/courses/?categories=${barista}`)).content[0].title).toBe('Переименован');
    } finally {
      await cached.close();
    }
  });
});
