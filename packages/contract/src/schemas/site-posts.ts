// Blog posts and content pages as the school's staff edit them (/api/admin/school/site/posts/,
// decision 0070): the list with filters, one post's form with its blocks, publishing now or at a
// Moscow date and time, and taking it down. A published page whose slug changes keeps its old
// address as a permanent redirect.
import { z } from 'zod';
import { PAGE_KINDS, SLUG_PATTERN } from '../rules/catalog.ts';
import { paginatedSchema } from './catalog.ts';
import { idParam, int4, pageQuery } from './common.ts';
import { pageExtendedSchema } from './pages.ts';

const id = z.number().int();

export const SITE_POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type SitePostStatus = (typeof SITE_POST_STATUSES)[number];
export const SITE_POST_SORTS = ['-updated_at', '-publish_from', 'title'] as const;
export const SITE_POST_BLOCK_TYPES = ['text', 'side_text_image', 'image', 'quote', 'gallery', 'video', 'cta', 'contacts'] as const;

/**
 * Top-level addresses of the site's own sections: a content page (/{slug}/) may not take one, nor
 * may a post (its slug is unique across posts and pages).
 */
export const RESERVED_SLUGS = [
  'a11y', 'admin', 'api', 'apply', 'assets', 'blog', 'courses', 'documents', 'invitation', 'media', 'offer',
  'order-course', 'presence', 'privacy-policy', 'robots', 'schedule', 'sitemap', 'static', 'sveden',
  'tbank-payment-callback', 'user', 'user-old', 'vk-callback', 'yandex-callback',
] as const;

export const SITE_POST_TEXTS = {
  slugFormat: 'Адрес — латинские буквы в нижнем регистре, цифры и дефисы, не длиннее 128 символов, с буквы или цифры в начале.',
  slugReserved: 'Этот адрес занят разделом сайта: выберите другой.',
  slugTaken: 'Такой адрес уже есть у другой записи или страницы.',
  slugFormer: 'По этому адресу раньше открывалась другая запись: он переадресует на неё. Выберите другой адрес.',
  notFound: 'Такой записи нет.',
  conflict: 'Запись изменили, пока вы её редактировали. Обновите страницу, чтобы увидеть новую версию, и внесите правку снова.',
  pastTime: 'Это время уже прошло: выберите время в будущем или опубликуйте сейчас.',
  dateAndTime: 'Укажите и дату, и время публикации.',
  inMenu: (menus: string) => `Страница стоит в меню (${menus}): сначала уберите её оттуда.`,
  notPublished: 'Запись не опубликована.',
  link: 'Ссылка — адрес на сайте (/courses/) или полный адрес https://…',
} as const;

const line = (max: number) => z.string({ error: 'Ожидается текст.' }).trim().max(max, `Не длиннее ${max} символов.`);
const required = (what: string, max: number) => line(max).min(1, `Заполните ${what}.`);
/** An optional line: empty is none. */
const optional = (max: number) =>
  line(max)
    .nullish()
    .transform((v) => (v ? v : null));
/** A storage key of an uploaded image (POST /api/admin/uploads/?kind=image answers it). */
const storageKey = z
  .string({ error: 'Загрузите картинку.' })
  .trim()
  .min(1, 'Загрузите картинку.')
  .max(300, 'Слишком длинный ключ файла.')
  .regex(/^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]*$/, 'Неверный ключ файла: загрузите картинку заново.');
const optionalKey = storageKey.nullish().transform((v) => v ?? null);
const richText = z.string({ error: 'Ожидается текст.' }).max(200_000, 'Слишком длинный текст.');
const link = z
  .string({ error: SITE_POST_TEXTS.link })
  .trim()
  .max(1000, 'Слишком длинная ссылка.')
  .regex(/^(\/(?!\/)[^\s]*|https:\/\/[^\s]+)$/, SITE_POST_TEXTS.link);
const videoSource = z.union(
  [z.string().trim().regex(/^https:\/\/[^\s]+$/, 'Ссылка на видео должна начинаться с https://').max(1000, 'Слишком длинная ссылка.'), storageKey],
  { error: 'Вставьте ссылку на видео (https://…).' },
);

