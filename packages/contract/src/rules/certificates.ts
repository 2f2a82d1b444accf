// Certificates of completion (decision 0085): the number's shape, the rules' names, the texts the
// site shows. Zod-free, for browser code too.

/** Characters of a certificate number: no 0/O, 1/I/L, so a number read aloud or typed is unambiguous. */
export const CERTIFICATE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 'CR-' and three groups of four: 31^12 ≈ 8·10^17 numbers, drawn at random. */
export const CERTIFICATE_NUMBER_RE = /^CR-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/;

export const CERTIFICATE_RULES = {
  all_done: 'Пройдены все уроки и итоговый тест',
  tests_share: 'Пройдена заданная доля тестов курса',
} as const;
export type CertificateRule = keyof typeof CERTIFICATE_RULES;

export const CERTIFICATE_DEFAULT_TITLE = 'Сертификат о прохождении курса';

export const CERTIFICATE_STATUSES = {
  valid: 'Действителен',
  revoked: 'Сертификат отозван',
  replaced: 'Сертификат заменён',
} as const;
export type CertificateStatus = keyof typeof CERTIFICATE_STATUSES;

export const CERTIFICATE_TEXTS = {
  notFound: 'Сертификат не найден.',
  tooMany: 'Слишком много проверок с вашего адреса. Попробуйте через несколько минут.',
  nameNeeded: 'Укажите ФИО для сертификата',
  notRevocable: 'Сертификат уже отозван или заменён.',
  notReissuable: 'Перевыпустить можно только действующий сертификат.',
  sameName: 'ФИО в личных данных не изменилось: перевыпуск не нужен.',
  noName: 'У слушателя не указаны фамилия и имя в личных данных.',
  reasonRequired: 'Укажите причину отзыва.',
} as const;

/** Normalises a typed number ('cr-abcd-…' → 'CR-ABCD-…'); the result may still be malformed. */
export function normaliseCertificateNumber(value: string): string {
  return value.trim().toUpperCase();
}
