// Applications through dynamic forms and the captcha.

/** The captcha actions: the application form and the order form. */
export const CAPTCHA_ACTIONS = ['orderForm', 'studentForm'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/** The body field carrying the captcha token, for either provider. */
export const CAPTCHA_TOKEN_FIELD = 'g-recaptcha-response';

export const CAPTCHA_TEXTS = {
  missing: 'Подтвердите, что вы не робот.',
  failed: 'Проверка «Я не робот» не пройдена. Попробуйте ещё раз.',
  unavailable: 'Не удалось проверить, что вы не робот. Попробуйте ещё раз через минуту.',
} as const;

/** Field types of a dynamic form. */
export const FORM_FIELD_TYPES = ['text', 'phone', 'email', 'date'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** The longest value a text field of a dynamic form takes. */
export const FORM_TEXT_MAX_LENGTH = 500;
/** A guest's session key: letters, digits, '-' and '_', up to 64. */
export const SESSION_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** A client's request id for a repeated send (idempotency, decision 0022). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Payload keys an application may carry besides the form's own fields. */
export const APPLICATION_EXTRA_FIELDS = [
  'course_slug',
  'session_key',
  CAPTCHA_TOKEN_FIELD,
  'request_id',
  'consent_personal_data',
  'consent_privacy',
  'consent_advertising',
  'consent_child_personal_data',
] as const;

/**
 * A form with fields about the student (`student_*`: the kids form) collects a child's data from the
 * parent: such an application needs `consent_child_personal_data` (decision 0046's child document).
 */
export const STUDENT_FIELD_PREFIX = 'student_';
/** The child's birth date of an application (and of the order form): checked against the course's age range. */
export const STUDENT_BIRTHDATE_FIELD = 'student_birthdate';

export const FEEDBACK_TEXTS = {
  formNotFound: 'Форма не найдена.',
  required: (title: string) => `Заполните поле «${title}».`,
  textTooLong: `Не длиннее ${FORM_TEXT_MAX_LENGTH} символов.`,
  notText: 'Ожидается текст.',
  courseNotFound: 'Курс не найден.',
  sessionKeyInvalid: 'Некорректный ключ сессии.',
  requestIdInvalid: 'Некорректный идентификатор запроса.',
  consentFlag: 'Ожидается true или false.',
  personalDataConsentRequired: 'Нужно согласие на обработку персональных данных.',
  childConsentRequired: 'Подтвердите согласие законного представителя на обработку персональных данных ребёнка.',
  tooMany: 'Слишком много заявок подряд. Попробуйте позже или позвоните нам.',
} as const;
