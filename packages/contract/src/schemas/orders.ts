import { z } from 'zod';
import { ACCOUNT_TEXTS, nameProblem, normaliseName, storedPhone } from '../rules/account.ts';
import { EMAIL_INVALID, EMAIL_REQUIRED, isEmailAddress, normaliseEmail } from '../rules/auth.ts';
import { fieldText } from '../rules/forms.ts';
import { ORDER_NEXT_STEPS, ORDER_STATUSES, ORDER_TEXTS, PAYMENT_TYPES } from '../rules/orders.ts';
import { codeSchema } from './auth.ts';
import { queryFlag } from './common.ts';
import { formCheckbox, formIdList, formText, problem } from './form-fields.ts';

// Orders and payments (decision 0023). Money is integer kopecks, with
// the formatted text next to it ('12 500 ₽').

const orderStatusSchema = z.enum(ORDER_STATUSES.map((s) => s.id) as [(typeof ORDER_STATUSES)[number]['id']]);
const paymentStateSchema = z.enum(['new', 'pending', 'confirmed', 'rejected', 'refunded']);

export const orderSummarySchema = z
  .object({
    code: z.string().meta({ description: 'Непредсказуемый код заказа: ключ страницы /courses/payment/{code}/' }),
    status: orderStatusSchema,
    status_title: z.string(),
    amount: z.number().int().meta({ description: 'Сумма в копейках' }),
    amount_text: z.string().meta({ example: '12 500 ₽' }),
    course: z.object({ slug: z.string(), title: z.string(), image: z.string().nullable() }),
    group: z.object({ id: z.number().int(), title: z.string(), starts_on: z.string() }).nullable(),
    study_for_self: z.boolean(),
    students: z.array(z.string()).meta({ description: 'Имена учеников (пусто, если учится сам плательщик)' }),
    created_at: z.string(),
    promo_code: z.string().nullable().meta({ description: 'Промокод заказа, если был' }),
    discount: z.number().int().meta({ description: 'Скидка по промокоду в копейках (0 — без скидки); amount — уже со скидкой' }),
    held_until: z.string().nullable().meta({
      description:
        'До какого момента (ISO 8601) неоплаченный заказ держит места в группе; потом он отменяется и места освобождаются. ' +
        'null — заказ мест не держит (без группы, оплачен или отменён)',
    }),
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderRequestResultSchema = z
  .object({
    success_message: z.string(),
    order: orderSummarySchema,
    next: z.enum(ORDER_NEXT_STEPS),
    resend_after: z.number().int().nullable().meta({ description: 'Для next=confirm_email: через сколько секунд можно запросить код снова' }),
  })
  .meta({ id: 'OrderRequestResult' });
export type OrderRequestResult = z.infer<typeof orderRequestResultSchema>;

// ---------------------------------------------------------------- the order form
// Normalising is `overwrite` (a string stays a string), never `transform`: the OpenAPI document
// shows a field's JSON type only for a schema without a transform.

/** A name of the payer: normalised; `required` when empty. */
const payerName = (required: string) =>
  formText(
    z
      .string()
      .overwrite(normaliseName)
      .check(problem((value: string) => (value ? nameProblem(value) : required))),
  );

/** The payer's patronymic: many people have none — '' when absent, otherwise a name like the others. */
const optionalPayerName = () =>
  formText(
    z
      .string()
      .overwrite(normaliseName)
      .check(problem((value: string) => (value ? nameProblem(value) : null))),
  ).default('');

/** An optional text of the form: trimmed, '' when absent. */
const optionalText = () => formText(z.string().trim()).default('');

/**
 * POST /api/order/request/: the universal order form (JSON) and the application form (multipart;
 * values read by the form-field rules of form-fields.ts). Each field's own rules are here; the
 * rules that need the database or the caller (the course, its groups and price, who may choose
 * saved students, duplicates) are the service's, answered in the same 400.
 */
export const orderRequestBodySchema = z
  .object({
    // Not a number or other JSON value: a wrong type is refused at once (`invalid_type`).
    course_slug: z
      .string({ error: (issue) => (issue.input === undefined ? ORDER_TEXTS.courseNotFound : undefined) })
      .trim()
      .check(problem((value: string) => (value ? null : ORDER_TEXTS.courseNotFound)))
      .describe('Курс (slug)'),
    last_name: payerName(ACCOUNT_TEXTS.lastNameRequired),
    first_name: payerName(ACCOUNT_TEXTS.firstNameRequired),
    patronymic: optionalPayerName().describe('Отчество плательщика (необязательно: у многих его нет)'),
    phone: formText(
      z
        .string()
        .trim()
        .check(problem((raw: string) => (!raw ? ACCOUNT_TEXTS.phoneRequired : storedPhone(raw) ? null : ACCOUNT_TEXTS.phoneInvalid)))
        .overwrite((raw) => storedPhone(raw) ?? raw),
    ).describe('Телефон: +7 ###-###-##-##, +7 (###) ###-##-## или 8 ### ### ## ##; сервер хранит только цифры'),
    email: formText(
      z
        .string()
        .overwrite(normaliseEmail)
        .check(problem((value: string) => (!value ? EMAIL_REQUIRED : isEmailAddress(value) ? null : EMAIL_INVALID))),
    ),
    study_for_self: formCheckbox().default(false).describe('«Буду учиться сам» (в форме — true/false, on)'),
    students: formIdList(ORDER_TEXTS.studentNotFound)
      .default([])
      .describe('id своих учеников: массив; в форме — «1,2», «[1,2]» или повторяющееся поле'),
    student_type: optionalText().describe('Новый ученик: child или adult (правила — как в личном кабинете)'),
    student_last_name: optionalText(),
    student_first_name: optionalText(),
    student_patronymic: optionalText(),
    student_phone: optionalText(),
    student_email: optionalText(),
    student_birthdate: optionalText().describe('YYYY-MM-DD (принимается и ДД.ММ.ГГГГ)'),
    group: z
      .preprocess((value: string | number) => fieldText(value), z.string().trim())
      .default('')
      .describe('Группа: id или дата старта YYYY-MM-DD (обязательна, если у курса есть группы)'),
    consent_privacy: formCheckbox()
      .check(problem((given: boolean) => (given ? null : ORDER_TEXTS.privacyRequired)))
      .describe('Согласие с политикой конфиденциальности (обязательно; в форме — true, on)'),
    consent_personal_data: formCheckbox()
      .check(problem((given: boolean) => (given ? null : ORDER_TEXTS.personalDataRequired)))
      .describe('Согласие на обработку персональных данных (обязательно; в форме — true, on)'),
    consent_advertising: formCheckbox().default(false).describe('Согласие на рекламные рассылки (необязательно)'),
    consent_child_personal_data: formCheckbox()
      .default(false)
      .describe('Согласие родителя (законного представителя) на обработку персональных данных ребёнка: обязательно, если новый ученик — ребёнок'),
    promo_code: optionalText().describe('Промокод (необязательно): цену со скидкой считает сервер; ошибки — под promo_code'),
    session_key: optionalText().describe('Ключ сеанса гостя'),
    // null counts as absent here: utm_source is read instead.
    statistics_source: z
      .preprocess((value: string) => (value === null ? undefined : fieldText(value)), z.string().trim().optional())
      .optional()
      .describe('Источник: ключ (utm_source) или id'),
    utm_source: formText(z.string().trim()).optional(),
    'g-recaptcha-response': formText().optional().describe('Токен капчи (действие orderForm)'),
  })
  .strict()
  .meta({ id: 'OrderRequest', description: 'Форма заказа: JSON или multipart/form-data (значения формы — строки)' });
/** What the site sends (JSON). */
export type OrderRequestInput = z.input<typeof orderRequestBodySchema>;
/** The form as the service reads it: trimmed, normalised, typed. */
export type OrderRequest = z.output<typeof orderRequestBodySchema>;

export const orderCodeParamsSchema = z.object({ order_code: z.string().min(1).max(64) });

/** GET /api/order/payment/{code}/?returned=true: the payer is back from the bank (the callback page). */
export const orderPaymentQuerySchema = z.object({
  returned: queryFlag(false, 'true — плательщик вернулся из банка: банк спрашивают в отдельном лимите'),
});
export const orderConfirmBodySchema = z.object({ code: codeSchema }).strict().meta({ id: 'OrderConfirm' });

export const orderPaymentSchema = z
  .object({
    order: orderSummarySchema,
    can_pay: z.boolean(),
    payments_enabled: z.boolean(),
    payment: z
      .object({
        status: paymentStateSchema,
        provider_status: z.string().nullable(),
        failure_reason: z
          .string()
          .nullable()
          .meta({ description: 'Почему оплата не прошла (для плательщика, по-русски); null, если попытка не отклонена' }),
        created_at: z.string(),
      })
      .nullable()
      .meta({ description: 'Последняя попытка оплаты' }),
  })
  .meta({ id: 'OrderPayment' });
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const paymentLinkParamsSchema = z.object({ bank: z.literal('tbank', { error: 'Неизвестный банк.' }) });
export const paymentLinkBodySchema = z
  .object({
    extra_code: z.string({ error: 'Укажите код заказа.' }).min(1, 'Укажите код заказа.').max(64),
    type: z.enum(PAYMENT_TYPES, { error: 'Способ оплаты: card или sbp.' }).default('card'),
  })
  .strict()
  .meta({ id: 'PaymentLinkRequest' });
export const paymentLinkSchema = z.object({ url: z.url() }).meta({ id: 'PaymentLink' });

export const userOrderSchema = orderSummarySchema
  .extend({
    can_pay: z.boolean(),
    can_cancel: z.boolean(),
    receipt_url: z.string().nullable().meta({ description: 'Ссылка на чек, если банк её дал' }),
  })
  .meta({ id: 'UserOrder' });
export type UserOrder = z.infer<typeof userOrderSchema>;
export const userOrderListSchema = z.array(userOrderSchema).meta({ id: 'UserOrderList' });

/** GET /api/user/courses/: one enrolment of 'Мое обучение' (the account's own or one of its students'). */
export const myCourseSchema = z
  .object({
    id: z.number().int().meta({ description: 'id записи на курс (user_courses)' }),
    is_active: z.boolean(),
    course: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), image: z.string().nullable() }),
    student: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .meta({ description: 'Кто учится, если не сам владелец аккаунта (ребёнок или другой ученик)' }),
    access_until: z.string().nullable().meta({ description: 'Доступ до (ISO 8601); null — без срока' }),
    access_ended: z.boolean().meta({ description: 'Срок доступа прошёл: курс в списке, но уроки и тесты закрыты' }),
    created_at: z.string(),
    progress: z
      .object({ completed: z.number().int(), total: z.number().int() })
      .meta({ description: 'Пройдено уроков из опубликованных уроков курса' }),
  })
  .meta({ id: 'MyCourse' });
export type MyCourse = z.infer<typeof myCourseSchema>;
export const myCourseListSchema = z.array(myCourseSchema).meta({ id: 'MyCourseList' });

/** GET /api/user/courses/grants/: access owners gave to the account's address, not yet its courses. */
export const pendingGrantsSchema = z
  .object({
    pending_grants: z
      .number()
      .int()
      .meta({ description: 'Сколько курсов, открытых владельцами курсов на подтверждённый адрес аккаунта, ещё не добавлено в «Мое обучение»' }),
  })
  .meta({ id: 'PendingGrants' });
export type PendingGrants = z.infer<typeof pendingGrantsSchema>;

/** POST /api/user/courses/grants/: the pending grants made enrolments. */
export const grantsAppliedSchema = z
  .object({ applied: z.number().int().meta({ description: 'Сколько курсов добавлено в «Мое обучение» этим вызовом' }) })
  .meta({ id: 'GrantsApplied' });
export type GrantsApplied = z.infer<typeof grantsAppliedSchema>;

/** GET /api/user/courses/?is_active=false: the courses the learner hid ('Скрытые курсы'). */
export const myCourseListQuerySchema = z.object({
  is_active: queryFlag(true, 'false — скрытые курсы (is_active false), по умолчанию — показанные'),
});
