// The site's shell for the school's staff (/api/admin/school/site/banners/ and …/menus/{key}/):
// banners at their positions with an image per breakpoint and a Moscow window of showing, and the
// three menus as trees of two levels, each change made against the version the screen saw.
import { z } from 'zod';
import { safeLink } from '../rules/links.ts';
import { BANNER_POSITION_KEYS, SITE_MENU_ITEM_TYPES, type SiteMenuItemType } from '../rules/site-shell.ts';
import { idParam } from './common.ts';
import { menuKeySchema } from './content.ts';

const id = z.number().int();
const INT4_MAX = 2_147_483_647;
const versionField = z.number({ error: 'Обновите страницу.' }).int('Обновите страницу.').min(1, 'Обновите страницу.').max(INT4_MAX, 'Обновите страницу.');
const pickId = (message: string) => z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);
const text = (what: string, max: number) =>
  z
    .string({ error: `Введите ${what}.` })
    .trim()
    .min(1, `Введите ${what}.`)
    .max(max, `Не длиннее ${max} символов.`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Не длиннее ${max} символов.`)
    .nullish()
    .transform((value) => (value ? value : null));

/** A link staff give a visitor: a path of this site or an http(s) address (never javascript:, data: …). */
export function siteLinkOk(value: string): boolean {
  return safeLink(value) !== null || /^(mailto:[^\s@]+@[^\s@]+|tel:\+?[\d\-() ]{5,20})$/i.test(value);
}
const LINK_ERROR = 'Ссылка начинается с / (страница сайта) или с https://.';
const linkField = z
  .string({ error: LINK_ERROR })
  .trim()
  .max(1000, 'Не длиннее 1000 символов.')
  .refine((value) => value === '' || siteLinkOk(value), LINK_ERROR);

/** An uploaded image's key (from POST /api/admin/uploads/?kind=image). */
const imageKey = z
  .string()
  .trim()
  .max(300, 'Не длиннее 300 символов.')
  .refine((value) => value === '' || (/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(value) && !value.includes('..')), 'Загрузите картинку заново.')
  .nullish()
  .transform((value) => value || null);

const instant = z.iso
  .datetime({ offset: true, error: 'Укажите дату и время.' })
  .nullish()
  .transform((value) => value || null);

// ---------------------------------------------------------------- banners

export const bannerPositionSchema = z.enum(BANNER_POSITION_KEYS, { error: 'Допустимые места: main, discount, header.' });

const imageOut = z.object({ key: z.string(), url: z.string() }).nullable();

export const siteBannerSchema = z
  .object({
    id,
    key: bannerPositionSchema.describe('место показа'),
    title: z.string(),
    text: z.string().nullable(),
    link: z.string().nullable(),
    button_text: z.string().nullable(),
    image: imageOut.describe('картинка для компьютера (и по умолчанию)'),
    image_mobile: imageOut.describe('картинка для телефона'),
    show_from: z.string().nullable().describe('показывать с (ISO 8601); null — сразу'),
    show_until: z.string().nullable().describe('показывать до (ISO 8601); null — без конца'),
    is_active: z.boolean(),
    /** now: shown at this moment (active and inside its window). */
    state: z.enum(['shown', 'hidden', 'scheduled', 'ended']).describe('shown — виден сейчас, hidden — выключен, scheduled — ещё не начался, ended — срок прошёл'),
    sort: z.number().int(),
    version: z.number().int().describe('версия: пришлите её в PATCH, чтобы не затереть чужую правку'),
    updated_at: z.string(),
  })
  .meta({ id: 'SiteBanner' });
export type SiteBanner = z.infer<typeof siteBannerSchema>;
export const siteBannersSchema = z.array(siteBannerSchema);

export const siteBannersQuerySchema = z.object({ key: bannerPositionSchema.optional() });

const bannerFields = {
  title: text('заголовок', 200),
  text: optionalText(1000),
  link: linkField.nullish().transform((value) => value || null),
  button_text: optionalText(60),
  image: imageKey,
  image_mobile: imageKey,
  show_from: instant,
  show_until: instant,
  is_active: z.boolean({ error: 'Да или нет.' }).default(true),
};
const windowOk = (body: { show_from?: string | null; show_until?: string | null }) =>
  !body.show_from || !body.show_until || Date.parse(body.show_from) < Date.parse(body.show_until);
const WINDOW_ISSUE = { message: '«До» должно быть позже «с».', path: ['show_until'] };

/** POST /api/admin/school/site/banners/ */
export const siteBannerCreateSchema = z
  .object({ key: bannerPositionSchema, ...bannerFields })
  .strict()
  .refine(windowOk, WINDOW_ISSUE)
  .meta({ id: 'SiteBannerCreate' });
export type SiteBannerCreate = z.input<typeof siteBannerCreateSchema>;

/** PATCH /api/admin/school/site/banners/{id}/: the whole form and the version it was opened at. */
export const siteBannerPatchSchema = z
  .object({ version: versionField, ...bannerFields })
  .strict()
  .refine(windowOk, WINDOW_ISSUE)
  .meta({ id: 'SiteBannerPatch' });
export type SiteBannerPatch = z.input<typeof siteBannerPatchSchema>;

/** PUT /api/admin/school/site/banners/order/: every banner of a position, in the new order. */
export const siteBannerOrderSchema = z
  .object({
    key: bannerPositionSchema,
    order: z.array(pickId('Обновите страницу.')).max(200, 'Не больше 200 баннеров.'),
  })
  .strict()
  .meta({ id: 'SiteBannerOrder' });
export type SiteBannerOrder = z.input<typeof siteBannerOrderSchema>;

export const siteBannerParamsSchema = z.object({ id: idParam });

// ---------------------------------------------------------------- menus

export const siteMenuItemSchema = z
  .object({
    id,
    parent_id: id.nullable(),
    title: z.string(),
    type: z.enum(SITE_MENU_ITEM_TYPES).describe('direct_link — адрес, page — страница сайта, course — курс, category — направление'),
    url: z.string().nullable().describe('адрес для direct_link'),
    page_id: id.nullable(),
    course_id: id.nullable(),
    category_id: id.nullable(),
    /** Where the item leads now, as the site shows it; null when its page, course or category is gone. */
    href: z.string().nullable(),
    target: z.enum(['_self', '_blank']),
    is_active: z.boolean(),
    sort: z.number().int(),
  })
  .meta({ id: 'SiteMenuItem' });
export type SiteMenuItem = z.infer<typeof siteMenuItemSchema>;

const choice = z.object({ id, title: z.string() });
export const siteMenuSchema = z
  .object({
    key: menuKeySchema,
    title: z.string(),
    version: z.number().int().describe('версия меню: пришлите её с любым изменением'),
    /** Top-level items first by sort, each followed by nothing: children carry parent_id. */
    items: z.array(siteMenuItemSchema),
    options: z.object({ pages: z.array(choice), courses: z.array(choice), categories: z.array(choice) }),
  })
  .meta({ id: 'SiteMenu' });
export type SiteMenu = z.infer<typeof siteMenuSchema>;

/** A menu's key in the address: an unknown one is a 404 (the route exists, the menu does not). */
const menuKeyParam = z.string().max(40, 'Такого меню нет.').describe('header_menu, footer_menu или noschool_header');
export const siteMenuParamsSchema = z.object({ key: menuKeyParam });
export const siteMenuItemParamsSchema = z.object({ key: menuKeyParam, id: idParam });

const itemFields = {
  title: text('название пункта', 100),
  type: z.enum(SITE_MENU_ITEM_TYPES, { error: 'Выберите, куда ведёт пункт.' }),
  url: linkField.nullish().transform((value) => value || null),
  page_id: pickId('Выберите страницу.').nullish(),
  course_id: pickId('Выберите курс.').nullish(),
  category_id: pickId('Выберите направление.').nullish(),
  target: z.enum(['_self', '_blank'], { error: 'Допустимые значения: _self, _blank.' }).default('_self'),
  is_active: z.boolean({ error: 'Да или нет.' }).default(true),
};
type ItemFields = { type: SiteMenuItemType; url?: string | null; page_id?: number | null; course_id?: number | null; category_id?: number | null };
/** The field an item's type needs must be there. */
function targetIssues(body: ItemFields, ctx: z.RefinementCtx) {
  const need = { direct_link: ['url', 'Укажите адрес.'], page: ['page_id', 'Выберите страницу.'], course: ['course_id', 'Выберите курс.'], category: ['category_id', 'Выберите направление.'] } as const;
  const [field, message] = need[body.type];
  if (!body[field]) ctx.addIssue({ code: 'custom', message, path: [field] });
}

/** POST /api/admin/school/site/menus/{key}/items/: a new item at the end of its level. */
export const siteMenuItemCreateSchema = z
  .object({ version: versionField, parent_id: pickId('Выберите родительский пункт.').nullish(), ...itemFields })
  .strict()
  .superRefine(targetIssues)
  .meta({ id: 'SiteMenuItemCreate' });
export type SiteMenuItemCreate = z.input<typeof siteMenuItemCreateSchema>;

/** PATCH /api/admin/school/site/menus/{key}/items/{id}/ */
export const siteMenuItemPatchSchema = z
  .object({ version: versionField, ...itemFields })
  .strict()
  .superRefine(targetIssues)
  .meta({ id: 'SiteMenuItemPatch' });
export type SiteMenuItemPatch = z.input<typeof siteMenuItemPatchSchema>;

/** DELETE /api/admin/school/site/menus/{key}/items/{id}/?version= */
export const siteMenuVersionQuerySchema = z.object({
  version: z.coerce.number({ error: 'Обновите страницу.' }).int('Обновите страницу.').min(1, 'Обновите страницу.').max(INT4_MAX, 'Обновите страницу.'),
});

/** PUT /api/admin/school/site/menus/{key}/order/: every item of the menu once, in order, with its parent. */
export const siteMenuOrderSchema = z
  .object({
    version: versionField,
    items: z
      .array(z.object({ id: pickId('Обновите страницу.'), parent_id: pickId('Обновите страницу.').nullable() }).strict())
      .max(500, 'Не больше 500 пунктов.'),
  })
  .strict()
  .meta({ id: 'SiteMenuOrder' });
export type SiteMenuOrder = z.input<typeof siteMenuOrderSchema>;
