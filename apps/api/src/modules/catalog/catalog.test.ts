import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildAttribute,
  buildCategory,
  buildCourse,
  buildLesson,
  buildModule,
  buildReview,
  buildSubsection,
  buildTeacher,
  buildTest,
  setCourseAttribute,
  type CourseOverrides,
} from '../../test/factories.ts';
import type { Executor } from '../../db/client.ts';
import { categories, courseAttributes, courses, lessons, reviews, teachers, type AttributeValue } from '../../db/schema/index.ts';

type ValueRow = AttributeValue;
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

/**
 * A small Russian catalogue: six categories, thirteen published courses and a draft, list and
 * text attributes with every flag, teachers, reviews, subsections and one course program.
 */
async function buildCatalogue(db: Executor) {
  const category = {
    barista: await buildCategory(db, { name: 'Бариста', sort: 1 }),
    latte: await buildCategory(db, { name: 'Латте-арт', sort: 2 }),
    roast: await buildCategory(db, { name: 'Обжарка', sort: 3 }),
    brewing: await buildCategory(db, { name: 'Альтернативное заваривание', sort: 4 }),
    business: await buildCategory(db, { name: 'Кофейный бизнес', sort: 5 }),
    kids: await buildCategory(db, { name: 'Детская кухня', audience: 'kids', sort: 6 }),
    taste: await buildCategory(db, { name: 'Наука о вкусе', audience: 'kids', sort: 7 }),
    food: await buildCategory(db, { name: 'Гастрономия', sort: 8 }),
  };

  const attribute = {
    format: await buildAttribute(db, { name: 'Формат', values: ['Онлайн', 'Очно', 'Смешанный'], isFilter: true, isTitle: true, sort: 1 }),
    level: await buildAttribute(db, { name: 'Уровень', values: ['Для начинающих', 'Для профи'], isFilter: true, sort: 2 }),
    duration: await buildAttribute(db, { name: 'Длительность', isTitle: true, sort: 3 }),
    age: await buildAttribute(db, { name: 'Возраст', values: ['6–9 лет', '10–14 лет'], isFilter: true, sort: 4 }),
    forWhom: await buildAttribute(db, { name: 'Для кого', isTab: true, sort: 5 }),
    outcomes: await buildAttribute(db, { name: 'Чему вы научитесь', isTab: true, sort: 6 }),
    certificate: await buildAttribute(db, { name: 'Сертификат', isGroup: true, sort: 7 }),
    // A list attribute that is no filter, and a filter without values: neither is offered.
    equipment: await buildAttribute(db, { name: 'Оборудование', values: ['Рожковая кофемашина', 'Ростер'], sort: 8 }),
    language: await buildAttribute(db, { name: 'Язык', type: 'list', isFilter: true, sort: 9 }),
  };
  const [online, offline, blended] = attribute.format.values as [ValueRow, ValueRow, ValueRow];
  const [beginner, pro] = attribute.level.values as [ValueRow, ValueRow];
  const [age6, age10] = attribute.age.values as [ValueRow, ValueRow];

  const course = async (overrides: CourseOverrides, values: ValueRow[] = []) => {
    const row = await buildCourse(db, overrides);
    for (const value of values) await setCourseAttribute(db, row.id, { id: value.attributeId }, { value });
    return row;
  };
  const c = {
    zero: await course(
      {
        title: 'Бариста с нуля', categoryId: category.barista.id, sort: 1, priceKopecks: 3_200_000, oldPriceKopecks: 3_600_000,
        durationHours: 24, durationText: '4 недели, 8 занятий', format: 'offline', level: 'beginner', isFeatured: true,
        image: 'test/courses/barista-zero.jpg', shortDescription: 'Эспрессо, молоко и первые смены за стойкой.',
      },
      [offline, beginner],
    ),
    espresso: await course(
      { title: 'Настройка эспрессо', categoryId: category.barista.id, sort: 2, priceKopecks: 1_800_000, durationHours: 12, format: 'offline', level: 'intermediate' },
      [offline, pro],
    ),
    latteBasic: await course(
      { title: 'Латте-арт: основы', categoryId: category.latte.id, sort: 3, priceKopecks: 1_500_000, durationHours: 8, format: 'offline', isFeatured: true },
      [offline, beginner],
    ),
    latteAdvanced: await course(
      { title: 'Латте-арт: сложные рисунки', categoryId: category.latte.id, sort: 4, priceKopecks: 2_000_000, durationHours: 16, format: 'blended', level: 'advanced' },
      [blended, pro],
    ),
    roast: await course(
      {
        title: 'Основы обжарки кофе', categoryId: category.roast.id, sort: 5, priceKopecks: 4_500_000, durationHours: 30,
        durationText: '5 недель', format: 'offline', level: 'beginner', isFeatured: true, image: 'test/courses/roast.jpg',
        shortDescription: 'Что происходит с зерном в барабане и как построить свой первый профиль обжарки.',
        description: '<p>Зелёное зерно, ростер и &laquo;первый крэк&raquo;.</p>',
        seoTitle: 'Обжарка кофе в Москве для начинающих', seoDescription: 'Научитесь обжаривать кофе.', seoH1: 'Основы обжарки',
        seoKeywords: 'обжарка кофе, профиль обжарки', ogTitle: 'Обжарка кофе', ogImage: 'test/courses/roast-og.jpg',
      },
      [offline, beginner],
    ),
    cupping: await course(
      { title: 'Каппинг и сенсорика', categoryId: category.roast.id, sort: 6, priceKopecks: 2_500_000, durationHours: 14, format: 'blended', level: 'intermediate' },
      [offline, online, pro],
    ),
    home: await course(
      {
        title: 'Кофе дома: воронка и аэропресс', categoryId: category.brewing.id, sort: 7, priceKopecks: 900_000, durationHours: 6, format: 'online',
        description: '<p>Для тех, кто хочет варить как бариста, но дома.</p>',
      },
      [online, beginner],
    ),
    management: await course(
      {
        title: 'Управление кофейней', categoryId: category.business.id, sort: 8, priceKopecks: 6_000_000, durationHours: 20, format: 'blended', level: 'advanced',
        description: '<p>Как нанять и обучить баристу, посчитать себестоимость чашки.</p>',
      },
      [blended, pro],
    ),
    opening: await course(
      { title: 'Открытие кофейни', categoryId: category.business.id, sort: 9, priceKopecks: 5_000_000, durationHours: 18, format: 'online' },
      [online, beginner],
    ),
    young: await course(
      { title: 'Юный бариста', categoryId: category.kids.id, isKids: true, sort: 10, priceKopecks: 400_000, durationHours: 8, format: 'offline' },
      [offline, beginner, age10],
    ),
    lemonades: await course(
      {
        title: 'Лимонады и коктейли', categoryId: category.kids.id, isKids: true, sort: 11, priceKopecks: 300_000, durationHours: 4, format: 'offline',
        shortDescription: 'Смешиваем напитки, как настоящий бариста.',
      },
      [offline, age6],
    ),
    chocolate: await course(
      {
        title: 'Шоколадная мастерская', categoryId: category.kids.id, isKids: true, sort: 12, priceKopecks: 350_000, durationHours: 6, format: 'blended',
        description: '<p>Откуда берётся шоколад: пробуем какао-бобы и делаем конфеты.</p>',
      },
      [blended, age6, age10],
    ),
    taste: await course(
      { title: 'Опыты со вкусом', categoryId: category.taste.id, isKids: true, sort: 13, priceKopecks: 350_000, durationHours: 5, format: 'online' },
      [online, beginner, age10],
    ),
  };
  const draft = await course(
    { title: 'Кофе и десерты', categoryId: category.food.id, published: false, sort: 14, priceKopecks: 1_000_000, durationHours: 10 },
    [offline],
  );
  // Published in sort order (the school's order).
  const published = Object.values(c);

  await setCourseAttribute(db, c.zero.id, attribute.duration, { text: '4 недели, 8 занятий' });
  await setCourseAttribute(db, c.roast.id, attribute.duration, { text: '5 недель' });
  await setCourseAttribute(db, c.roast.id, attribute.forWhom, { text: 'Бариста и владельцам кофеен' });
  await setCourseAttribute(db, c.roast.id, attribute.outcomes, { text: '<ul><li>Строить профиль обжарки</li></ul>' });
  await setCourseAttribute(db, c.roast.id, attribute.certificate, { text: 'Сертификат школы' });
  await setCourseAttribute(db, c.roast.id, attribute.equipment, { value: attribute.equipment.values[1]! });

  const teacher = {
    orlov: await buildTeacher(db, {
      lastName: 'Орлов', firstName: 'Дмитрий', position: 'Q-грейдер, руководитель обжарочного цеха', bio: 'Обжаривает кофе двенадцать лет.',
      photo: 'test/teachers/orlov.jpg', onMain: true, onNoschool: true, sort: 1, courseIds: [c.roast.id, c.cupping.id],
    }),
    belova: await buildTeacher(db, { lastName: 'Белова', firstName: 'Анна', onMain: true, sort: 2, courseIds: [c.zero.id] }),
    zaitsev: await buildTeacher(db, { lastName: 'Зайцев', firstName: 'Павел', onNoschool: true, sort: 3 }),
    yolkina: await buildTeacher(db, { lastName: 'Ёлкина', firstName: 'Мария', onMain: true, onNoschool: true, sort: 4 }),
    akhmetova: await buildTeacher(db, { lastName: 'Ахметова', firstName: 'Алия', sort: 5 }),
  };

  const review = {
    gusev: await buildReview(db, { name: 'Михаил Гусев', courseId: c.roast.id, publishedAt: '2024-03-01', onMain: true, onNoschool: true }),
    sokolova: await buildReview(db, { name: 'Анна Соколова', courseId: c.zero.id, publishedAt: '2024-02-10', onMain: true }),
    tikhonov: await buildReview(db, { name: 'Игорь Тихонов', courseId: c.zero.id, rating: 2, publishedAt: '2024-04-01', status: 'new' }),
    ershova: await buildReview(db, { name: 'Елена Ершова', courseId: c.latteBasic.id, rating: 4, publishedAt: '2024-01-20', onMain: true }),
    volkov: await buildReview(db, { name: 'Сергей Волков', publishedAt: '2023-12-05', onNoschool: true }),
    shcherbakova: await buildReview(db, {
      name: 'Наталья Щербакова', courseId: c.chocolate.id, publishedAt: '2024-05-01', text: 'Дочь теперь сама делает конфеты.', onNoschool: true,
    }),
    romanova: await buildReview(db, { name: 'Ольга Романова', courseId: c.opening.id, rating: 4, publishedAt: '2023-11-11', onNoschool: true }),
  };

  const subsection = {
    fromScratch: await buildSubsection(db, {
      title: 'С нуля', sort: 1, image: 'test/subsections/from-scratch.jpg', courseIds: [c.zero.id, c.latteBasic.id, c.home.id, c.roast.id, c.opening.id],
    }),
    professionals: await buildSubsection(db, { title: 'Для профи', sort: 2, courseIds: [c.espresso.id, c.latteAdvanced.id, c.cupping.id, c.management.id] }),
    kids: await buildSubsection(db, { title: 'Детям', sort: 3, courseIds: [c.young.id, c.lemonades.id, c.chocolate.id, c.taste.id] }),
    // The only course of the food selection is a draft.
    food: await buildSubsection(db, { title: 'Гастрономия', sort: 4, courseIds: [draft.id] }),
    gift: await buildSubsection(db, { title: 'В подарок', sort: 5 }),
  };

  // The program of the roasting course, with drafts that must not show.
  const grain = await buildModule(db, { courseId: c.roast.id, title: 'Зерно и оборудование', sort: 1 });
  const profile = await buildModule(db, { courseId: c.roast.id, title: 'Профиль обжарки', sort: 2 });
  await buildLesson(db, { moduleId: grain.id, title: 'Зелёный кофе: влажность и плотность', sort: 1 });
  const drum = await buildLesson(db, { moduleId: grain.id, title: 'Как устроен барабанный ростер', sort: 2 });
  await buildTest(db, { courseId: c.roast.id, moduleId: grain.id, name: 'Тест: зерно и ростер', sort: 3 });
  await buildLesson(db, { moduleId: grain.id, title: 'Черновик урока', sort: 4, isPublished: false });
  await buildTest(db, { courseId: c.roast.id, moduleId: grain.id, name: 'Черновик теста', sort: 5, isPublished: false });
  await buildLesson(db, { moduleId: profile.id, title: 'Кривая обжарки', sort: 1 });
  await buildTest(db, { courseId: c.roast.id, name: 'Итоговый тест: основы обжарки', sort: 1 });
  await buildTest(db, { courseId: c.roast.id, name: 'Черновик итогового теста', sort: 2, isPublished: false });

  return {
    category, attribute, course: c, draft, published, teacher, review, subsection, drum,
    value: { online, offline, blended, beginner, pro, age6, age10 },
  };
}

