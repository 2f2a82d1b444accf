// The catalogue's dictionaries as the school's staff edit them (decision 0072): categories,
// collections ('подборки') and course attributes with their values; and a course's attributes and
// collections as the course builder sets them.
import { z } from 'zod';
import { AUDIENCES, SLUG_PATTERN } from '../rules/catalog.ts';
import { idField, idParam } from './common.ts';
import { imageSchema } from './content.ts';

const id = z.number().int();

export const ATTRIBUTE_TYPES = ['text', 'list', 'number'] as const;

const text = (what: string, max: number) =>
  z
    .string({ error: `Введите ${what}.` })
    .trim()
    .min(1, `Введите ${what}.`)
    .max(max, `Не длиннее ${max} символов.`);

/** An address part: latin letters, digits and hyphens, not digits alone; unique among its kind (checked by the server). */
export const dictionarySlugSchema = z
  .string({ error: 'Введите адрес.' })
  .trim()
  .toLowerCase()
  .min(1, 'Введите адрес.')
  .regex(SLUG_PATTERN, 'Адрес — латинские буквы, цифры и дефисы, начинается с буквы или цифры, до 128 символов.')
  .refine((v) => !/^\d+$/.test(v), 'Адрес не может состоять из одних цифр.');

const version = z
  .string({ error: 'Ожидается дата и время ISO 8601.' })
  .datetime({ offset: true, error: 'Ожидается дата и время ISO 8601.' })
  .optional()
  .describe('updated_at записи, которую редактировали: если её с тех пор изменили, ответ 409');

/** A storage key of an uploaded picture (POST /api/admin/uploads/?kind=image answers it). */
const imageKey = z
  .string({ error: 'Загрузите картинку.' })
  .trim()
  .min(1, 'Загрузите картинку.')
  .max(300, 'Слишком длинный ключ файла.')
  .regex(/^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]*$/, 'Неверный ключ файла: загрузите картинку заново.');

/** A new order of a whole list: every id once. */
export const dictionaryOrderSchema = z
  .object({
    ids: z
      .array(idField(), { error: 'Ожидается список id.' })
      .max(1000, 'Слишком длинный список.')
      .refine((ids) => new Set(ids).size === ids.length, 'Каждый id — один раз.'),
  })
  .strict()
  .meta({ id: 'DictionaryOrder' });
export type DictionaryOrder = z.infer<typeof dictionaryOrderSchema>;

export const dictionaryParamsSchema = z.object({ id: idParam.describe('id записи') });
export const attributeValueParamsSchema = z.object({ id: idParam.describe('id атрибута'), valueId: idParam.describe('id значения') });

/** A course as a dictionary names it: where something is used, which courses a collection holds. */
export const dictionaryCourseSchema = z.object({ id, title: z.string(), is_published: z.boolean() }).meta({ id: 'DictionaryCourse' });
export type DictionaryCourse = z.infer<typeof dictionaryCourseSchema>;

// ---------------------------------------------------------------- categories

export const siteCategorySchema = z
  .object({
    id,
    name: z.string(),
    slug: z.string(),
    audience: z.enum(AUDIENCES),
    description: z.string().nullable(),
    sort: z.number().int(),
    courses_count: z.number().int().describe('курсов в категории, опубликованных и нет'),
    updated_at: z.string(),
  })
  .meta({ id: 'SiteCategory' });
export type SiteCategory = z.infer<typeof siteCategorySchema>;

export const siteCategoryBodySchema = z
  .object({
    name: text('название', 200),
    slug: dictionarySlugSchema,
    audience: z.enum(AUDIENCES, { error: 'Выберите, для кого направление: взрослые или дети.' }),
    description: z
      .string({ error: 'Ожидается текст.' })
      .trim()
      .max(2000, 'Не длиннее 2000 символов.')
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    updated_at: version,
  })
  .strict()
  .meta({ id: 'SiteCategoryBody' });
export type SiteCategoryBody = z.input<typeof siteCategoryBodySchema>;

// ---------------------------------------------------------------- collections

