import { z } from 'zod';

// The staff's site settings (decision 0074): GET/PUT /api/admin/school/site/settings/.

const kindSchema = z.enum(['text', 'long_text', 'phone', 'email', 'link', 'site_link', 'inn', 'kpp', 'ogrn', 'html']);

/** One setting as the form shows it. */
export const siteSettingSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    kind: kindSchema,
    hint: z.string().nullable(),
    required: z.boolean(),
    value: z.string(),
    version: z.number().int().describe('версия значения: пришлите её в PUT, чтобы не затереть чужую правку; 0 — ещё не задавалось'),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'SiteSetting' });
export type SiteSetting = z.infer<typeof siteSettingSchema>;

/** The whole settings screen: the groups, the hosts the counters open in the policy, where letters go. */
export const siteSettingsSchema = z
  .object({
    groups: z.array(
      z.object({
        key: z.enum(['contacts', 'social', 'legal', 'seo', 'head', 'notifications']),
        title: z.string(),
        settings: z.array(siteSettingSchema),
      }),
    ),
    csp_hosts: z.array(z.string()).describe('источники, которые политика безопасности страниц разрешит по коду счётчиков'),
    notify_fallback: z
      .string()
      .nullable()
      .describe('куда уходят письма о заявках, пока почта школы для заявок не задана (SCHOOL_NOTIFY_EMAIL окружения, иначе CONTACT_EMAIL)'),
  })
  .meta({ id: 'SiteSettings' });
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

const settingKey = z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'Такой настройки нет.');

/** PUT body: the values of a group (or of all), each with the version the form was opened at. */
export const siteSettingsSaveSchema = z
  .object({
    values: z.record(settingKey, z.string({ error: 'Ожидается текст.' }).max(100_000, 'Слишком длинное значение.')),
    versions: z.record(settingKey, z.number().int().min(0).max(2_147_483_647)),
  })
  .strict()
  .meta({ id: 'SiteSettingsSave' });
export type SiteSettingsSave = z.infer<typeof siteSettingsSaveSchema>;
