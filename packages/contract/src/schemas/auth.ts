import { z } from 'zod';

// Sign-in, tokens and the current user (spec §7 Authentication and User, §3 User, §9).

/** Spec §9: the e-mail code has 4 digits; the resend countdown is 180 s. */
export const AUTH_CODE_LENGTH = 4;
export const AUTH_CODE_RESEND_S = 180;
/** Spec §9 token lifetimes. */
export const ACCESS_TOKEN_TTL_S = 7200;
export const REFRESH_TOKEN_TTL_S = 2_592_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Cookie names of the web session (decision 0003); `crema_csrf` is readable by scripts on purpose. */
export const SESSION_COOKIES = { access: 'crema_access', refresh: 'crema_refresh', csrf: 'crema_csrf' } as const;
/** Header of the double-submit CSRF check for cookie-authenticated unsafe calls. */
export const CSRF_HEADER = 'x-csrf-token';
/** Header by which the site asks token calls to set the session cookies instead of returning tokens. */
export const WEB_CLIENT_HEADER = 'x-crema-client';

const EMAIL_INVALID = 'Введите корректный адрес электронной почты.';
// Letters of any script (иван@пример.рф), digits and the usual punctuation; no spaces, quotes or brackets.
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;

/** True for an address of the form local@domain.tld, Cyrillic (IDN) domains included. */
export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL_PART.test(local) || labels.length < 2) return false;
  const top = labels[labels.length - 1] ?? '';
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL.test(top);
}

/** An e-mail address, trimmed, NFC-normalised and lower-cased; Cyrillic addresses accepted. */
export const emailSchema = z
  .string({ error: 'Укажите адрес электронной почты.' })
  .transform((v) => v.trim().normalize('NFC').toLowerCase())
  .pipe(z.string().min(1, 'Укажите адрес электронной почты.').refine(isEmailAddress, EMAIL_INVALID))
  .meta({ description: 'Адрес электронной почты (приводится к нижнему регистру)', example: 'ivan@example.ru' });

const codeSchema = z
  .string({ error: 'Введите код из письма.' })
  .trim()
  .regex(/^[0-9]{4}$/, 'Код — четыре цифры.')
  .meta({ description: 'Четыре цифры из письма', example: '1234' });

/** Passwords are trimmed (spec §5); the rules are checked by the service (see passwordProblems). */
const passwordInput = (required: string) =>
  z.string({ error: required }).max(1024, 'Слишком длинный пароль.').transform((v) => v.trim());

/** The Russian problems of a new password and its repeat; empty when it is acceptable. */
export function passwordProblems(password: string, confirm: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    problems.push(`Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов.`);
  } else if (password.length > PASSWORD_MAX_LENGTH) {
    problems.push(`Пароль должен быть не длиннее ${PASSWORD_MAX_LENGTH} символов.`);
  }
  if (password.length > 0 && /^[0-9]+$/.test(password)) problems.push('Пароль не может состоять только из цифр.');
  if (password !== confirm) problems.push('Пароли не совпадают.');
  return problems;
}

export const sendCodeBodySchema = z.object({ email: emailSchema }).meta({ id: 'SendCodeRequest' });
export type SendCodeBody = z.infer<typeof sendCodeBodySchema>;

export const codeSentSchema = z
  .object({
    detail: z.string(),
    resend_after: z.number().int().describe('Через сколько секунд можно запросить код снова'),
  })
  .meta({ id: 'CodeSent' });
export type CodeSent = z.infer<typeof codeSentSchema>;

export const emailTokenBodySchema = z.object({ email: emailSchema, code: codeSchema }).meta({ id: 'EmailTokenRequest' });

export const passwordTokenBodySchema = z
  .object({
    username: z
      .string({ error: 'Укажите e-mail.' })
      .max(254, 'Слишком длинный адрес.')
      .transform((v) => v.trim().normalize('NFC').toLowerCase())
      .pipe(z.string().min(1, 'Укажите e-mail.'))
      .describe('E-mail пользователя'),
    password: passwordInput('Укажите пароль.').pipe(z.string().min(1, 'Укажите пароль.')),
  })
  .meta({ id: 'PasswordTokenRequest' });

export const refreshBodySchema = z
  .object({
    refresh: z
      .string()
      .max(200)
      .optional()
      .describe('Токен обновления; сайт может не передавать его — тогда берётся cookie crema_refresh'),
  })
  .meta({ id: 'RefreshRequest' });

export const logoutBodySchema = refreshBodySchema.meta({ id: 'LogoutRequest' });

export const restoreBodySchema = z.object({ email: emailSchema }).meta({ id: 'RestoreRequest' });
export const changeBodySchema = z.object({ email: emailSchema }).meta({ id: 'PasswordChangeCodeRequest' });
export const changeCodeBodySchema = z
  .object({ email: emailSchema, code: codeSchema })
  .meta({ id: 'PasswordChangeCodeCheck' });

export const setPasswordBodySchema = z
  .object({
    access_token: z.string({ error: 'Нет токена.' }).trim().min(1, 'Нет токена.').max(2000),
    password: passwordInput('Введите новый пароль.'),
    confirm_password: passwordInput('Повторите новый пароль.'),
  })
  .meta({ id: 'SetPasswordRequest' });
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

export const changeOwnPasswordBodySchema = z
  .object({
    code: codeSchema,
    current_password: passwordInput('Укажите текущий пароль.')
      .optional()
      .describe('Не нужен, если пароль ещё не задан (вход только по коду)'),
    password: passwordInput('Введите новый пароль.'),
    confirm_password: passwordInput('Повторите новый пароль.'),
  })
  .meta({ id: 'ChangeOwnPasswordRequest' });

export const changeTokenSchema = z
  .object({
    access_token: z.string().describe('Одноразовый токен для PATCH /api/auth/set-password/change/'),
    expires_in: z.number().int().describe('Секунд до истечения'),
  })
  .meta({ id: 'PasswordChangeToken' });

/** Spec §3 User: what the header and account pages need. */
export const currentUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    patronymic: z.string().nullable(),
    phone: z.string().nullable().describe('Только цифры с кодом страны, например 79161234567'),
    address: z.string().nullable(),
    birth_date: z.string().nullable().describe('YYYY-MM-DD'),
    gender: z.enum(['male', 'female']).nullable(),
    is_course_owner: z.boolean(),
    is_questionnaire_completed: z.boolean(),
    data_refusal: z.boolean(),
    has_password: z.boolean().describe('Задан ли пароль (иначе вход только по коду)'),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Tokens for API clients (header `JWT-ACCESS-TOKEN: Bearer <access>`). */
export const tokenPairSchema = z
  .object({
    access: z.string().describe(`JWT, живёт ${ACCESS_TOKEN_TTL_S} с`),
    refresh: z.string().describe(`Непрозрачный токен обновления, живёт ${REFRESH_TOKEN_TTL_S} с, одноразовый`),
    user: currentUserSchema,
  })
  .meta({ id: 'TokenPair' });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** The site's answer (header `X-Crema-Client: web`): tokens went into httpOnly cookies. */
export const webSessionSchema = z.object({ user: currentUserSchema }).meta({ id: 'WebSession' });
export type WebSession = z.infer<typeof webSessionSchema>;

export const sessionResponseSchema = z.union([tokenPairSchema, webSessionSchema]);
