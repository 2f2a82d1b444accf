import { z } from 'zod';
import { AUDIENCES } from '../rules/catalog.ts';

/** Config keys the site knows; FOOTER_{SOCIAL}_LINK keys follow the same pattern. */
export const CONFIG_KEYS = [
  'SITE_NAME',
  'SITE_DESCRIPTION',
  'SITE_KEYWORDS',
  'COUNTERS',
  'META_TAGS',
  'FOOTER_PHONE',
  'FOOTER_PHONE_2',
  'FOOTER_NAME',
  'FOOTER_ADDRESS',
  'FOOTER_VK_LINK',
  'FOOTER_TELEGRAM_LINK',
  'FOOTER_OK_LINK',
  'FOOTER_YOUTUBE_LINK',
  'FOOTER_RUTUBE_LINK',
  'FOOTER_DZEN_LINK',
  'FOOTER_MINISTRY_LINK',
  'FOOTER_DEVELOPER',
  'PRIVACY_POLICY_LINK',
  'HEADER_PHONE',
  // Contacts and the school's legal details (footer, /contacts/, the offer page).
  'CONTACT_EMAIL',
  'LEGAL_INN',
  'LEGAL_KPP',
  'LEGAL_OGRN',
  'LEGAL_ADDRESS',
  'LEGAL_LICENSE',
  // From the environment, not the table: the captcha widget's provider, public key and script (absent when off).
  'CAPTCHA_PROVIDER',
  'CAPTCHA_SITE_KEY',
  'CAPTCHA_SCRIPT_URL',
] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

export const configKeySchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'Ключ настройки: заглавные латинские буквы, цифры и «_».');

/** POST /api/configs/ body: the keys wanted; omitted or empty means every setting. */
export const configsRequestSchema = z
  .object({
    keys: z.array(configKeySchema).max(100, 'Не больше 100 ключей за запрос.').optional(),
  })
  .strict()
  .meta({ id: 'ConfigsRequest' });
export type ConfigsRequest = z.infer<typeof configsRequestSchema>;

/** Answer: key → value; unknown keys are simply absent. */
export const configsResponseSchema = z
  .record(z.string(), z.string())
  .meta({ id: 'Configs', description: 'Настройки сайта: ключ → значение' });
export type Configs = Partial<Record<ConfigKey, string>> & Record<string, string>;

export const MENU_KEYS = ['header_menu', 'footer_menu', 'noschool_header'] as const;
export const menuKeySchema = z.enum(MENU_KEYS, { error: 'Такого меню нет.' });
export type MenuKey = z.infer<typeof menuKeySchema>;

export const menuLinkTypeSchema = z.enum(['direct_link', 'page', 'course', 'category']);

export interface MenuLink {
  id: number;
  title: string;
  slug: string;
  type: 'direct_link' | 'page' | 'course' | 'category';
  url: string;
  target: '_self' | '_blank';
  children: MenuLink[];
}

/** One menu link; children have the same shape. */
export const menuLinkSchema: z.ZodType<MenuLink> = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    type: menuLinkTypeSchema,
    url: z.string(),
    target: z.enum(['_self', '_blank']),
    get children(): z.ZodArray<z.ZodType<MenuLink>> {
      return z.array(menuLinkSchema);
    },
  })
  .meta({ id: 'MenuLink' });

export const menuResponseSchema = z.array(menuLinkSchema).meta({ id: 'Menu' });

export const audienceSchema = z.enum(AUDIENCES, { error: 'Допустимые значения: adult или kids.' });

export const categorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    type: audienceSchema,
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const categoriesQuerySchema = z.object({ type: audienceSchema.optional() });
export const categoriesResponseSchema = z.array(categorySchema);

const IMAGE_CROPS = ['center', 'top', 'bottom', 'left', 'right', 'none'] as const;

/**
 * The widths resized images are made in. A requested width is served at the nearest one at or
 * above it (the largest for anything wider), so however many sizes clients ask for, each original
 * has a bounded set of variants (decision 0006).
 */