export const siteCollectionSchema = z
  .object({
    id,
    title: z.string(),
    slug: z.string(),
    image: imageSchema.nullable(),
    image_key: z.string().nullable(),
    sort: z.number().int(),
    courses: z.array(dictionaryCourseSchema).describe('курсы подборки по порядку'),
    updated_at: z.string(),
  })
  .meta({ id: 'SiteCollection' });
export type SiteCollection = z.infer<typeof siteCollectionSchema>;

export const siteCollectionBodySchema = z
  .object({
    title: text('название', 200),
    slug: dictionarySlugSchema,
    image: imageKey.nullable().optional().describe('ключ загруженной картинки; null — без картинки'),
    course_ids: z
      .array(idField(), { error: 'Ожидается список курсов.' })
      .max(500, 'Слишком много курсов.')
      .refine((ids) => new Set(ids).size === ids.length, 'Курс выбран дважды.')
      .optional()
      .describe('курсы подборки по порядку'),
    updated_at: version,
  })
  .strict()
  .meta({ id: 'SiteCollectionBody' });
export type SiteCollectionBody = z.input<typeof siteCollectionBodySchema>;

// ---------------------------------------------------------------- attributes

export const siteAttributeValueSchema = z
  .object({ id, value: z.string(), sort: z.number().int(), courses_count: z.number().int() })
  .meta({ id: 'SiteAttributeValue' });
export type SiteAttributeValue = z.infer<typeof siteAttributeValueSchema>;

export const siteAttributeSchema = z
  .object({
    id,
    name: z.string(),
    slug: z.string(),
    type: z.enum(ATTRIBUTE_TYPES),
    is_tab: z.boolean(),
    is_filter: z.boolean(),
    is_group: z.boolean(),
    is_title: z.boolean(),
    sort: z.number().int(),
    courses_count: z.number().int().describe('курсов, у которых атрибут задан'),
    values: z.array(siteAttributeValueSchema),
    updated_at: z.string(),
  })
  .meta({ id: 'SiteAttribute' });
export type SiteAttribute = z.infer<typeof siteAttributeSchema>;

const flag = z.boolean({ error: 'Ожидается true или false.' }).optional();

export const siteAttributeBodySchema = z
  .object({
    name: text('название', 200),
    slug: dictionarySlugSchema,
    type: z.enum(ATTRIBUTE_TYPES, { error: 'Выберите тип: список, текст или число.' }),
    is_tab: flag,
    is_filter: flag,
    is_group: flag,
    is_title: flag,
    updated_at: version,
  })
  .strict()
  .meta({ id: 'SiteAttributeBody' });
export type SiteAttributeBody = z.input<typeof siteAttributeBodySchema>;

export const siteAttributeValueBodySchema = z
  .object({ value: text('значение', 200) })
  .strict()
  .meta({ id: 'SiteAttributeValueBody' });

// ---------------------------------------------------------------- a course's attributes and collections (the builder)

export const courseCatalogAttributeSchema = z.object({
  attribute_id: idField(),
  value_id: idField().nullable().optional().describe('значение атрибута-списка'),
  value: z
    .string({ error: 'Ожидается текст.' })
    .trim()
    .max(2000, 'Не длиннее 2000 символов.')
    .nullable()
    .optional()
    .describe('значение атрибута «текст» или «число»'),
});

export const courseCatalogSchema = z
  .object({
    attributes: z.array(z.object({ attribute_id: id, value_id: id.nullable(), value: z.string().nullable() })),
    collection_ids: z.array(id),
    version: z.string().describe('версия набора: прислать её с изменением'),
  })
  .meta({ id: 'CourseCatalog' });
export type CourseCatalog = z.infer<typeof courseCatalogSchema>;

export const courseCatalogBodySchema = z
  .object({
    attributes: z.array(courseCatalogAttributeSchema).max(200, 'Слишком много значений.'),
    collection_ids: z
      .array(idField(), { error: 'Ожидается список подборок.' })
      .max(200, 'Слишком много подборок.')
      .refine((ids) => new Set(ids).size === ids.length, 'Подборка выбрана дважды.'),
    version: z.string().max(100).optional().describe('версия, которую редактировали: если набор с тех пор изменили, ответ 409'),
  })
  .strict()
  .meta({ id: 'CourseCatalogBody' });
export type CourseCatalogBody = z.input<typeof courseCatalogBodySchema>;
