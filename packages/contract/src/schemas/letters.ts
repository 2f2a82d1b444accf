import { z } from 'zod';
import { LETTER_TEXTS } from '../rules/letters.ts';

/** One kind of letter in the account's notification settings. */
export const notificationKindSchema = z
  .object({
    key: z.string(),
    title: z.string(),
    hint: z.string(),
    /** Always sent; the switch is shown on and locked. */
    mandatory: z.boolean(),
    /** Advertising: on exactly while the advertising consent is given (changed in «Согласия»). */
    advertising: z.boolean(),
    enabled: z.boolean(),
  })
  .meta({ id: 'NotificationKind' });

/** GET/PUT /api/user/notifications/ */
export const notificationSettingsSchema = z.object({ kinds: z.array(notificationKindSchema) }).meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/user/notifications/: the kinds to switch, each on (true) or off (false). */
export const notificationSettingsBodySchema = z
  .object({
    settings: z.record(z.string().max(64), z.boolean({ error: 'Укажите, включены ли письма: да или нет.' }), {
      error: 'Передайте настройки уведомлений.',
    }),
  })
  .strict()
  .meta({ id: 'NotificationSettingsSave' });
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;

/** ?token= of the one-click unsubscribe link. */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: LETTER_TEXTS.badToken }).trim().min(1, LETTER_TEXTS.badToken).max(500, LETTER_TEXTS.badToken),
});

/** POST /api/mail/unsubscribe/: what was turned off. */
export const unsubscribedSchema = z.object({ kind: z.string(), title: z.string(), detail: z.string() }).meta({ id: 'Unsubscribed' });
