import { z } from 'zod';
import { PAGE_KINDS, PAGE_ORDERINGS } from '../rules/catalog.ts';
import { courseFormatSchema, ogSchema, paginatedSchema, seoSchema } from './catalog.ts';
import { IMAGE_OPTS_DESCRIPTION, imageOptsSchema, imageSchema } from './content.ts';
import { pageQuery } from './common.ts';

// Blog posts and content pages, and the public schedule.

/** A post or page as lists show it (blog list: image at 400 px, newest publish_from first). */
export const pageCardSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    kind: z.enum(PAGE_KINDS),
    title: z.string(),
    excerpt: z.string().nullable(),
    image: imageSchema.nullable(),
    publish_from: z.string().nullable().describe('ISO 8601; null — опубликовано сразу'),
    url: z.string().describe('Путь на сайте: /blog/{slug}/ или /{slug}/'),
  })
  .meta({ id: 'PageCard' });
export type PageCard = z.infer<typeof pageCardSchema>;

/** GET /api/pages/ query. */
export const pagesQuerySchema = z.object({
  kind: z.enum(PAGE_KINDS, { error: 'Допустимые значения: post или page.' }).default('post'),
  ordering: z.enum(PAGE_ORDERINGS, { error: `Допустимые значения: ${PAGE_ORDERINGS.join(', ')}.` }).default('-publish_from'),
  image_opts: imageOptsSchema.optional().describe(`По умолчанию size:400. ${IMAGE_OPTS_DESCRIPTION}`),
  page: pageQuery('Номер страницы начинается с 1.'),
  page_size: z.coerce
    .number({ error: 'Ожидается число.' })
    .int('Ожидается целое число.')
    .min(1, 'Не меньше 1.')
    .max(50, 'Не больше 50.')
    .default(9),
});
export const pagesResponseSchema = paginatedSchema(pageCardSchema, 'PageList');

/** Blocks of a page, each with its data; images already resolved to URLs. */
export const pageBlockSchema = z
  .discriminatedUnion('type', [
    z.object({ id: z.number().int(), type: z.literal('text'), html: z.string() }),
    z.object({
      id: z.number().int(),
      type: z.literal('side_text_image'),
      title: z.string().nullable(),
      html: z.string(),
      image: imageSchema.nullable(),
      image_position: z.enum(['left', 'right']),
    }),
    z.object({
      id: z.number().int(),
      type: z.literal('image'),
      image: imageSchema.nullable(),
      alt: z.string(),
      caption: z.string().nullable(),
    }),
    z.object({
      id: z.number().int(),
      type: z.literal('quote'),
      text: z.string(),
      author: z.string().nullable(),
      author_role: z.string().nullable(),
    }),
    z.object({
      id: z.number().int(),
      type: z.literal('gallery'),
      images: z.array(z.object({ image: imageSchema.nullable(), alt: z.string(), caption: z.string().nullable() })),
    }),
    z.object({
      id: z.number().int(),
      type: z.literal('video'),
      url: z.string(),
      title: z.string().nullable(),
      poster: imageSchema.nullable(),
      duration_seconds: z.number().int().nullable(),
    }),
    z.object({
      id: z.number().int(),
      type: z.literal('cta'),
      title: z.string(),
      text: z.string().nullable(),
      button_text: z.string(),
      link: z.string(),
    }),
    // The school's contacts from the site settings (decision 0074): the page shows the settings' own.
    z.object({ id: z.number().int(), type: z.literal('contacts') }),
  ])
  .meta({ id: 'PageBlock' });
export type PageBlock = z.infer<typeof pageBlockSchema>;

/** GET /api/pages/{slug}/extended/ */
export const pageExtendedSchema = pageCardSchema
  .extend({
    og: ogSchema,
    seo: seoSchema,
    blocks: z.array(pageBlockSchema),
    author: z.string().nullable().describe('имя автора записи; null — не указано'),
    updated_at: z.string(),
  })
  .meta({ id: 'PageExtended' });
export type PageExtended = z.infer<typeof pageExtendedSchema>;

export const pageSlugParamSchema = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,127}$/, 'Такой страницы нет.'),
});
export const pageExtendedQuerySchema = z.object({
  block_side_text_image_opts: imageOptsSchema.optional().describe(`По умолчанию size:615. ${IMAGE_OPTS_DESCRIPTION}`),
  image_opts: imageOptsSchema.optional().describe(`Обложка и картинки блоков; по умолчанию исходный размер. ${IMAGE_OPTS_DESCRIPTION}`),
});

// ---------------------------------------------------------------- public schedule

/** An upcoming group start of a published course (the public schedule page). */
export const groupStartSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    starts_on: z.string().describe('YYYY-MM-DD'),
    ends_on: z.string().nullable(),
    format: courseFormatSchema,
    location: z.string().nullable(),
    capacity: z.number().int().nullable(),
    seats_left: z.number().int().nullable().describe('Свободных мест; null — без ограничения'),
    teacher: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
    course: z.object({
      id: z.number().int(),
      slug: z.string(),
      title: z.string(),
      kids: z.boolean(),
      price: z.number().int().nullable(),
    }),
    sessions: z
      .array(z.object({ id: z.number().int(), title: z.string(), starts_at: z.string(), ends_at: z.string() }))
      .describe('Ближайшие занятия группы (до 3)'),
    sessions_count: z.number().int(),
  })
  .meta({ id: 'GroupStart' });
export type GroupStart = z.infer<typeof groupStartSchema>;

/** GET /api/schedule/ (not in the spec: the public schedule page's data). */
export const scheduleQuerySchema = z.object({
  type: z.enum(['adult', 'kids'], { error: 'Допустимые значения: adult или kids.' }).optional(),
  course: z.string().regex(/^[a-z0-9][a-z0-9-]{0,127}$/, 'Ожидается slug курса.').optional(),
});
export const scheduleResponseSchema = z.array(groupStartSchema).meta({ id: 'Schedule' });

// ---------------------------------------------------------------- sitemap

/** GET /api/sitemap/ — every public URL with its last change, for /sitemap.xml. */
export const sitemapResponseSchema = z
  .array(z.object({ path: z.string(), updated_at: z.string().nullable() }))
  .meta({ id: 'Sitemap' });
export type SitemapEntry = z.infer<typeof sitemapResponseSchema>[number];
