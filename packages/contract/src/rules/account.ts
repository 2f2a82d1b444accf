// Personal-account rules (the user, documents and students; masks, completeness and the
// add-student rules). No zod here: the account forms check the same rules in the browser
// (decision 0012); the zod schemas in schemas/account.ts call these functions.
import { moscowIsoDate, toIsoDate } from '../format/dates.ts';
import { isValidSnils, normalizePhone, unmask } from '../format/masks.ts';

export const NAME_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 500;
export const PASSPORT_LOCATION_MAX_LENGTH = 500;
/** An account holder is at least 14 (the age of a Russian passport) and at most 120 years old. */
export const ACCOUNT_MIN_AGE = 14;
export const PERSON_MAX_AGE = 120;

export const GENDERS = [
  { id: 'male', title: 'Мужской' },
  { id: 'female', title: 'Женский' },
] as const;
export type Gender = (typeof GENDERS)[number]['id'];

export const STUDENT_TYPES = [
  { id: 'child', title: 'Ребёнок' },
  { id: 'adult', title: 'Взрослый' },
] as const;
export type StudentType = (typeof STUDENT_TYPES)[number]['id'];

/** The fields that make a profile complete, in the order the forms show them. */
export const PROFILE_PERSONAL_FIELDS = ['last_name', 'first_name', 'patronymic', 'birth_date', 'phone', 'email'] as const;
export const PROFILE_DOCUMENT_FIELDS = [
  'passport_series',
  'passport_number',
  'passport_given_code',
  'passport_given_date',
  'passport_given_location',
  'snils',
] as const;
export type ProfileField = (typeof PROFILE_PERSONAL_FIELDS)[number] | (typeof PROFILE_DOCUMENT_FIELDS)[number];

/** The fields still empty for a complete profile; empty when the profile is complete. */
export function missingProfileFields(values: Partial<Record<ProfileField, string | null | undefined>>): ProfileField[] {
  return [...PROFILE_PERSONAL_FIELDS, ...PROFILE_DOCUMENT_FIELDS].filter((field) => !values[field]?.trim());
}

export const ACCOUNT_TEXTS = {
  nameLetters: 'Только буквы, пробелы, дефисы и апострофы.',
  nameTooLong: `Не длиннее ${NAME_MAX_LENGTH} символов.`,
  lastNameRequired: 'Укажите фамилию.',
  firstNameRequired: 'Укажите имя.',
  studentTypeRequired: 'Выберите, кто будет учиться: ребёнок или взрослый.',
  genderInvalid: 'Выберите пол: мужской или женский.',
  phoneInvalid: 'Введите номер в формате +7 (999) 999-99-99.',
  phoneRequired: 'Укажите телефон.',
  emailRequired: 'Укажите адрес электронной почты.',
  dateInvalid: 'Введите существующую дату в формате ДД.ММ.ГГГГ.',
  dateInFuture: 'Дата не может быть в будущем.',
  dateTooOld: `Дата не может быть раньше, чем ${PERSON_MAX_AGE} лет назад.`,
  accountTooYoung: `Владельцу личного кабинета должно быть не меньше ${ACCOUNT_MIN_AGE} лет.`,
  childBirthRequired: 'Укажите дату рождения ребёнка.',
  passportSeries: 'Серия паспорта — четыре цифры.',
  passportNumber: 'Номер паспорта — шесть цифр.',
  passportGivenCode: 'Код подразделения — шесть цифр в формате 999-999.',
  snilsInvalid: 'Проверьте СНИЛС: одиннадцать цифр с верной контрольной суммой.',
  textTooLong: 'Слишком длинный текст.',
  emailChangeNeedsCode:
    'Адрес электронной почты — это логин для входа: его меняют только с подтверждением кодом, отправленным на новый адрес.',
  documentsRefused:
    'Вы отказались предоставлять данные документов. Чтобы указать их, сначала снимите отказ в личных данных.',
  studentHasCourses: 'Нельзя удалить ученика, у которого есть курсы или оплаченные заказы.',
} as const;

