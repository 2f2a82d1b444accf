// The site settings for the school's staff (decision 0074): contacts, social links, legal details,
// SEO, counters and meta tags, the school's address for letters about applications.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailErrorSchema, fieldErrorsSchema, siteSettingsSaveSchema, siteSettingsSchema } from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { staffActor } from '../auth/plugin.ts';
import { getSiteSettings, saveSiteSettings } from './service.ts';

const tags = ['site-settings'];
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;

export const siteSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    '/admin/school/site/settings/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Настройки сайта по разделам (сотрудники)',
        description: 'Каждое значение — с версией; csp_hosts — источники, которые политика безопасности страниц разрешит по коду счётчиков.',
        tags,
        response: { 200: siteSettingsSchema, ...errors },
      },
    },
    async () => getSiteSettings(db, config.schoolNotifyEmail),
  );

  app.put(
    '/admin/school/site/settings/',
    {
      config: { access: 'staff', audit: 'settings.update', changes: ['settings'] },
      onSend: noStore,
      schema: {
        summary: 'Сохранить раздел настроек или все (сотрудники)',
        description:
          'values — значения раздела (или всех), versions — версии, с которыми открыта форма. Ошибки — под ключом настройки; ' +
          'если значение с тех пор изменили — 409, ничего не сохраняется. Телефоны записываются как +7 (495) 120-34-56.',
        tags,
        body: siteSettingsSaveSchema,
        response: { 200: siteSettingsSchema, ...errors, 409: detailErrorSchema.describe('Настройку изменили после того, как открыли форму') },
      },
    },
    async (request) => saveSiteSettings(db, staffActor(request), request.body, config.schoolNotifyEmail),
  );
};
