// Sign-in rules the API checks and the site checks again before a call. No zod here:
// this file is in the browser's first load (decision 0012).

/** The e-mail code has 4 digits; the resend countdown is 180 s. */
export const AUTH_CODE_LENGTH = 4;
export const AUTH_CODE_RESEND_S = 180;
/** InputCodeOrder: the order-confirmation code may be sent again after 30 s. */
export const ORDER_CODE_RESEND_S = 30;
/** Token lifetimes. */
export const ACCESS_TOKEN_TTL_S = 7200;
export const REFRESH_TOKEN_TTL_S = 2_592_000;
export const PASSWORD_MIN_LENGTH = 8;
/** What a person whose account staff blocked is told when signing in (403). */
export const ACCOUNT_BLOCKED = 'Этот аккаунт заблокирован. Если это ошибка, напишите в школу — мы разберёмся.';
export const PASSWORD_MAX_LENGTH = 128;

/** Cookie names of the web session (decision 0003); `crema_csrf` is readable by scripts on purpose. */
export const SESSION_COOKIES = { access: 'crema_access', refresh: 'crema_refresh', csrf: 'crema_csrf' } as const;
/** Header of the double-submit CSRF check for cookie-authenticated unsafe calls. */
export const CSRF_HEADER = 'x-csrf-token';
/** Header by which the site asks token calls to set the session cookies instead of returning tokens. */
export const WEB_CLIENT_HEADER = 'x-crema-client';

/** Messages of the e-mail field, the same in the API and the dialogs. */
export const EMAIL_REQUIRED = 'Укажите адрес электронной почты.';
export const EMAIL_INVALID = 'Введите корректный адрес электронной почты.';

/**
 * The sign-up consent: one box on the screen where a new account can be made — the code
 * request, the invitation page, the social sign-in — accepting the privacy policy and the processing
 * of personal data. Sent as `consent_personal_data: true`; a new account is made only with it, and
 * only then are the two consent records written. An existing account signs in without it.
 */
export const SIGN_UP_CONSENT_FIELD = 'consent_personal_data';
export const SIGN_UP_CONSENT_REQUIRED = 'Чтобы создать аккаунт, примите условия Политики конфиденциальности и дайте согласие на обработку персональных данных.';

// Letters of any script (иван@пример.рф), digits and the usual punctuation; no spaces, quotes or brackets.
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;

/**
 * The one form of an address everywhere it enters (forms, API, social sign-in): trimmed,
 * NFKC-normalised (a full-width 'ｓtudent@…' or a ligature is the same address as the plain one)
 * and lower-cased.
 */
export function normaliseEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase();
}

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
