import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCourse, buildPage, buildPost } from '../../test/factories.ts';
import { courses, pageBlocks, pages } from '../../db/schema/index.ts';

interface Card {
  id: number;
  slug: string;
  kind: string;
  title: string;
  image: { original: string; url: string } | null;
  publish_from: string | null;
  url: string;
}

let t: TestContext;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const FUTURE_POST = 'itogi-chempionata-shkoly-po-latte-artu';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** Ten published posts, newest first. */
const POSTS: { slug: string; title: string; excerpt?: string; blocks?: NonNullable<Parameters<typeof buildPost>[1]>['blocks'] }[] = [
  { slug: 'professiya-barista-s-chego-nachat', title: 'Профессия бариста: с чего начать карьеру', excerpt: 'Путь от стажёра до старшего бариста.' },
  { slug: 'obzharka-pod-filtr-i-espresso', title: 'Обжарка под фильтр и эспрессо' },
  { slug: 'moloko-dlya-latte-arta', title: 'Молоко для латте-арта' },
  {
    slug: 'kto-takoi-q-greider',
    title: 'Кто такой Q-грейдер',
    blocks: [{ type: 'side_text_image', data: { html: '<p>Оценка кофе</p>', image: 'demo/blog/cupping.jpg', imagePosition: 'left' } }],
  },
  { slug: 'purover-za-pyat-minut', title: 'Пуровер за пять минут' },
  { slug: 'kak-vybrat-kofemolku-dlya-doma', title: 'Как выбрать кофемолку для дома' },
  { slug: 'aeropress', title: 'Аэропресс: три рецепта' },
  { slug: 'voda-dlya-kofe', title: 'Вода для кофе' },
  { slug: 'cappuccino', title: 'Капучино без секретов' },
  { slug: 'yeti-kofe', title: 'Ёмкость для зерна' },
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (const [i, post] of POSTS.entries()) {
    await buildPost(db, { ...post, image: `demo/blog/${post.slug}.jpg`, publishFrom: daysAgo(i + 1) });
  }
  await buildPost(db, { slug: FUTURE_POST, title: 'Итоги чемпионата школы по латте-арту', publishFrom: new Date(Date.now() + 10 * 86_400_000) });
  await buildPost(db, { slug: 'post-draft', title: 'Черновик записи', isPublished: false });

  await buildPage(db, {
    slug: 'about',
    title: 'О школе',
    image: 'demo/pages/about.jpg',
    seoTitle: 'О школе кофейного мастерства Crema',
    seoDescription: 'Школа Crema в Москве: курсы бариста и обжарки.',
    seoH1: 'О школе',
    seoKeywords: 'школа бариста Москва, о школе Crema',
    ogTitle: 'О школе',
    ogDescription: 'Crema — школа кофейного дела.',
    ogImage: 'demo/pages/about.jpg',
    blocks: [
      { type: 'text', data: { html: '<p>Crema появилась в 2015 году.</p>' } },
      {
        type: 'side_text_image',
        data: { title: 'Практика важнее лекций', html: '<p>Учебный бар.</p>', image: 'demo/pages/about-studio.jpg', imagePosition: 'right' },
      },
      { type: 'quote', data: { text: 'Кофе — это ремесло.', author: 'Дмитрий Орлов', authorRole: 'сооснователь школы' } },
      {
        type: 'gallery',
        data: { images: [1, 2, 3, 4].map((n) => ({ image: `demo/pages/about-gallery-${n}.jpg`, alt: n === 1 ? 'Учебный бар школы' : `Фото ${n}` })) },
      },
      { type: 'cta', data: { title: 'Не знаете, с чего начать?', text: 'Оставьте заявку, куратор позвонит.', buttonText: 'Подобрать курс', link: '/courses/' } },
    ],
  });
  await buildPage(db, { slug: 'contacts', title: 'Контакты', excerpt: 'Как нас найти.', seoTitle: 'Контакты школы', seoDescription: 'Адрес' });
  await buildPage(db, {
    slug: 'presence',
    title: 'Очное обучение',
    blocks: [
      { type: 'text', data: { html: '<p>Студия</p>' } },
      { type: 'video', data: { url: 'demo/video/studio-tour.mp4', title: 'Экскурсия по студии', poster: 'demo/video/studio-tour.jpg', durationSeconds: 150 } },
    ],
  });
  for (const [slug, title] of [['corporate', 'Корпоративное обучение'], ['privacy-policy', 'Политика конфиденциальности'], ['offer', 'Оферта']] as const) {
    await buildPage(db, { slug, title });
  }
  await buildPage(db, { slug: 'vacancies', title: 'Вакансии', isPublished: false });

  await buildCourse(db, { slug: 'barista-s-nulya' });
  await buildCourse(db, { slug: 'latte-art-basic' });
  await buildCourse(db, { slug: 'kofe-i-deserty', published: false });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/pages/', () => {
  it('lists public blog posts, newest first; a post scheduled for later is not listed', async () => {
    const res = await get('/api/pages/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Ten published posts: the first page holds nine (the default page size).
    expect(body).toMatchObject({ count: 10, next: '/api/pages/?page=2', previous: null });
    const cards: Card[] = body.results;
    expect(cards).toHaveLength(9);
    expect(cards.slice(0, 6).map((c) => c.slug)).toEqual([
      'professiya-barista-s-chego-nachat',
      'obzharka-pod-filtr-i-espresso',
      'moloko-dlya-latte-arta',
      'kto-takoi-q-greider',
      'purover-za-pyat-minut',
      'kak-vybrat-kofemolku-dlya-doma',
    ]);
    expect(cards.map((c) => c.slug)).not.toContain(FUTURE_POST);
    expect(cards[0]).toEqual({
      id: expect.any(Number),
      slug: 'professiya-barista-s-chego-nachat',
      kind: 'post',
      title: 'Профессия бариста: с чего начать карьеру',
      excerpt: expect.stringContaining('стажёра'),
      image: expect.objectContaining({ original: '/media/demo/blog/professiya-barista-s-chego-nachat.jpg' }),
      publish_from: expect.any(String),
      url: '/blog/professiya-barista-s-chego-nachat/',
    });
    expect(new Date(cards[0]!.publish_from!).getTime()).toBeLessThan(Date.now());
  });

  it('shows list covers at 400 px unless other image options are given', async () => {
    const byDefault = (await get('/api/pages/')).json();
    // Same covers (the next-page link keeps the query as given).
    expect((await get('/api/pages/?image_opts=size:400')).json().results).toEqual(byDefault.results);
    const wide = await get('/api/pages/?image_opts=size:800x600,crop:center');
    expect(wide.statusCode).toBe(200);
    expect(wide.json().results[0].image.original).toBe(byDefault.results[0].image.original);
  });

  it('a post appears once its publish_from has come, and hides again when moved to the future', async () => {
    await t.database.db.update(pages).set({ publishFrom: sql`now() - interval '1 minute'` }).where(eq(pages.slug, FUTURE_POST));
    const listed = (await get('/api/pages/')).json();
    expect(listed.count).toBe(11);
    expect(listed.results[0].slug).toBe(FUTURE_POST);
    expect((await get(`/api/pages/${FUTURE_POST}/extended/`)).statusCode).toBe(200);

    await t.database.db.update(pages).set({ publishFrom: sql`now() + interval '10 days'` }).where(eq(pages.slug, FUTURE_POST));
    expect((await get('/api/pages/')).json().results.map((c: Card) => c.slug)).not.toContain(FUTURE_POST);
  });

  it('kind=page lists the published content pages with their site paths; drafts are left out', async () => {
    const body = (await get('/api/pages/?kind=page')).json();
    expect(body.count).toBe(6);
    const bySlug = Object.fromEntries(body.results.map((c: Card) => [c.slug, c.url]));
    expect(bySlug).toEqual({
      about: '/about/',
      contacts: '/contacts/',
      presence: '/presence/',
      corporate: '/corporate/',
      'privacy-policy': '/privacy-policy/',
      offer: '/offer/',
    });
    expect(body.results.every((c: Card) => c.kind === 'page' && c.publish_from === null)).toBe(true);
  });

  it('orders by publish_from either way, or by title', async () => {
    const newest = (await get('/api/pages/?page_size=50')).json().results.map((c: Card) => c.slug);
    const oldest = (await get('/api/pages/?ordering=publish_from&page_size=50')).json().results.map((c: Card) => c.slug);
    expect(newest).toHaveLength(10);
    expect(oldest).toEqual([...newest].reverse());
    const titles = (await get('/api/pages/?ordering=title&page_size=50')).json().results.map((c: Card) => c.title);
    expect(titles).toEqual([...titles].sort(new Intl.Collator('ru').compare));
  });

  it('pages DRF-style; a page past the end is empty', async () => {
    const first = (await get('/api/pages/?page_size=6')).json();
    expect(first).toMatchObject({ count: 10, next: '/api/pages/?page_size=6&page=2', previous: null });
    expect(first.results).toHaveLength(6);
    const second = (await get(first.next)).json();
    expect(second).toMatchObject({ next: null, previous: '/api/pages/?page_size=6' });
    expect(second.results).toHaveLength(4);
    const beyond = await get('/api/pages/?page_size=6&page=3');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toMatchObject({ count: 10, results: [], next: null, previous: '/api/pages/?page_size=6&page=2' });
  });

  it.each([
    ['kind=news', 'kind', 'Допустимые значения: post или page.'],
    ['ordering=-title', 'ordering', 'Допустимые значения: -publish_from, publish_from, title.'],
    ['page=0', 'page', 'Номер страницы начинается с 1.'],
    ['page_size=51', 'page_size', 'Не больше 50.'],
    ['image_opts=size:400x1', 'image_opts', 'Размер: число от 16 до 2560 или ШИРИНАxВЫСОТА.'],
  ])('%s is a 400 field error', async (query, field, message) => {
    const res = await get(`/api/pages/?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
  });
});

describe('GET /api/pages/{slug}/extended/', () => {
  it('answers a content page with SEO, OG and its blocks in order, data keys in snake_case', async () => {
    const res = await get('/api/pages/about/extended/');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      slug: 'about',
      kind: 'page',
      title: 'О школе',
      url: '/about/',
      publish_from: null,
      image: { original: '/media/demo/pages/about.jpg' },
      seo: {
        title: 'О школе кофейного мастерства Crema',
        description: expect.stringContaining('Школа Crema в Москве'),
        h1: 'О школе',
        keywords: 'школа бариста Москва, о школе Crema',
      },
      og: { title: 'О школе', description: expect.stringContaining('Crema — школа'), image: { original: '/media/demo/pages/about.jpg' } },
    });
    expect(new Date(page.updated_at).toISOString()).toBe(page.updated_at);
    expect(page.blocks.map((b: { type: string }) => b.type)).toEqual(['text', 'side_text_image', 'quote', 'gallery', 'cta']);
    const [text, side, quote, gallery, cta] = page.blocks;
    expect(text).toEqual({ id: expect.any(Number), type: 'text', html: expect.stringMatching(/^<p>Crema появилась/) });
    expect(side).toEqual({
      id: expect.any(Number),
      type: 'side_text_image',
      title: 'Практика важнее лекций',
      html: expect.stringMatching(/^<p>/),
      image: expect.objectContaining({ original: '/media/demo/pages/about-studio.jpg' }),
      image_position: 'right',
    });
    expect(quote).toEqual({ id: expect.any(Number), type: 'quote', text: expect.any(String), author: 'Дмитрий Орлов', author_role: 'сооснователь школы' });
    expect(gallery.images).toHaveLength(4);
    expect(gallery.images[0]).toEqual({
      image: expect.objectContaining({ original: '/media/demo/pages/about-gallery-1.jpg' }),
      alt: 'Учебный бар школы',
      caption: null,
    });
    expect(cta).toEqual({
      id: expect.any(Number),
      type: 'cta',
      title: 'Не знаете, с чего начать?',
      text: expect.stringContaining('куратор позвонит'),
      button_text: 'Подобрать курс',
      link: '/courses/',
    });
  });

  it('sizes side-text images at 615 px by default and other images by image_opts', async () => {
    const byDefault = (await get('/api/pages/about/extended/')).json();
    const explicit = (await get('/api/pages/about/extended/?block_side_text_image_opts=size:615')).json();
    expect(explicit).toEqual(byDefault);
    const other = await get('/api/pages/about/extended/?block_side_text_image_opts=size:300&image_opts=size:200');
    expect(other.statusCode).toBe(200);
    expect(other.json().blocks[1].image.original).toBe('/media/demo/pages/about-studio.jpg');
    const bad = await get('/api/pages/about/extended/?block_side_text_image_opts=huge');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['block_side_text_image_opts']);
  });

  it('answers the presence page and a post; a video keeps its link or becomes a media URL', async () => {
    const presence = (await get('/api/pages/presence/extended/')).json();
    expect(presence.url).toBe('/presence/');
    expect(presence.blocks.find((b: { type: string }) => b.type === 'video')).toEqual({
      id: expect.any(Number),
      type: 'video',
      url: '/media/demo/video/studio-tour.mp4',
      title: 'Экскурсия по студии',
      poster: expect.objectContaining({ original: '/media/demo/video/studio-tour.jpg' }),
      duration_seconds: 150,
    });
    const [page] = await t.database.db.select({ id: pages.id }).from(pages).where(eq(pages.slug, 'presence'));
    const [block] = await t.database.db
      .insert(pageBlocks)
      .values({ pageId: page!.id, type: 'video', sort: 99, data: { url: 'https://rutube.ru/play/embed/abc' } })
      .returning({ id: pageBlocks.id });
    const embedded = (await get('/api/pages/presence/extended/')).json().blocks.at(-1);
    expect(embedded).toEqual({ id: block!.id, type: 'video', url: 'https://rutube.ru/play/embed/abc', title: null, poster: null, duration_seconds: null });

    const post = (await get('/api/pages/kto-takoi-q-greider/extended/')).json();
    expect(post).toMatchObject({ kind: 'post', url: '/blog/kto-takoi-q-greider/', publish_from: expect.any(String) });
    expect(post.blocks.find((b: { type: string }) => b.type === 'side_text_image').image_position).toBe('left');
  });

  it('falls back to the title and excerpt when SEO and OG fields are empty', async () => {
    await t.database.db
      .update(pages)
      .set({ seoTitle: null, seoDescription: null, seoH1: ' ', ogTitle: null, ogDescription: null, ogImage: null })
      .where(eq(pages.slug, 'contacts'));
    const page = (await get('/api/pages/contacts/extended/')).json();
    expect(page.seo).toEqual({ title: 'Контакты', description: page.excerpt, h1: 'Контакты', keywords: null });
    expect(page.og).toEqual({ title: 'Контакты', description: page.excerpt, image: null });
  });

  it('a draft page, a post scheduled for later and an unknown slug are 404s; a malformed slug a 400', async () => {
    await t.database.db.update(pages).set({ publishFrom: sql`now() + interval '10 days'` }).where(eq(pages.slug, FUTURE_POST));
    for (const slug of ['vacancies', FUTURE_POST, 'no-such-page']) {
      const res = await get(`/api/pages/${slug}/extended/`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ detail: 'Страница не найдена.' });
    }
    const bad = await get('/api/pages/Bad_Slug/extended/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ slug: ['Такой страницы нет.'] });
  });
});

describe('GET /api/sitemap/', () => {
  it('lists every public path once with its last change, and no drafts', async () => {
    await t.database.db.update(pages).set({ publishFrom: sql`now() + interval '10 days'` }).where(eq(pages.slug, FUTURE_POST));
    const res = await get('/api/sitemap/');
    expect(res.statusCode).toBe(200);
    const entries: { path: string; updated_at: string | null }[] = res.json();
    const paths = entries.map((e) => e.path);
    expect(paths.slice(0, 4)).toEqual(['/', '/courses/', '/blog/', '/schedule/']);
    expect(new Set(paths).size).toBe(paths.length);

    const published = await t.database.db.select({ slug: courses.slug }).from(courses).where(eq(courses.isPublished, true));
    for (const { slug } of published) expect(paths).toContain(`/courses/${slug}/`);
    expect(paths.filter((p) => p.startsWith('/courses/') && p !== '/courses/')).toHaveLength(published.length);
    expect(paths).not.toContain('/courses/kofe-i-deserty/');
    expect(paths).toContain('/blog/kak-vybrat-kofemolku-dlya-doma/');
    expect(paths).not.toContain(`/blog/${FUTURE_POST}/`);
    expect(paths).toContain('/presence/');
    expect(paths).toContain('/about/');
    expect(paths).not.toContain('/vacancies/');
    expect(paths.filter((p) => p.startsWith('/blog/') && p !== '/blog/')).toHaveLength(10);
    for (const entry of entries) {
      if (entry.updated_at !== null) expect(new Date(entry.updated_at).toISOString()).toBe(entry.updated_at);
    }
    expect(entries.find((e) => e.path === '/courses/barista-s-nulya/')!.updated_at).toEqual(expect.any(String));
  });

  it('does not list a section twice when a content page has its slug', async () => {
    await t.database.db.insert(pages).values({ slug: 'courses', title: 'Курсы', kind: 'page', isPublished: true });
    try {
      const paths = (await get('/api/sitemap/')).json().map((e: { path: string }) => e.path);
      expect(paths.filter((p: string) => p === '/courses/')).toHaveLength(1);
    } finally {
      await t.database.db.delete(pages).where(inArray(pages.slug, ['courses']));
    }
  });
});

describe('OpenAPI', () => {
  it('documents the pages calls with their error answers', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const [path, statuses] of [
      ['/api/pages/', ['200', '400', '500']],
      ['/api/pages/{slug}/extended/', ['200', '400', '404', '500']],
      ['/api/sitemap/', ['200', '500']],
    ] as const) {
      const operation = doc.paths[path]?.get;
      expect(operation, path).toBeDefined();
      expect(operation.summary).toMatch(/[а-я]/i);
      expect(Object.keys(operation.responses).sort()).toEqual(statuses);
    }
  });
});