/** One block as the editor writes it: storage keys for pictures, sanitised HTML for rich text. */
export const sitePostBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('text'), html: richText }),
    z.object({
      type: z.literal('side_text_image'),
      title: optional(200),
      html: richText,
      image: storageKey,
      image_position: z.enum(['left', 'right'], { error: 'Картинка — слева (left) или справа (right).' }).default('right'),
    }),
    z.object({ type: z.literal('image'), image: storageKey, alt: required('описание картинки для незрячих', 300), caption: optional(300) }),
    z.object({ type: z.literal('quote'), text: required('текст цитаты', 2000), author: optional(200), author_role: optional(200) }),
    z.object({
      type: z.literal('gallery'),
      images: z
        .array(z.object({ image: storageKey, alt: required('описание картинки для незрячих', 300), caption: optional(300) }), { error: 'Ожидается список картинок.' })
        .min(1, 'Добавьте в галерею хотя бы одну картинку.')
        .max(30, 'Не больше 30 картинок в галерее.'),
    }),
    z.object({ type: z.literal('video'), url: videoSource, title: optional(200), poster: optionalKey, duration_seconds: int4({ min: 1, max: 86_400 }).nullish().transform((v) => v ?? null) }),
    z.object({ type: z.literal('cta'), title: required('заголовок', 200), text: optional(1000), button_text: required('надпись на кнопке', 60), link }),
    // The school's address, phones and e-mail from the site settings: nothing of its own to fill in.
    z.object({ type: z.literal('contacts') }),
  ],
  { error: 'Неизвестный тип блока.' },
);
export type SitePostBlock = z.infer<typeof sitePostBlockSchema>;

const text = z.string();
const maybe = z.string().nullable();
/** A stored block as the form gets it back (the same fields, without the input's clean-ups). */
export const sitePostBlockOutSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('text'), html: text }),
    z.object({ type: z.literal('side_text_image'), title: maybe, html: text, image: text, image_position: z.enum(['left', 'right']) }),
    z.object({ type: z.literal('image'), image: text, alt: text, caption: maybe }),
    z.object({ type: z.literal('quote'), text, author: maybe, author_role: maybe }),
    z.object({ type: z.literal('gallery'), images: z.array(z.object({ image: text, alt: text, caption: maybe })) }),
    z.object({ type: z.literal('video'), url: text, title: maybe, poster: maybe, duration_seconds: z.number().int().nullable() }),
    z.object({ type: z.literal('cta'), title: text, text: maybe, button_text: text, link: text }),
    z.object({ type: z.literal('contacts') }),
  ])
  .meta({ id: 'SitePostBlock' });
export type SitePostBlockInput = z.input<typeof sitePostBlockSchema>;

const slug = z
  .string({ error: 'Введите адрес.' })
  .trim()
  .min(1, 'Введите адрес.')
  .regex(SLUG_PATTERN, SITE_POST_TEXTS.slugFormat)
  .refine((value) => !(RESERVED_SLUGS as readonly string[]).includes(value), SITE_POST_TEXTS.slugReserved);

const fields = {
  title: required('заголовок', 200),
  slug: slug.describe('адрес: /blog/{slug}/ у записи, /{slug}/ у страницы; один на все записи и страницы'),
  excerpt: optional(1000).describe('анонс: в списках и описание по умолчанию'),
  image: optionalKey.describe('обложка: ключ загруженной картинки'),
  author: optional(200).describe('имя автора, как его показывает запись'),
  seo_title: optional(200),
  seo_description: optional(500),
  og_image: optionalKey.describe('картинка для соцсетей: ключ загруженной картинки'),
  blocks: z.array(sitePostBlockSchema, { error: 'Ожидается список блоков.' }).max(200, 'Не больше 200 блоков.').describe('тело по порядку блоков'),
};

