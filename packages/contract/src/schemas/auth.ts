import { z } from 'zod';
import {
  ACCESS_TOKEN_TTL_S,
  AUTH_CODE_LENGTH,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  isEmailAddress,
  normaliseEmail,
  REFRESH_TOKEN_TTL_S,
} from '../rules/auth.ts';

// Sign-in, tokens and the current user.

/**
 * An e-mail address, trimmed, NFKC-normalised and lower-cased (normaliseEmail); Cyrillic
 * addresses accepted. `overwrite` keeps it a string in the OpenAPI document, input and output.
 */
export const emailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .overwrite(normaliseEmail)
  .min(1, EMAIL_REQUIRED)
  .refine(isEmailAddress, EMAIL_INVALID)
  .meta({ description: 'Адрес электронной почты (приводится к нижнему регистру)', example: 'ivan@example.ru' });

export const codeSchema = z
  .string({ error: 'Введите код из письма.' })
  .trim()
  .regex(new RegExp(`^[0-9]{${AUTH_CODE_LENGTH}}$`), 'Код — четыре цифры.')
  .meta({ description: 'Четыре цифры из письма', example: '1234' });

/**
 * Passwords are trimmed; the rules are checked by the service (see passwordProblems).
 * `trim()` rewrites the value in place, so the OpenAPI document shows a string, not "any".
 */
const passwordInput = (required: string) => z.string({ error: required }).max(1024, 'Слишком длинный пароль.').trim();

export const sendCodeBodySchema = z.object({ email: emailSchema }).strict().meta({ id: 'SendCodeRequest' });
export type SendCodeBody = z.infer<typeof sendCodeBodySchema>;

export const codeSentSchema = z
  .object({
    detail: z.string(),
    resend_after: z.number().int().describe('Через сколько секунд можно запросить код снова'),
  })
  .meta({ id: 'CodeSent' });
export type CodeSent = z.infer<typeof codeSentSchema>;

/** The sign-up consent box: needed when the code makes a new account, ignored otherwise. */
export const signUpConsentSchema = z
  .boolean({ error: 'Ожидается true или false.' })
  .optional()
  .describe(
    'Отмеченный человеком флажок «Принимаю условия Политики конфиденциальности и даю разрешение на обработку персональных данных». ' +
      'Нужен, только если вход создаёт новый аккаунт: без него аккаунт не создаётся (400 `{consent_personal_data: [...]}`); ' +
      'с ним записываются согласия на обработку персональных данных и с политикой конфиденциальности.',
  );

export const emailTokenBodySchema = z
  .object({ email: emailSchema, code: codeSchema, consent_personal_data: signUpConsentSchema })
  .strict()
  .meta({ id: 'EmailTokenRequest' });

export const passwordTokenBodySchema = z
  .object({
    username: z
      .string({ error: 'Укажите e-mail.' })
      .max(254, 'Слишком длинный адрес.')
      .overwrite(normaliseEmail)
      .min(1, 'Укажите e-mail.')
      .describe('E-mail пользователя'),
    password: passwordInput('Укажите пароль.').min(1, 'Укажите пароль.'),
  })
  .strict()
  .meta({ id: 'PasswordTokenRequest' });

export const refreshBodySchema = z
  .object({
    refresh: z
      .string()
      .max(200)
      .optional()
      .describe('Токен обновления; сайт может не передавать его — тогда берётся cookie crema_refresh'),
  })
  .strict()
  .meta({ id: 'RefreshRequest' });

export const logoutBodySchema = refreshBodySchema.meta({ id: 'LogoutRequest' });

export const restoreBodySchema = z.object({ email: emailSchema }).strict().meta({ id: 'RestoreRequest' });
export const changeBodySchema = z.object({ email: emailSchema }).strict().meta({ id: 'PasswordChangeCodeRequest' });
export const changeCodeBodySchema = z
  .object({ email: emailSchema, code: codeSchema })
  .strict()
  .meta({ id: 'PasswordChangeCodeCheck' });

export const setPasswordBodySchema = z
  .object({
    access_token: z.string({ error: 'Нет токена.' }).trim().min(1, 'Нет токена.').max(2000),
    password: passwordInput('Введите новый пароль.'),
    confirm_password: passwordInput('Повторите новый пароль.'),
  })
  .strict()
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
  .strict()
  .meta({ id: 'ChangeOwnPasswordRequest' });

export const changeTokenSchema = z
  .object({
    access_token: z.string().describe('Одноразовый токен для PATCH /api/auth/set-password/change/'),
    expires_in: z.number().int().describe('Секунд до истечения'),
  })
  .meta({ id: 'PasswordChangeToken' });

/** The user: what the header and account pages need. */
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
    is_staff: z.boolean().describe('Сотрудник школы: ведёт «Сведения об образовательной организации» и юридические документы'),
    is_curator: z.boolean().describe('Куратор курса или группы: проверяет домашние задания'),
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
