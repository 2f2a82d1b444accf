import { z } from 'zod';
import { FORM_FIELD_TYPES } from '../rules/feedback.ts';

/** GET /api/feedback/{key}/ path. */
export const feedbackKeyParamsSchema = z.object({
  key: z.string().max(100).describe('Ключ формы: course_form, course_kids_form, corporate_form…'),
});

export const feedbackFieldSchema = z
  .object({
    id: z.number().int(),
    name: z.string().describe('Ключ, под которым значение отправляется, например student_name'),
    title: z.string(),
    placeholder: z.string().nullable(),
    required: z.boolean(),
    type: z.enum(FORM_FIELD_TYPES),
  })
  .meta({ id: 'FeedbackField' });

export const feedbackFormSchema = z
  .object({
    key: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    success_message: z.string(),
    fields: z.array(feedbackFieldSchema),
  })
  .meta({ id: 'FeedbackForm', description: 'Динамическая форма заявки' });
export type FeedbackForm = z.infer<typeof feedbackFormSchema>;

const flag = z.union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])]);

/**
 * POST /api/feedback/{key}/process/ — documented part of the body. The form's own fields (GET
 * /api/feedback/{key}/) come next to these; any other key is refused by name.
 */
export const feedbackProcessBodySchema = z
  .object({
    course_slug: z.string().optional().describe('Курс, о котором заявка'),
    session_key: z.string().optional().describe('Ключ сессии гостя'),
    'g-recaptcha-response': z.string().optional().describe('Токен капчи (действие studentForm), когда капча включена'),
    request_id: z.string().optional().describe('Идентификатор отправки: повтор с тем же значением не создаёт вторую заявку'),
    consent_personal_data: flag.describe('Согласие на обработку персональных данных (обязательно)'),
    consent_privacy: flag.optional().describe('Согласие с политикой конфиденциальности'),
    consent_advertising: flag.optional().describe('Согласие на рекламные рассылки'),
    consent_child_personal_data: flag
      .optional()
      .describe('Согласие родителя (законного представителя) на обработку персональных данных ребёнка: обязательно для формы с полями ученика (student_*)'),
  })
  .strict()
  .meta({
    id: 'FeedbackProcessBody',
    description:
      'Поля формы — по её описанию (GET /api/feedback/{key}/, name → значение), плюс перечисленные здесь. ' +
      'Телефон — +7 и десять цифр (маски принимаются), дата — ГГГГ-ММ-ДД или ДД.ММ.ГГГГ. Тело — JSON или multipart/form-data.',
  });

export const feedbackResultSchema = z
  .object({ success_message: z.string() })
  .meta({ id: 'FeedbackResult' });