/** POST /api/admin/school/site/posts/: a new post or page, as a draft. */
export const sitePostCreateSchema = z
  .object({ kind: z.enum(PAGE_KINDS, { error: 'Допустимые значения: post или page.' }), ...fields })
  .strict()
  .meta({ id: 'SitePostCreate' });
export type SitePostCreate = z.input<typeof sitePostCreateSchema>;

const version = z
  .string({ error: 'Ожидается версия (updated_at).' })
  .datetime({ offset: true, error: 'Ожидается дата и время ISO 8601.' })
  .describe('версия, которую редактировали (updated_at из GET): если запись с тех пор изменили, ответ 409 и ничего не записано');

/** PUT /api/admin/school/site/posts/{id}/: the whole form. */
export const sitePostUpdateSchema = z
  .object({ updated_at: version, ...fields })
  .strict()
  .meta({ id: 'SitePostUpdate' });
export type SitePostUpdate = z.input<typeof sitePostUpdateSchema>;

/** POST …/{id}/schedule/: published from a Moscow date and time in the future. */
export const sitePostScheduleSchema = z
  .object({
    updated_at: version,
    date: z.string({ error: SITE_POST_TEXTS.dateAndTime }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата — ГГГГ-ММ-ДД.').describe('день по Москве'),
    time: z.string({ error: SITE_POST_TEXTS.dateAndTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Время — ЧЧ:ММ.').describe('время по Москве, ЧЧ:ММ'),
  })
  .strict()
  .meta({ id: 'SitePostSchedule' });
export type SitePostSchedule = z.input<typeof sitePostScheduleSchema>;

/** POST …/{id}/publish/ and …/{id}/unpublish/: the version the button was pressed on. */
export const sitePostVersionSchema = z.object({ updated_at: version }).strict().meta({ id: 'SitePostVersion' });

/** GET /api/admin/school/site/posts/ */
export const sitePostsQuerySchema = z.object({
  kind: z.enum(PAGE_KINDS, { error: 'Допустимые значения: post или page.' }).optional(),
  status: z.enum(SITE_POST_STATUSES, { error: 'Допустимые значения: draft, scheduled, published.' }).optional(),
  search: z.string().trim().max(100, 'Не длиннее 100 символов.').optional().describe('часть заголовка или адреса'),
  sort: z.enum(SITE_POST_SORTS, { error: `Допустимые значения: ${SITE_POST_SORTS.join(', ')}.` }).default('-updated_at'),
  page: pageQuery(),
  page_size: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(100, 'Не больше 100.').default(20),
});
export type SitePostsQuery = Partial<z.output<typeof sitePostsQuerySchema>>;

export const sitePostParamsSchema = z.object({ id: idParam.describe('id записи или страницы') });

export const sitePostCardSchema = z
  .object({
    id,
    kind: z.enum(PAGE_KINDS),
    slug: z.string(),
    title: z.string(),
    author: z.string().nullable(),
    status: z.enum(SITE_POST_STATUSES).describe('draft — черновик, scheduled — запланирована, published — опубликована'),
    publish_from: z.string().nullable().describe('с какого момента видна (ISO 8601); null — сразу после публикации'),
    updated_at: z.string(),
    url: z.string().describe('адрес на сайте'),
  })
  .meta({ id: 'SitePostCard' });
export type SitePostCard = z.infer<typeof sitePostCardSchema>;
export const sitePostsPageSchema = paginatedSchema(sitePostCardSchema, 'SitePostPage');

export const sitePostSchema = z
  .object({
    ...sitePostCardSchema.shape,
    excerpt: z.string().nullable(),
    image: z.string().nullable(),
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
    og_image: z.string().nullable(),
    blocks: z.array(sitePostBlockOutSchema),
    urls: z.record(z.string(), z.string()).describe('ключ картинки → её адрес, для превью в форме'),
    old_slugs: z.array(z.string()).describe('прежние адреса: переадресуют сюда (301)'),
    view: pageExtendedSchema.describe('сохранённая версия так, как её покажет сайт (для предпросмотра)'),
  })
  .meta({ id: 'SitePost' });
export type SitePost = z.infer<typeof sitePostSchema>;