export const IMAGE_WIDTHS = [160, 240, 320, 360, 400, 480, 615, 640, 720, 800, 960, 1280, 1600, 1920, 2560] as const;
/** Aspect ratios (width:height) of boxes; a requested box takes the nearest one. */
export const IMAGE_ASPECT_RATIOS = [
  [1, 3],
  [1, 2],
  [9, 16],
  [2, 3],
  [3, 4],
  [4, 5],
  [1, 1],
  [5, 4],
  [4, 3],
  [3, 2],
  [8, 5],
  [16, 9],
  [2, 1],
  [3, 1],
] as const;

export const IMAGE_OPTS_DESCRIPTION =
  'Размер картинки: `size:ШИРИНА` (пропорции исходника) или `size:ШИРИНАxВЫСОТА` (вписать в рамку), ' +
  'с `crop:center|top|bottom|left|right` — заполнить рамку, обрезав лишнее (`crop:none` — не обрезать). ' +
  `Ширина от 16 до 2560 px; картинка делается в ближайшей ширине из ряда ${IMAGE_WIDTHS.join(', ')} ` +
  '(не меньше запрошенной), рамка — в ближайших пропорциях из ряда ' +
  `${IMAGE_ASPECT_RATIOS.map(([w, h]) => `${w}:${h}`).join(', ')}. Больше исходника картинка не становится. ` +
  'Настоящие `width` и `height` приходят в ответе вместе с `url`.';

/** `image_opts` query value: `size:400` or `size:400x300,crop:center` (width × height in px). */
export const imageOptsSchema = z
  .string()
  .max(64)
  .meta({ description: IMAGE_OPTS_DESCRIPTION, examples: ['size:400', 'size:640x400,crop:center'] })
  .transform((raw, ctx) => {
    const opts: { width: number; height?: number; crop: (typeof IMAGE_CROPS)[number] } = {
      width: 0,
      crop: 'none',
    };
    for (const part of raw.split(',')) {
      const [name, value = ''] = part.split(':', 2).map((s) => s.trim());
      if (name === 'size') {
        const m = /^(\d{1,4})(?:x(\d{1,4}))?$/.exec(value);
        const width = Number(m?.[1]);
        const height = m?.[2] ? Number(m[2]) : undefined;
        if (!m || width < 16 || width > 2560 || (height !== undefined && (height < 16 || height > 2560))) {
          ctx.addIssue({ code: 'custom', message: 'Размер: число от 16 до 2560 или ШИРИНАxВЫСОТА.' });
          return z.NEVER;
        }
        opts.width = width;
        opts.height = height;
      } else if (name === 'crop') {
        if (!(IMAGE_CROPS as readonly string[]).includes(value)) {
          ctx.addIssue({ code: 'custom', message: `Обрезка: одно из ${IMAGE_CROPS.join(', ')}.` });
          return z.NEVER;
        }
        opts.crop = value as (typeof IMAGE_CROPS)[number];
      } else {
        ctx.addIssue({ code: 'custom', message: 'Поддерживаются параметры size и crop.' });
        return z.NEVER;
      }
    }
    if (!opts.width) {
      ctx.addIssue({ code: 'custom', message: 'Укажите размер: size:400.' });
      return z.NEVER;
    }
    return opts;
  });
export type ImageOpts = z.output<typeof imageOptsSchema>;

export const imageSchema = z
  .object({
    original: z.string().describe('URL исходного изображения'),
    url: z.string().describe('URL изображения нужного размера (или исходного, если размер не задан)'),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'Image' });
export type Image = z.infer<typeof imageSchema>;

export const bannerSchema = z
  .object({
    id: z.number().int(),
    key: z.string().describe('Место показа: header, discount, main'),
    title: z.string(),
    text: z.string().nullable(),
    link: z.string().nullable(),
    button_text: z.string().nullable(),
    image: imageSchema.nullable(),
    image_mobile: imageSchema.nullable().describe('картинка для телефона (узкого экрана); null — та же, что image'),
  })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof bannerSchema>;

export const bannersQuerySchema = z.object({
  key: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/, 'Ключ места показа: латинские буквы, цифры, «-» и «_».')
    .optional(),
  image_opts: imageOptsSchema.optional(),
});
export const bannerQuerySchema = bannersQuerySchema.pick({ image_opts: true });
export const bannersResponseSchema = z.array(bannerSchema);