let t: TestContext;
let cat: Awaited<ReturnType<typeof buildCatalogue>>;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const list = async (query = ''): Promise<CourseList> => {
  const res = await get(`/api/courses/?page_size=48${query ? `&${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const slugs = (body: { content: Card[] }) => body.content.map((c) => c.slug);
const sorted = (rows: { slug: string }[]) => rows.map((row) => row.slug).sort();
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

beforeAll(async () => {
  t = await createTestApp();
  cat = await buildCatalogue(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/courses/', () => {
  it('lists published courses only, in the school order, as catalogue cards', async () => {
    const { published, course: c, category, attribute } = cat;
    const res = await get('/api/courses/');
    expect(res.statusCode).toBe(200);
    const body: CourseList = res.json();
    expect(body.count).toBe(published.length);
    expect((await publishedCourses()).length).toBe(published.length);
    expect(body).toMatchObject({ page: 1, page_size: 12, total_pages: Math.ceil(published.length / 12) });
    expect(body.total_pages).toBe(2);
    expect(body.content).toHaveLength(12);
    expect(slugs(body)).toEqual(published.slice(0, 12).map((course) => course.slug));
    expect(slugs(await list())).toEqual(published.map((course) => course.slug));
    expect(slugs(await list())).not.toContain(cat.draft.slug);

    const card = body.content[0]!;
    expect(Object.keys(card).sort()).toEqual([
      'category', 'duration_hours', 'duration_text', 'format', 'id', 'image', 'kids', 'level', 'old_price', 'price',
      'short_description', 'slug', 'title', 'title_attributes',
    ]);
    expect(card).toMatchObject({
      id: c.zero.id,
      slug: c.zero.slug,
      title: 'Бариста с нуля',
      kids: false,
      category: { id: category.barista.id, name: 'Бариста', slug: category.barista.slug, type: 'adult' },
      short_description: 'Эспрессо, молоко и первые смены за стойкой.',
      price: 3_200_000,
      old_price: 3_600_000,
      duration_hours: 24,
      duration_text: '4 недели, 8 занятий',
      format: 'offline',
      level: 'beginner',
      image: { original: '/media/test/courses/barista-zero.jpg' },
    });
    // Only attributes shown next to the title, in attribute order.
    expect(card.title_attributes.map((a) => [a.slug, (a as unknown as { value: string }).value])).toEqual([
      [attribute.format.slug, 'Очно'],
      [attribute.duration.slug, '4 недели, 8 занятий'],
    ]);
    expect(card.title_attributes.every((a) => a.is_title)).toBe(true);
    // A course without an image or title attributes has none on its card.
    const espresso = body.content.find((card) => card.slug === c.espresso.slug)!;
    expect(espresso).toMatchObject({ image: null, old_price: null, short_description: null });
    expect(espresso.title_attributes.map((a) => a.slug)).toEqual([attribute.format.slug]);
  });

  it('pages through the results; a page past the end is empty, not an error', async () => {
    const total = cat.published.length;
    const pageSize = 10;
    const first = (await get(`/api/courses/?page_size=${pageSize}`)).json();
    const second = (await get(`/api/courses/?page_size=${pageSize}&page=2`)).json();
    expect(first.total_pages).toBe(Math.ceil(total / pageSize));
    expect(first.total_pages).toBe(2);
    expect(first.content).toHaveLength(pageSize);
    expect(second.content).toHaveLength(total - pageSize);
    expect([...slugs(first), ...slugs(second)]).toEqual(cat.published.map((course) => course.slug));
    const beyond = await get(`/api/courses/?page_size=${pageSize}&page=7`);
    expect(beyond.statusCode).toBe(200);
    const durations = cat.published.map((course) => course.durationHours!);
    expect(beyond.json()).toMatchObject({
      content: [],
      count: total,
      page: 7,
      total_pages: 2,
      total_min_duration: Math.min(...durations),
      total_max_duration: Math.max(...durations),
    });
  });

  it('filters by categories (one or repeated) and by audience', async () => {
    const { category, published } = cat;
    const one = await list(`categories=${category.barista.id}`);
    expect(slugs(one)).toEqual(published.filter((c) => c.categoryId === category.barista.id).map((c) => c.slug));
    expect(one.count).toBe(2);
    expect(one.content.every((c) => c.category.id === category.barista.id)).toBe(true);
    const two = await list(`categories=${category.barista.id}&categories=${category.latte.id}`);
    expect(slugs(two)).toEqual(published.filter((c) => [category.barista.id, category.latte.id].includes(c.categoryId)).map((c) => c.slug));
    expect(two.count).toBe(4);
    expect(new Set(two.content.map((c) => c.category.slug))).toEqual(new Set([category.barista.slug, category.latte.slug]));
    expect((await list('categories=999999')).count).toBe(0);
    // The draft's category lists nothing.
    expect((await list(`categories=${category.food.id}`)).count).toBe(0);

    const kids = await list('type=kids');
    expect(slugs(kids).sort()).toEqual(sorted(published.filter((c) => c.isKids)));
    expect(kids.count).toBe(4);
    expect(kids.content.every((c) => c.kids && c.category.type === 'kids')).toBe(true);
    const adult = await list('type=adult');
    expect(slugs(adult).sort()).toEqual(sorted(published.filter((c) => !c.isKids)));
    expect(adult.content.some((c) => c.kids)).toBe(false);
  });

  it('filters by subsections and featured', async () => {
    const { subsection, course: c, published } = cat;
    expect(slugs(await list(`subsections=${subsection.fromScratch.id}`)).sort()).toEqual(
      sorted([c.zero, c.latteBasic, c.home, c.roast, c.opening]),
    );
    expect(slugs(await list(`subsections=${subsection.fromScratch.id}&subsections=${subsection.kids.id}`)).sort()).toEqual(
      sorted([c.zero, c.latteBasic, c.home, c.roast, c.opening, c.young, c.lemonades, c.chocolate, c.taste]),
    );
    // The only course of the food selection is a draft.
    expect((await list(`subsections=${subsection.food.id}`)).count).toBe(0);
    expect((await list(`subsections=${subsection.gift.id}`)).count).toBe(0);
    const featured = published.filter((course) => course.isFeatured);
    expect(slugs(await list('featured=true')).sort()).toEqual(sorted(featured));
    expect(featured).toHaveLength(3);
    expect(slugs(await list('featured=false')).sort()).toEqual(sorted(published.filter((course) => !course.isFeatured)));
  });

  it('filters by duration; the duration range ignores the duration filter but not the others', async () => {
    const { published } = cat;
    const durations = published.map((c) => c.durationHours!);
    const body = await list('min_duration=10&max_duration=16');
    const inRange = published.filter((c) => c.durationHours! >= 10 && c.durationHours! <= 16);
    expect(slugs(body).sort()).toEqual(sorted(inRange));
    expect(inRange).toHaveLength(3);
    expect(body).toMatchObject({ total_min_duration: Math.min(...durations), total_max_duration: Math.max(...durations) });

    const kids = published.filter((c) => c.isKids);
    const kidsDurations = kids.map((c) => c.durationHours!);
    const shortKids = await list('type=kids&max_duration=6');
    expect(slugs(shortKids).sort()).toEqual(sorted(kids.filter((c) => c.durationHours! <= 6)));
    expect(shortKids).toMatchObject({
      count: 3,
      total_min_duration: Math.min(...kidsDurations),
      total_max_duration: Math.max(...kidsDurations),
    });
    expect(Math.max(...kidsDurations)).toBeGreaterThan(6);
    expect((await list('min_duration=20&max_duration=10')).count).toBe(0);
  });

  it('attribute values: "or" within one attribute, "and" across attributes', async () => {
    const { online, offline, beginner } = cat.value;
    const published = await publishedCourses();
    const has = (c: (typeof published)[number], id: number) => c.values.some((v) => v.valueId === id);

    const either = await list(`attributes=${online.id}&attributes=${offline.id}`);
    const expectedEither = published.filter((c) => has(c, online.id) || has(c, offline.id));
    expect(slugs(either).sort()).toEqual(sorted(expectedEither));
    expect(either.count).toBe(expectedEither.length);
    // The course with both values counts once.
    expect(expectedEither.length).toBeLessThan(published.filter((c) => has(c, online.id)).length + published.filter((c) => has(c, offline.id)).length);

    const both = await list(`attributes=${online.id}&attributes=${beginner.id}`);
    expect(slugs(both).sort()).toEqual(sorted([cat.course.home, cat.course.opening, cat.course.taste]));

    // An id that is no attribute value does not empty the catalogue (a stale shared link).
    expect((await list('attributes=999999')).count).toBe(cat.published.length);
    expect(slugs(await list(`attributes=999999&attributes=${online.id}`)).sort()).toEqual(sorted(published.filter((c) => has(c, online.id))));
  });

  it('facets count each value among courses matching every other filter', async () => {
    const published = await publishedCourses();
    const { online, beginner, age10 } = cat.value;
    const selections: { query: string; selected: number[]; where: (c: (typeof published)[number]) => boolean }[] = [
      { query: '', selected: [], where: () => true },
      { query: `attributes=${online.id}`, selected: [online.id], where: () => true },
      { query: `attributes=${online.id}&attributes=${beginner.id}`, selected: [online.id, beginner.id], where: () => true },
      { query: `type=kids&attributes=${age10.id}&max_duration=6`, selected: [age10.id], where: (c) => c.isKids && (c.duration ?? 0) <= 6 },
      { query: `categories=${cat.category.roast.id}`, selected: [], where: (c) => c.categoryId === cat.category.roast.id },
    ];
    let nonZero = 0;
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
          if (expected > 0) nonZero += 1;
          expect({ query, value: value.value, count: value.count, selected: value.selected }).toEqual({
            query,
            value: value.value,
            count: expected,
            selected: selected.includes(value.id),
          });
        }
      }
    }
    expect(nonZero).toBeGreaterThan(10);
    // Choosing 'Онлайн' still counts the 'Очно' courses, but narrows the levels.
    const withOnline = await list(`attributes=${online.id}`);
    const format = withOnline.filters.find((f) => f.id === cat.attribute.format.id)!;
    const level = withOnline.filters.find((f) => f.id === cat.attribute.level.id)!;
    const unfiltered = await list();
    expect(format.values).toEqual(
      unfiltered.filters.find((f) => f.id === cat.attribute.format.id)!.values.map((v) => ({ ...v, selected: v.id === online.id })),
    );
    expect(level.values.find((v) => v.id === beginner.id)!.count).toBe(3);
  });

  it('different kinds of filters narrow each other ("and")', async () => {
    const { course: c, category, subsection, value } = cat;
    expect(slugs(await list(`subsections=${subsection.fromScratch.id}&featured=true`)).sort()).toEqual(sorted([c.zero, c.latteBasic, c.roast]));
    expect(slugs(await list(`subsections=${subsection.fromScratch.id}&featured=true&categories=${category.roast.id}`))).toEqual([c.roast.slug]);
    expect(slugs(await list(`subsections=${subsection.kids.id}&attributes=${value.age6.id}&max_duration=5`))).toEqual([c.lemonades.slug]);
    expect((await list(`type=kids&categories=${category.barista.id}`)).count).toBe(0);
    expect((await list(`featured=true&type=kids`)).count).toBe(0);
  });

  it('lists as filters only list attributes marked is_filter, values in their order', async () => {
    const { attribute } = cat;
    const body = await list();
    expect(body.filters.map((f) => f.slug)).toEqual([attribute.format.slug, attribute.level.slug, attribute.age.slug]);
    expect(body.filters[0]!.values.map((v) => v.value)).toEqual(['Онлайн', 'Очно', 'Смешанный']);
    expect(body.filters[0]!.values.map((v) => v.id)).toEqual(attribute.format.values.map((v) => v.id));
    expect(body.filters[0]).toMatchObject({ id: attribute.format.id, param: 'attributes', name: 'Формат' });
  });

  it('orders by price, title, duration and newest; courses without a price come last', async () => {
    const { course: c, published } = cat;
    await t.database.db.update(courses).set({ priceKopecks: null }).where(eq(courses.id, c.taste.id));
    try {
      const byPrice = (await list('ordering=price')).content;
      expect(byPrice.at(-1)!.slug).toBe(c.taste.slug);
      const prices = byPrice.slice(0, -1).map((card) => card.price!);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(prices[0]).toBe(Math.min(...published.filter((course) => course !== c.taste).map((course) => course.priceKopecks!)));
      const byPriceDesc = (await list('ordering=-price')).content;
      expect(byPriceDesc[0]!.slug).toBe(c.management.slug);
      expect(byPriceDesc.at(-1)!.slug).toBe(c.taste.slug);
    } finally {
      await t.database.db.update(courses).set({ priceKopecks: c.taste.priceKopecks }).where(eq(courses.id, c.taste.id));
    }
    expect((await list('ordering=price')).content.at(-1)!.slug).not.toBe(c.taste.slug);
    const titles = (await list('ordering=title')).content.map((card) => card.title);
    expect(titles).toEqual(published.map((course) => course.title).sort(new Intl.Collator('ru').compare));
    const durations = (await list('ordering=duration')).content.map((card) => card.duration_hours!);
    expect(durations).toEqual(published.map((course) => course.durationHours!).sort((a, b) => a - b));
    const [newest] = await t.database.db
      .select({ slug: courses.slug })
      .from(courses)
      .where(eq(courses.isPublished, true))
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(1);
    expect(slugs(await list('ordering=-created'))[0]).toBe(newest!.slug);
    expect(slugs(await list('ordering=sort'))).toEqual(published.map((course) => course.slug));
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
    expect(res.json().content[0].image.original).toBe('/media/test/courses/barista-zero.jpg');
  });
});

describe('GET /api/courses/ search', () => {
  // Every course with a form of 'бариста' in its title, texts or category name.
  const baristaCourses = () => {
    const c = cat.course;
    return sorted([c.zero, c.espresso, c.home, c.management, c.young, c.lemonades]);
  };

  it("'бариста', 'баристы' and 'бариста-курс' find the same courses", async () => {
    const words = ['бариста', 'баристы', 'бариста-курс', 'БАРИСТА', 'обучение бариста', 'баристу'];
    const results = await Promise.all(words.map(async (word) => slugs(await list(q(word))).sort()));
    expect(results[0]).toEqual(baristaCourses());
    expect(results[0]!.length).toBeLessThan(cat.published.length);
    for (const [i, result] of results.entries()) expect(result, words[i]).toEqual(results[0]);
  });

  it('matches the last word by its beginning while typing', async () => {
    const typing = slugs(await list(q('бари')));
    for (const slug of baristaCourses()) expect(typing).toContain(slug);
    expect(slugs(await list(q('латте ар'))).sort()).toEqual(sorted([cat.course.latteBasic, cat.course.latteAdvanced]));
    // Only the last word is a prefix.
    expect((await list(q('ар латте'))).count).toBe(0);
  });

  it("folds 'ё' into 'е'", async () => {
    const withYo = slugs(await list(q('берётся')));
    expect(withYo).toEqual([cat.course.chocolate.slug]);
    expect(slugs(await list(q('берется')))).toEqual(withYo);
    // And in the text too: 'Зелёное' in the roasting course's description.
    expect(slugs(await list(q('зеленое')))).toEqual([cat.course.roast.slug]);
  });

  it('ranks title matches before description matches unless an ordering is asked for', async () => {
    const ranked = slugs(await list(q('бариста')));
    // 'Бариста с нуля' has the word in its title; 'Управление кофейней' only in its text.
    expect(ranked.indexOf(cat.course.zero.slug)).toBeLessThan(ranked.indexOf(cat.course.management.slug));
    expect(ranked.indexOf(cat.course.young.slug)).toBeLessThan(ranked.indexOf(cat.course.management.slug));
    // Without a search, 'Управление кофейней' (sort 8) comes before 'Юный бариста' (sort 10).
    expect(cat.course.management.sort).toBeLessThan(cat.course.young.sort);
    const titles = (await list(`${q('бариста')}&ordering=title`)).content.map((c) => c.title);
    expect(titles).toHaveLength(baristaCourses().length);
    expect(titles).toEqual([...titles].sort(new Intl.Collator('ru').compare));
  });

  it('searches the short description and the description without its HTML', async () => {
    expect(slugs(await list(q('смешиваем')))).toEqual([cat.course.lemonades.slug]);
    expect(slugs(await list(q('какао-бобы')))).toEqual([cat.course.chocolate.slug]);
    // Tags and entities are not words.
    expect((await list(q('laquo'))).count).toBe(0);
    expect((await list(q('ul li'))).count).toBe(0);
  });

  it("matches the category's name too", async () => {
    const { taste } = cat.category;
    expect((await list(q('квазиопыт'))).count).toBe(0);
    await t.database.db.update(categories).set({ name: 'Наука о вкусе и квазиопыты' }).where(eq(categories.id, taste.id));
    try {
      expect(slugs(await list(q('квазиопыт')))).toEqual([cat.course.taste.slug]);
    } finally {
      await t.database.db.update(categories).set({ name: taste.name }).where(eq(categories.id, taste.id));
    }
    expect(slugs(await list(q('кофейный бизнес'))).sort()).toEqual(sorted([cat.course.management, cat.course.opening]));
  });

  it('words that fit every course, stop words and bare punctuation search nothing: the whole catalogue', async () => {
    for (const text of ['курс', 'Курсы обучение', 'для', '  ', '—', '🙂☕']) {
      expect((await list(q(text))).count, text).toBe(cat.published.length);
    }
  });

  it('combines with the other filters, and nothing found is an empty answer', async () => {
    expect(slugs(await list(`${q('бариста')}&type=kids`)).sort()).toEqual(sorted([cat.course.young, cat.course.lemonades]));
    expect(slugs(await list(`${q('бариста')}&categories=${cat.category.barista.id}`)).sort()).toEqual(
      sorted([cat.course.zero, cat.course.espresso]),
    );
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
    expect(filters.map((f) => f.id)).toEqual([cat.attribute.format.id, cat.attribute.level.id, cat.attribute.age.id]);
    expect(filters.flatMap((f) => f.values).some((v) => v.selected)).toBe(false);
    const published = await publishedCourses();
    const countOf = (valueId: number) => published.filter((c) => c.values.some((v) => v.valueId === valueId)).length;
    const format = filters.find((f) => f.id === cat.attribute.format.id)!;
    expect(format.values.map((v) => [v.value, v.count])).toEqual(cat.attribute.format.values.map((v) => [v.value, countOf(v.id)]));
    // Seven published 'Очно' courses; the draft's 'Очно' is not counted.
    expect(format.values.find((v) => v.id === cat.value.offline.id)!.count).toBe(7);
    expect((await list()).filters).toEqual(filters);
  });
});

describe('GET /api/courses/{id}/', () => {
  it('answers a course by slug and by id with everything its page shows', async () => {
    const { roast } = cat.course;
    const { attribute, teacher, review } = cat;
    const res = await get(`/api/courses/${roast.slug}/`);
    expect(res.statusCode).toBe(200);
    const course = res.json();
    const byId = await get(`/api/courses/${roast.id}/`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(course);
    expect((await get(`/api/courses/${roast.slug}`)).json()).toEqual(course);

    expect(course).toMatchObject({
      id: roast.id,
      slug: roast.slug,
      title: 'Основы обжарки кофе',
      kids: false,
      category: { id: cat.category.roast.id, name: 'Обжарка', slug: cat.category.roast.slug, type: 'adult' },
      price: 4_500_000,
      duration_hours: 30,
      format: 'offline',
      level: 'beginner',
      description: '<p>Зелёное зерно, ростер и &laquo;первый крэк&raquo;.</p>',
      image: { original: '/media/test/courses/roast.jpg' },
      og: {
        title: 'Обжарка кофе',
        // No OG description: the short description stands in.
        description: 'Что происходит с зерном в барабане и как построить свой первый профиль обжарки.',
        image: { original: '/media/test/courses/roast-og.jpg' },
      },
      seo: {
        title: 'Обжарка кофе в Москве для начинающих',
        description: 'Научитесь обжаривать кофе.',
        h1: 'Основы обжарки',
        keywords: 'обжарка кофе, профиль обжарки',
      },
      rating: { average: 5, count: 1 },
    });
    expect(new Date(course.updated_at).toISOString()).toBe(course.updated_at);
    expect(course.updated_at).toBe(roast.updatedAt.toISOString());
    expect(course.title_attributes.map((a: { slug: string }) => a.slug)).toEqual([attribute.format.slug, attribute.duration.slug]);
    expect(course.attributes.map((a: { slug: string }) => a.slug)).toEqual(
      [attribute.format, attribute.level, attribute.duration, attribute.forWhom, attribute.outcomes, attribute.certificate, attribute.equipment].map(
        (a) => a.slug,
      ),
    );
    expect(course.attributes.find((a: { slug: string }) => a.slug === attribute.outcomes.slug)).toEqual({
      id: attribute.outcomes.id,
      name: 'Чему вы научитесь',
      slug: attribute.outcomes.slug,
      is_tab: true,
      is_filter: false,
      is_group: false,
      is_title: false,
      value_id: null,
      value: '<ul><li>Строить профиль обжарки</li></ul>',
    });
    expect(course.attributes.find((a: { slug: string }) => a.slug === attribute.certificate.slug)).toMatchObject({ is_group: true, is_tab: false });
    expect(course.attributes[0]).toMatchObject({
      name: 'Формат', is_filter: true, is_title: true, value: 'Очно', value_id: cat.value.offline.id,
    });
    expect(course.attributes.at(-1)).toMatchObject({ is_filter: false, value: 'Ростер', value_id: attribute.equipment.values[1]!.id });
    expect(course.teachers).toEqual([
      {
        id: teacher.orlov.id,
        first_name: 'Дмитрий',
        last_name: 'Орлов',
        position: 'Q-грейдер, руководитель обжарочного цеха',
        bio: 'Обжаривает кофе двенадцать лет.',
        photo: expect.objectContaining({ original: '/media/test/teachers/orlov.jpg' }),
        on_main: true,
        on_noschool: true,
      },
    ]);
    expect(course.reviews).toEqual([
      expect.objectContaining({
        id: review.gusev.id, name: 'Михаил Гусев', rating: 5, course: { id: roast.id, slug: roast.slug, title: 'Основы обжарки кофе' },
      }),
    ]);
  });

  it('gives the program: modules with lessons and tests in order, final tests apart, only published ones', async () => {
    const { roast } = cat.course;
    const course = (await get(`/api/courses/${roast.slug}/`)).json();
    expect(course.program.modules.map((m: { title: string }) => m.title)).toEqual(['Зерно и оборудование', 'Профиль обжарки']);
    expect(course.program.modules[0].content.map((i: { title: string; type: string }) => [i.type, i.title])).toEqual([
      ['lesson', 'Зелёный кофе: влажность и плотность'],
      ['lesson', 'Как устроен барабанный ростер'],
      ['test', 'Тест: зерно и ростер'],
    ]);
    expect(course.program.modules[1].content).toEqual([{ id: expect.any(Number), title: 'Кривая обжарки', type: 'lesson' }]);
    expect(course.program.final_tests).toEqual([{ id: expect.any(Number), title: 'Итоговый тест: основы обжарки' }]);
    // A course without a program has an empty one.
    expect((await get(`/api/courses/${cat.course.zero.slug}/`)).json().program).toEqual({ modules: [], final_tests: [] });

    await t.database.db.update(lessons).set({ isPublished: false }).where(eq(lessons.id, cat.drum.id));
    try {
      const after = (await get(`/api/courses/${roast.slug}/`)).json();
      expect(after.program.modules[0].content.map((i: { title: string }) => i.title)).toEqual([
        'Зелёный кофе: влажность и плотность',
        'Тест: зерно и ростер',
      ]);
    } finally {
      await t.database.db.update(lessons).set({ isPublished: true }).where(eq(lessons.id, cat.drum.id));
    }
  });

  it('shows only published reviews, newest first, and rates the course by them', async () => {
    const { zero, espresso } = cat.course;
    const course = (await get(`/api/courses/${zero.slug}/`)).json();
    // The course also has an unpublished two-star review.
    expect(cat.review.tikhonov).toMatchObject({ courseId: zero.id, status: 'new', rating: 2 });
    expect(course.reviews.map((r: { name: string }) => r.name)).toEqual(['Анна Соколова']);
    expect(course.rating).toEqual({ average: 5, count: 1 });
    const added = await t.database.db
      .insert(reviews)
      .values([
        { courseId: zero.id, name: 'Новый отзыв', rating: 4, text: 'Хорошо.', publishedAt: '2099-01-01' },
        { courseId: zero.id, name: 'Старый отзыв', rating: 4, text: 'Неплохо.', publishedAt: '2000-01-01' },
      ])
      .returning({ id: reviews.id });
    try {
      const after = (await get(`/api/courses/${zero.slug}/`)).json();
      expect(after.reviews.map((r: { name: string }) => r.name)).toEqual(['Новый отзыв', 'Анна Соколова', 'Старый отзыв']);
      expect(after.rating).toEqual({ average: 4.3, count: 3 });
    } finally {
      await t.database.db.delete(reviews).where(inArray(reviews.id, added.map((row) => row.id)));
    }
    expect((await get(`/api/courses/${zero.slug}/`)).json().rating).toEqual({ average: 5, count: 1 });
    expect((await get(`/api/courses/${espresso.id}/`)).json()).toMatchObject({ reviews: [], rating: null, teachers: [] });
  });

  it('falls back to the title and short description when SEO and OG fields are empty', async () => {
    const bare = await buildCourse(t.database.db, {
      title: 'Холодное заваривание',
      shortDescription: 'Колд брю и эспрессо-тоник.',
      image: 'test/courses/cold-brew.jpg',
      seoDescription: '',
      seoH1: '   ',
    });
    try {
      const course = (await get(`/api/courses/${bare.slug}/`)).json();
      expect(course.seo).toEqual({ title: 'Холодное заваривание', description: 'Колд брю и эспрессо-тоник.', h1: 'Холодное заваривание', keywords: null });
      expect(course.og).toEqual({ title: 'Холодное заваривание', description: 'Колд брю и эспрессо-тоник.', image: course.image });
      expect(course.image).toMatchObject({ original: '/media/test/courses/cold-brew.jpg' });
    } finally {
      await t.database.db.delete(courses).where(eq(courses.id, bare.id));
      await t.database.db.delete(categories).where(eq(categories.id, bare.categoryId));
    }
  });

  it('an unpublished, unknown or out-of-range course is a 404; a malformed key a 400', async () => {
    const { draft } = cat;
    for (const key of [draft.slug, String(draft.id), 'no-such-course', '999999', '99999999999']) {
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
    const { attribute } = cat;
    const built = Object.values(attribute);
    const res = await get('/api/attributes/');
    expect(res.statusCode).toBe(200);
    const all = res.json();
    expect(all.map((a: { slug: string }) => a.slug)).toEqual(built.map((a) => a.slug));
    expect(all[0]).toEqual({
      id: attribute.format.id,
      name: 'Формат',
      slug: attribute.format.slug,
      type: 'list',
      is_tab: false,
      is_filter: true,
      is_group: false,
      is_title: true,
      values: [
        { id: attribute.format.values[0]!.id, value: 'Онлайн' },
        { id: attribute.format.values[1]!.id, value: 'Очно' },
        { id: attribute.format.values[2]!.id, value: 'Смешанный' },
      ],
    });
    expect(all.find((a: { slug: string }) => a.slug === attribute.duration.slug)).toMatchObject({ type: 'text', values: [] });
    expect(all.find((a: { slug: string }) => a.slug === attribute.language.slug)).toMatchObject({ type: 'list', values: [] });
    const slugsOf = async (query: string) => (await get(`/api/attributes/?${query}`)).json().map((a: { slug: string }) => a.slug);
    const where = (keep: (a: (typeof built)[number]) => boolean) => built.filter(keep).map((a) => a.slug);
    expect(await slugsOf('is_tab=true')).toEqual([attribute.forWhom.slug, attribute.outcomes.slug]);
    expect(await slugsOf('is_filter=true')).toEqual(where((a) => a.isFilter));
    expect(await slugsOf('is_filter=true')).toEqual([attribute.format.slug, attribute.level.slug, attribute.age.slug, attribute.language.slug]);
    expect(await slugsOf('is_group=1')).toEqual([attribute.certificate.slug]);
    expect(await slugsOf('is_title=true&is_filter=false')).toEqual([attribute.duration.slug]);
    expect(await slugsOf('is_tab=false')).toEqual(where((a) => !a.isTab));
    expect(await slugsOf('is_tab=false')).toHaveLength(built.length - 2);
  });

  it('one attribute by id; unknown is a 404, a bad id or flag a 400', async () => {
    const [first, second] = (await get('/api/attributes/')).json();
    expect((await get(`/api/attributes/${first.id}/`)).json()).toEqual(first);
    expect((await get(`/api/attributes/${second.id}/`)).json()).toEqual(second);
    expect(second.id).toBe(cat.attribute.level.id);
    const missing = await get('/api/attributes/999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Атрибут не найден.' });
    expect((await get('/api/attributes/abc/')).json()).toEqual({ id: ['Ожидается целое число.'] });
    expect((await get('/api/attributes/?is_tab=maybe')).json()).toEqual({ is_tab: ['Допустимые значения: true или false.'] });
  });
});

describe('GET /api/reviews/', () => {
  const publishedReviews = () => Object.values(cat.review).filter((r) => r.status === 'published');
  const newestFirst = (rows: { name: string; publishedAt: string; id: number }[]) =>
    [...rows].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id).map((r) => r.name);

  it('lists published reviews, newest first, DRF-paginated with relative links', async () => {
    const { review, course: c } = cat;
    const res = await get('/api/reviews/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: publishedReviews().length, next: null, previous: null });
    expect(body.results.map((r: { name: string }) => r.name)).toEqual(newestFirst(publishedReviews()));
    expect(body.results.map((r: { name: string }) => r.name)).not.toContain('Игорь Тихонов');
    const dates = body.results.map((r: { published_at: string }) => r.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.results[0]).toEqual({
      id: review.shcherbakova.id,
      name: 'Наталья Щербакова',
      rating: 5,
      published_at: '2024-05-01',
      text: 'Дочь теперь сама делает конфеты.',
      on_main: false,
      on_noschool: true,
      course: { id: c.chocolate.id, slug: c.chocolate.slug, title: 'Шоколадная мастерская' },
      reply: null,
    });
    expect(body.results.find((r: { name: string }) => r.name === 'Сергей Волков').course).toBeNull();

    const noschool = publishedReviews().filter((r) => r.onNoschool);
    expect(noschool).toHaveLength(4);
    const page1 = (await get('/api/reviews/?on_noschool=true&page_size=2')).json();
    expect(page1).toMatchObject({ count: 4, next: '/api/reviews/?on_noschool=true&page_size=2&page=2', previous: null });
    expect(page1.results.map((r: { name: string }) => r.name)).toEqual(newestFirst(noschool).slice(0, 2));
    const page2 = (await get(page1.next)).json();
    expect(page2).toMatchObject({ next: null, previous: '/api/reviews/?on_noschool=true&page_size=2' });
    expect(page2.results.map((r: { name: string }) => r.name)).toEqual(newestFirst(noschool).slice(2));
    const beyond = (await get('/api/reviews/?page=5')).json();
    expect(beyond).toMatchObject({ count: publishedReviews().length, results: [], next: null, previous: '/api/reviews/' });
  });

  it('filters by on_main, on_noschool and course (slug or id)', async () => {
    const { course: c } = cat;
    const names = async (query: string) => (await get(`/api/reviews/?${query}`)).json().results.map((r: { name: string }) => r.name).sort();
    const where = (keep: (r: ReturnType<typeof publishedReviews>[number]) => boolean) => publishedReviews().filter(keep).map((r) => r.name).sort();
    expect(await names('on_main=true')).toEqual(where((r) => r.onMain));
    expect(await names('on_main=true')).toEqual(['Анна Соколова', 'Елена Ершова', 'Михаил Гусев']);
    expect(await names('on_main=false')).toEqual(where((r) => !r.onMain));
    expect(await names('on_main=true&on_noschool=true')).toEqual(['Михаил Гусев']);
    expect(await names(`course=${c.latteBasic.slug}`)).toEqual(['Елена Ершова']);
    expect(await names(`course=${c.latteBasic.id}`)).toEqual(['Елена Ершова']);
    // Only the published review of the course.
    expect(await names(`course=${c.zero.slug}`)).toEqual(['Анна Соколова']);
    expect(await names('course=no-such-course')).toEqual([]);
  });

  it('a review of a hidden course shows no course link', async () => {
    const { draft } = cat;
    const [row] = await t.database.db
      .insert(reviews)
      .values({ courseId: draft.id, name: 'Отзыв о черновике', rating: 5, text: 'Вкусно.', publishedAt: '2020-01-01' })
      .returning({ id: reviews.id });
    try {
      expect((await get(`/api/reviews/${row!.id}/`)).json()).toMatchObject({ name: 'Отзыв о черновике', course: null });
      expect((await get(`/api/reviews/?course=${draft.slug}`)).json().count).toBe(0);
      expect((await get(`/api/reviews/?course=${draft.id}`)).json().count).toBe(0);
    } finally {
      await t.database.db.delete(reviews).where(eq(reviews.id, row!.id));
    }
  });

  it('one review by id; unpublished or unknown is a 404; bad input a 400', async () => {
    const [first] = (await get('/api/reviews/')).json().results;
    expect((await get(`/api/reviews/${first.id}/`)).json()).toEqual(first);
    expect((await get(`/api/reviews/${cat.review.volkov.id}/`)).json()).toMatchObject({ name: 'Сергей Волков', course: null });
    for (const id of [cat.review.tikhonov.id, 999999]) {
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
    const { teacher } = cat;
    const built = Object.values(teacher);
    const res = await get('/api/teachers/');
    expect(res.statusCode).toBe(200);
    const all = res.json();
    expect(all).toHaveLength(await t.database.db.$count(teachers));
    expect(all.map((x: { id: number }) => x.id)).toEqual(built.map((x) => x.id));
    expect(all[0]).toEqual({
      id: teacher.orlov.id,
      first_name: 'Дмитрий',
      last_name: 'Орлов',
      position: 'Q-грейдер, руководитель обжарочного цеха',
      bio: 'Обжаривает кофе двенадцать лет.',
      photo: expect.objectContaining({ original: '/media/test/teachers/orlov.jpg' }),
      on_main: true,
      on_noschool: true,
    });
    expect(all[1]).toMatchObject({ last_name: 'Белова', photo: null, on_main: true, on_noschool: false });
    const lastNames = async (query: string) => (await get(`/api/teachers/?${query}`)).json().map((x: { last_name: string }) => x.last_name);
    const where = (keep: (x: (typeof built)[number]) => boolean) => built.filter(keep).map((x) => x.lastName);
    expect(await lastNames('on_main=true')).toEqual(where((x) => x.onMain));
    expect(await lastNames('on_main=true')).toEqual(['Орлов', 'Белова', 'Ёлкина']);
    expect(await lastNames('on_noschool=true')).toEqual(['Орлов', 'Зайцев', 'Ёлкина']);
    expect(await lastNames('on_main=false&on_noschool=false')).toEqual(['Ахметова']);
    const sized = await get('/api/teachers/?image_opts=size:200x200,crop:center');
    expect(sized.statusCode).toBe(200);
    expect(sized.json()[0].photo.original).toBe('/media/test/teachers/orlov.jpg');
    expect(Object.keys((await get('/api/teachers/?image_opts=big')).json())).toEqual(['image_opts']);
  });
});

describe('GET /api/subsections/', () => {
  it('lists every subsection with its number of published courses, empty ones too', async () => {
    const { subsection, draft } = cat;
    const res = await get('/api/subsections/');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { id: number }) => s.id)).toEqual(Object.values(subsection).map((s) => s.id));
    const counts = Object.fromEntries(res.json().map((s: { slug: string; count: number }) => [s.slug, s.count]));
    expect(counts).toEqual({
      [subsection.fromScratch.slug]: 5,
      [subsection.professionals.slug]: 4,
      [subsection.kids.slug]: 4,
      [subsection.food.slug]: 0,
      [subsection.gift.slug]: 0,
    });
    // The counts agree with the catalogue filtered by each subsection.
    for (const s of Object.values(subsection)) expect((await list(`subsections=${s.id}`)).count, s.title).toBe(counts[s.slug]);
    expect(res.json()[0]).toEqual({
      id: subsection.fromScratch.id,
      title: 'С нуля',
      slug: subsection.fromScratch.slug,
      image: expect.objectContaining({ original: '/media/test/subsections/from-scratch.jpg' }),
      count: 5,
    });
    expect(res.json()[1].image).toBeNull();

    await t.database.db.update(courses).set({ isPublished: true }).where(eq(courses.id, draft.id));
    try {
      const after = (await get('/api/subsections/')).json();
      expect(after.find((s: { slug: string }) => s.slug === subsection.food.slug).count).toBe(1);
      expect((await get(`/api/courses/${draft.slug}/`)).statusCode).toBe(200);
    } finally {
      await t.database.db.update(courses).set({ isPublished: false }).where(eq(courses.id, draft.id));
    }
    expect((await get(`/api/courses/${draft.slug}/`)).statusCode).toBe(404);
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
    const cached = await createTestApp({ CONTENT_CACHE_TTL_MS: '60000' });
    try {
      const db = cached.database.db;
      const [first, second] = [await buildCategory(db, { name: 'Бариста' }), await buildCategory(db, { name: 'Обжарка' })];
      const course = await buildCourse(db, { title: 'Бариста с нуля', categoryId: first.id, sort: 1 });
      await buildCourse(db, { title: 'Основы обжарки кофе', categoryId: second.id, sort: 2 });
      const read = async (url: string) => (await cached.app.inject({ method: 'GET', url })).json();
      const before = await read(`/api/courses/?categories=${second.id}&categories=${first.id}`);
      expect(before.content.map((c: Card) => c.title)).toEqual(['Бариста с нуля', 'Основы обжарки кофе']);
      const detail = await read(`/api/courses/${course.slug}/`);
      expect(detail.title).toBe('Бариста с нуля');
      await db.update(courses).set({ title: 'Переименован' }).where(eq(courses.id, course.id));
      // Same filters in another order and with duplicates: the same cache entry.
      expect(await read(`/api/courses/?categories=${first.id}&categories=${second.id}&categories=${first.id}`)).toEqual(before);
      expect(await read(`/api/courses/${course.slug}/`)).toEqual(detail);
      // Another query is read fresh.
      expect((await read(`/api/courses/?categories=${first.id}`)).content[0].title).toBe('Переименован');
    } finally {
      await cached.close();
    }
  });
});
