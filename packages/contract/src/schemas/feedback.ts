import { z } from 'zod';
import { FEEDBACK_TEXTS, FORM_FIELD_TYPES, REQUEST_ID_PATTERN, SESSION_KEY_PATTERN } from '../rules/feedback.ts';
import { problem, strictCheckbox } from './form-fields.ts';

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

/**
 * An extra text of an application: trimmed; absent (or null) is undefined, '' counts as absent;
 * any other JSON value is refused (FEEDBACK_TEXTS.notText); `pattern` checks a value sent.
 */
const extraText = (pattern?: RegExp, message?: string) =>
  z
    .preprocess(
      (value: string) => value ?? undefined,
      z
        .string({ error: FEEDBACK_TEXTS.notText })
        .trim()
        .check(problem((value: string) => (!value || !pattern || pattern.test(value) ? null : message!)))
        .optional(),
    )
    .optional();

/** A consent box of an application (true/false, or in the form 'true'/'on'/'1' and 'false'/'0'/''); absent is false. */
const consentFlag = () => strictCheckbox(FEEDBACK_TEXTS.consentFlag);

/**
 * POST /api/feedback/{key}/process/ — the fixed part of the body, read by this schema. The form's
 * own fields (GET /api/feedback/{key}/) come next to these and are checked against the form's
 * description; any other key is refused by name.
 */
export const feedbackProcessBodySchema = z
  .object({
    course_slug: extraText().describe('Курс, о котором заявка'),
    session_key: extraText(SESSION_KEY_PATTERN, FEEDBACK_TEXTS.sessionKeyInvalid).describe('Ключ сессии гостя'),
    'g-recaptcha-response': z
      .preprocess((value: string) => value ?? undefined, z.string({ error: FEEDBACK_TEXTS.notText }).optional())
      .optional()
      .describe('Токен капчи (действие studentForm), когда капча включена'),
    request_id: extraText(REQUEST_ID_PATTERN, FEEDBACK_TEXTS.requestIdInvalid).describe(
      'Идентификатор отправки: повтор с тем же значением не создаёт вторую заявку',
    ),
    consent_personal_data: consentFlag()
      .check(problem((given: boolean) => (given ? null : FEEDBACK_TEXTS.personalDataConsentRequired)))
      .describe('Согласие на обработку персональных данных (обязательно)'),
    consent_privacy: consentFlag().default(false).describe('Согласие с политикой конфиденциальности'),
    consent_advertising: consentFlag().default(false).describe('Согласие на рекламные рассылки'),
    consent_child_personal_data: consentFlag()
      .default(false)
      .describe('Согласие родителя (законного представителя) на обработку персональных данных ребёнка: обязательно для формы с полями ученика (student_*)'),
  })
  .strict()
  .meta({
    id: 'FeedbackProcessBody',
    description:
      'Поля формы — по её описанию (GET /api/feedback/{key}/, name → значение), плюс перечисленные здесь. ' +
      'Телефон — +7 и десять цифр (маски принимаются), дата — ГГГГ-ММ-ДД или ДД.ММ.ГГГГ. Тело — JSON или multipart/form-data.',
  });
/** The fixed part of an application as the site sends it; the form's own fields come next to it. */
export type FeedbackProcessInput = z.input<typeof feedbackProcessBodySchema>;
export type FeedbackProcessBody = z.output<typeof feedbackProcessBodySchema>;

export const feedbackResultSchema = z
  .object({ success_message: z.string() })
  .meta({ id: 'FeedbackResult' });