const NAME_RE = /^\p{L}+(?:[ '’-]+\p{L}+)*$/u;

/** Trims a name and collapses inner spaces: '  Анна  Мария ' → 'Анна Мария'. */
export function normaliseName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** The Russian problem of a (normalised, non-empty) name, or null: letters, spaces, hyphens, apostrophes. */
export function nameProblem(name: string): string | null {
  if (name.length > NAME_MAX_LENGTH) return ACCOUNT_TEXTS.nameTooLong;
  return NAME_RE.test(name) ? null : ACCOUNT_TEXTS.nameLetters;
}

/** A label pasted along with a number ('тел. ', 'Телефон: ', 'tel:'), read past by `storedPhone`. */
const PHONE_LABEL_RE = /^\s*(?:тел(?:ефон)?|моб(?:ильный)?|tel|phone)\.?\s*:?\s*/i;

/**
 * A Russian phone as stored: the country code and ten digits, digits only ('79161234567'); null
 * for anything else. Reads it as people write it (the same rule as the site's phone fields):
 * '+7 (916) 123-45-67', '+7 916-123-45-67', '8 916 123 45 67', '8 (916) 123-45-67', '7916…',
 * '9161234567', with spaces, brackets, dashes or dots, after a label such as 'тел. '. A leading
 * 8 or 7 before ten digits is the trunk prefix or the country code; other letters refuse it.
 */
export function storedPhone(input: string): string | null {
  const number = input.replace(PHONE_LABEL_RE, '');
  if (/[^\d\s().+-]/.test(number)) return null;
  const e164 = normalizePhone(number);
  return e164 === null ? null : e164.slice(1);
}

/** A date sent as 'YYYY-MM-DD' (or typed 'dd.mm.yyyy') as 'YYYY-MM-DD'; null if it is not a real date. */
export function parseIsoDate(input: string): string | null {
  const value = input.trim();
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  if (iso) {
    const [y, m, d] = iso.split('-');
    return toIsoDate(`${d}.${m}.${y}`);
  }
  return toIsoDate(value);
}

function yearsBefore(iso: string, years: number): string {
  const year = Number(iso.slice(0, 4)) - years;
  const rest = iso.slice(4);
  // 29 February of a year that has none becomes 28 February.
  return toIsoDate(`${rest.slice(4)}.${rest.slice(1, 3)}.${String(year).padStart(4, '0')}`) ?? `${year}-${rest.slice(1, 3)}-28`;
}

/**
 * The Russian problem of a past date (a birth date, a passport's date of issue), or null:
 * real, not in the future (by Moscow's calendar), not more than 120 years ago; `minAge`
 * years before today at the latest when given.
 */
export function pastDateProblem(iso: string, options: { minAge?: number; today?: string } = {}): string | null {
  const today = options.today ?? moscowIsoDate(new Date());
  if (iso > today) return ACCOUNT_TEXTS.dateInFuture;
  if (iso < yearsBefore(today, PERSON_MAX_AGE)) return ACCOUNT_TEXTS.dateTooOld;
  if (options.minAge !== undefined && iso > yearsBefore(today, options.minAge)) return ACCOUNT_TEXTS.accountTooYoung;
  return null;
}

/** Digits of a passport series ('45 10' → '4510'), or null unless exactly four. */
export function passportSeriesDigits(input: string): string | null {
  return /^\d{2}\s?\d{2}$/.test(input.trim()) ? unmask(input) : null;
}

/** Digits of a passport number, or null unless exactly six. */
export function passportNumberDigits(input: string): string | null {
  return /^\d{6}$/.test(input.trim()) ? input.trim() : null;
}

/** Digits of an issuing unit code ('770-001', '770 001', '770001'), or null unless exactly six. */
export function passportGivenCodeDigits(input: string): string | null {
  return /^\d{3}[\s-]?\d{3}$/.test(input.trim()) ? unmask(input) : null;
}

/** The eleven digits of a valid SNILS ('112-233-445 95' → '11223344595'), or null. */
export function snilsDigits(input: string): string | null {
  const value = input.trim();
  if (!/^[\d\s-]+$/.test(value) || !isValidSnils(value)) return null;
  return unmask(value);
}

// ---------------------------------------------------------------- consents (152-ФЗ), data, deletion

/**
 * The documents a person consents to, in the order the account page lists them (decision 0018);
 * the last is given by a parent for a child student only (decision 0046).
 */
export const CONSENT_DOCUMENT_KINDS = [
  { id: 'personal_data', title: 'Согласие на обработку персональных данных' },
  { id: 'privacy_policy', title: 'Политика конфиденциальности' },
  { id: 'advertising', title: 'Согласие на получение рекламных рассылок' },
  { id: 'child_personal_data', title: 'Согласие родителя на обработку персональных данных ребёнка' },
] as const;
export type ConsentDocumentKind = (typeof CONSENT_DOCUMENT_KINDS)[number]['id'];
/** Every kind of consent record: the documents above and the refusal to give document data. */
export const CONSENT_KINDS = [
  ...CONSENT_DOCUMENT_KINDS,
  { id: 'data_refusal', title: 'Отказ от предоставления данных документов' },
] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number]['id'];

/** The Russian title of a consent kind. */
export function consentKindTitle(kind: ConsentKind): string {
  return CONSENT_KINDS.find((k) => k.id === kind)?.title ?? kind;
}

/** The code letter to confirm an account deletion or an address change, like the sign-in code. */
export const ACCOUNT_CODE_LENGTH = 4;

/**
 * What a new version of a document asks of people who agreed to an older one (decision 0046):
 * a consent to processing is a new agreement ('accept'; the old one stays in force until then),
 * the privacy policy is the operator's published document — people are told ('notice').
 * Advertising is not asked again.
 */
export const RECONSENT_ACTIONS = {
  personal_data: 'accept',
  child_personal_data: 'accept',
  privacy_policy: 'notice',
} as const;
export type ReconsentKind = keyof typeof RECONSENT_ACTIONS;

export const CONSENT_TEXTS = {
  kindInvalid:
    'Выберите документ: согласие на обработку персональных данных, политика конфиденциальности, рекламные рассылки или согласие родителя за ребёнка.',
  studentOnlyPersonalData: 'За ученика даётся только согласие на обработку персональных данных.',
  childNeedsStudent: 'Согласие родителя даётся за ребёнка: укажите ученика.',
  childKindForChild: 'За ребёнка даётся согласие родителя на обработку персональных данных ребёнка.',
  childKindOnlyChild: 'Согласие родителя даётся только за ребёнка. За взрослого ученика — согласие на обработку персональных данных.',
  versionOutdated: 'Опубликована более новая редакция документа. Обновите страницу и прочитайте её.',
  /** The order form: a new child student needs the payer's consent as the legal representative. */
  childConsentRequired: 'Подтвердите согласие законного представителя на обработку персональных данных ребёнка.',
  notFound: 'Согласие не найдено.',
  alreadyWithdrawn: 'Это согласие уже отозвано.',
  documentMissing: 'Текст этого документа ещё не опубликован. Попробуйте позже или напишите в школу.',
  /** Shown by the student form next to the consent checkbox (the holder signs for the child). */
  studentConsentLabel:
    'Даю согласие на обработку персональных данных ученика как его законный представитель (для ребёнка) или с его согласия (для взрослого).',
} as const;

export const DELETION_TEXTS = {
  codeSent: 'Код для удаления аккаунта отправлен на ваш адрес.',
  deleted: 'Аккаунт удалён.',
  ownerHasCourses:
    'У вас есть собственные курсы. Передайте их другому владельцу или удалите, а затем удалите аккаунт.',
} as const;

export const EMAIL_CHANGE_TEXTS = {
  sameAddress: 'Это ваш текущий адрес. Укажите новый.',
  taken: 'Этот адрес уже занят другим аккаунтом.',
} as const;
