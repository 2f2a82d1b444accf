// The site settings staff edit at /admin/school/site/settings/ (decision 0074): which settings
// there are, in which group, and how each value is checked and written. Zod-free, but not in the
// `rules` entry: the API uses these (the screen gets the groups from its answer), and the words
// would weigh on every public page that loads the rules.
import { maskPhone, MASKS, unmask, isMaskComplete } from '../format/masks.ts';
import { isEmailAddress, normaliseEmail } from './auth.ts';
import { sitePath } from './links.ts';

/** How a setting's value is checked and what field edits it. */
export type SiteSettingKind = 'text' | 'long_text' | 'phone' | 'email' | 'link' | 'site_link' | 'inn' | 'kpp' | 'ogrn' | 'html';

export interface SiteSettingDefinition {
  key: string;
  label: string;
  kind: SiteSettingKind;
  /** A line under the field: where the value shows, what an empty one means. */
  hint?: string;
  /** An empty value is refused. */
  required?: boolean;
}

export interface SiteSettingGroup {
  key: 'contacts' | 'social' | 'legal' | 'seo' | 'head' | 'notifications';
  title: string;
  settings: readonly SiteSettingDefinition[];
}

export const SITE_SETTING_GROUPS: readonly SiteSettingGroup[] = [
  {
    key: 'contacts',
    title: 'Контакты',
    settings: [
      { key: 'HEADER_PHONE', label: 'Телефон в шапке', kind: 'phone', hint: 'Пусто — в шапке нет телефона.' },
      { key: 'FOOTER_PHONE', label: 'Основной телефон', kind: 'phone', hint: 'Подвал, страница «Контакты», «Очное обучение».' },
      { key: 'FOOTER_PHONE_2', label: 'Второй телефон', kind: 'phone', hint: 'Необязательно: например, бесплатный 8 800.' },
      { key: 'CONTACT_EMAIL', label: 'Электронная почта', kind: 'email', hint: 'Подвал и страница «Контакты».' },
      { key: 'FOOTER_ADDRESS', label: 'Адрес студии', kind: 'long_text', hint: 'Подвал и страница «Контакты».' },
    ],
  },
  {
    key: 'social',
    title: 'Соцсети',
    settings: [
      { key: 'FOOTER_VK_LINK', label: 'ВКонтакте', kind: 'link' },
      { key: 'FOOTER_TELEGRAM_LINK', label: 'Telegram', kind: 'link' },
      { key: 'FOOTER_OK_LINK', label: 'Одноклассники', kind: 'link' },
      { key: 'FOOTER_YOUTUBE_LINK', label: 'YouTube', kind: 'link' },
      { key: 'FOOTER_RUTUBE_LINK', label: 'Rutube', kind: 'link' },
      { key: 'FOOTER_DZEN_LINK', label: 'Дзен', kind: 'link' },
      { key: 'FOOTER_MINISTRY_LINK', label: 'Сайт Минпросвещения', kind: 'link', hint: 'Ссылка в подвале с подписью о министерстве.' },
    ],
  },
  {
    key: 'legal',
    title: 'Реквизиты',
    settings: [
      { key: 'FOOTER_NAME', label: 'Название организации', kind: 'text', hint: 'Подвал, договор-оферта.' },
      { key: 'LEGAL_INN', label: 'ИНН', kind: 'inn', hint: '10 цифр у организации, 12 — у ИП.' },
      { key: 'LEGAL_KPP', label: 'КПП', kind: 'kpp', hint: '9 знаков; у ИП КПП нет — оставьте пустым.' },
      { key: 'LEGAL_OGRN', label: 'ОГРН или ОГРНИП', kind: 'ogrn', hint: '13 цифр ОГРН или 15 цифр ОГРНИП.' },
      { key: 'LEGAL_ADDRESS', label: 'Юридический адрес', kind: 'long_text' },
      { key: 'LEGAL_LICENSE', label: 'Образовательная лицензия', kind: 'long_text', hint: 'Номер и дата: подвал и договор-оферта.' },
      { key: 'PRIVACY_POLICY_LINK', label: 'Политика конфиденциальности', kind: 'site_link', hint: 'Страница сайта с / или адрес с https://.' },
      { key: 'FOOTER_DEVELOPER', label: 'Подпись разработчика в подвале', kind: 'text' },
    ],
  },
  {
    key: 'seo',
    title: 'SEO',
    settings: [
      { key: 'SITE_NAME', label: 'Название сайта', kind: 'text', required: true, hint: 'Заголовок вкладки, письма, карточки в соцсетях.' },
      { key: 'SITE_DESCRIPTION', label: 'Описание по умолчанию', kind: 'long_text', hint: 'meta description страниц без своего описания.' },
      { key: 'SITE_KEYWORDS', label: 'Ключевые слова по умолчанию', kind: 'long_text' },
    ],
  },
  {
    key: 'head',
    title: 'Счётчики и метатеги',
    settings: [
      {
        key: 'COUNTERS',
        label: 'Код счётчиков',
        kind: 'html',
        hint: 'Вставляется в <head> каждой страницы как есть: только код, выданный сервисом статистики.',
      },
      { key: 'META_TAGS', label: 'Дополнительные метатеги', kind: 'html', hint: 'Только теги <meta> (подтверждение сайта и т. п.); остальное не выводится.' },
    ],
  },
  {
    key: 'notifications',
    title: 'Уведомления',
    settings: [
      {
        key: 'SCHOOL_NOTIFY_EMAIL',
        label: 'Почта школы для заявок',
        kind: 'email',
        hint: 'Сюда приходят письма о новых заявках с сайта. На сайте не показывается.',
      },
    ],
  },
];

/** Every setting staff edit, by key. */
export const SITE_SETTINGS: ReadonlyMap<string, SiteSettingDefinition & { group: SiteSettingGroup['key'] }> = new Map(
  SITE_SETTING_GROUPS.flatMap((group) => group.settings.map((setting) => [setting.key, { ...setting, group: group.key }] as const)),
);

/** Settings kept from guests: the public settings call never answers them. */
export const PRIVATE_SETTING_KEYS: readonly string[] = ['SCHOOL_NOTIFY_EMAIL'];

/** The Russian messages of the checks. */
export const SITE_SETTING_TEXTS = {
  required: 'Заполните это поле.',
  tooLong: (max: number) => `Не длиннее ${max} символов.`,
  phone: 'Телефон: 10 цифр после +7, например +7 (495) 120-34-56.',
  email: 'Адрес электронной почты вида school@example.ru.',
  link: 'Ссылка должна начинаться с https:// и вести на сайт, например https://vk.com/crema_school.',
  siteLink: 'Страница сайта, начиная с / (например /documents/privacy-policy/), или адрес с https://.',
  innLength: 'ИНН — 10 цифр у организации или 12 у ИП.',
  innChecksum: 'ИНН с ошибкой: не сходится контрольная цифра. Проверьте по выписке из ЕГРЮЛ.',
  kpp: 'КПП — 9 знаков: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры.',
  kppForEntrepreneur: 'У ИП (ИНН из 12 цифр) нет КПП: оставьте поле пустым.',
  ogrnLength: 'ОГРН — 13 цифр, ОГРНИП — 15 цифр.',
  ogrnChecksum: 'ОГРН с ошибкой: не сходится контрольная цифра. Проверьте по выписке.',
  ogrnKind: 'ИНН из 10 цифр — организация, ей нужен ОГРН из 13 цифр; ОГРНИП из 15 — у ИП с ИНН из 12 цифр.',
  unknown: 'Такой настройки нет.',
  conflict: (labels: string[]) =>
    `Пока вы редактировали, настройки изменил другой сотрудник: ${labels.join(', ')}. Обновите страницу, чтобы увидеть новые значения, — ваши изменения не сохранены.`,
} as const;

const MAX_LENGTH: Record<SiteSettingKind, number> = {
  text: 300,
  long_text: 1000,
  phone: 40,
  email: 254,
  link: 500,
  site_link: 500,
  inn: 20,
  kpp: 20,
  ogrn: 20,
  html: 20_000,
};

/** True for a valid ИНН: 10 digits (an organisation) or 12 (a person), with its check digits. */
export function isValidInn(inn: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(inn)) return false;
  const digits = [...inn].map(Number);
  const check = (weights: number[]) => (weights.reduce((sum, weight, i) => sum + weight * digits[i]!, 0) % 11) % 10;
  if (inn.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[9];
  return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[11];
}

/** True for a valid ОГРН (13 digits) or ОГРНИП (15), with its check digit. */
export function isValidOgrn(ogrn: string): boolean {
  if (!/^\d{13}$|^\d{15}$/.test(ogrn)) return false;
  const body = BigInt(ogrn.slice(0, -1));
  const modulo = ogrn.length === 13 ? 11n : 13n;
  return Number((body % modulo) % 10n) === Number(ogrn.at(-1));
}

function isHttpsLink(value: string): boolean {
  if (!/^https:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * A value as staff typed it, checked and written the one way it is kept: phones as the site's mask
 * writes them ('+7 (495) 120-34-56'), e-mails lower-cased, codes as digits. An empty value is
 * allowed unless the setting is required (the site then leaves the line out).
 */
export function normaliseSiteSetting(definition: SiteSettingDefinition, raw: string): { value: string } | { error: string } {
  const text = definition.kind === 'html' ? raw.trim() : raw.replace(/\s+/g, ' ').trim();
  if (text.length > MAX_LENGTH[definition.kind]) return { error: SITE_SETTING_TEXTS.tooLong(MAX_LENGTH[definition.kind]) };
  if (text === '') return definition.required ? { error: SITE_SETTING_TEXTS.required } : { value: '' };
  switch (definition.kind) {
    case 'phone': {
      const value = maskPhone(text, MASKS.phone);
      return isMaskComplete(value, MASKS.phone) && unmask(text).length <= 11 ? { value } : { error: SITE_SETTING_TEXTS.phone };
    }
    case 'email': {
      const value = normaliseEmail(text);
      return isEmailAddress(value) ? { value } : { error: SITE_SETTING_TEXTS.email };
    }
    case 'link':
      return isHttpsLink(text) ? { value: text } : { error: SITE_SETTING_TEXTS.link };
    case 'site_link':
      if (isHttpsLink(text)) return { value: text };
      // A page of this site, as the browser will read it (no '//host', backslash or dot-segment tricks).
      return !/\s/.test(text) && sitePath(text) !== null ? { value: sitePath(text)! } : { error: SITE_SETTING_TEXTS.siteLink };
    case 'inn': {
      const value = text.replace(/[\s-]/g, '');
      if (!/^\d{10}$|^\d{12}$/.test(value)) return { error: SITE_SETTING_TEXTS.innLength };
      return isValidInn(value) ? { value } : { error: SITE_SETTING_TEXTS.innChecksum };
    }
    case 'kpp': {
      const value = text.replace(/\s/g, '').toUpperCase();
      return /^\d{4}[\dA-Z]{2}\d{3}$/.test(value) ? { value } : { error: SITE_SETTING_TEXTS.kpp };
    }
    case 'ogrn': {
      const value = text.replace(/[\s-]/g, '');
      if (!/^\d{13}$|^\d{15}$/.test(value)) return { error: SITE_SETTING_TEXTS.ogrnLength };
      return isValidOgrn(value) ? { value } : { error: SITE_SETTING_TEXTS.ogrnChecksum };
    }
    default:
      return { value: definition.kind === 'html' ? raw.trim() : text };
  }
}

/**
 * Checks across the legal details, on the values as they will be: an ИП (12-digit ИНН) has no КПП
 * and an ОГРНИП, an organisation (10 digits) an ОГРН. Answers messages by key.
 */
export function legalDetailsProblems(values: Record<string, string>): Record<string, string> {
  const problems: Record<string, string> = {};
  const inn = values.LEGAL_INN ?? '';
  const ogrn = values.LEGAL_OGRN ?? '';
  if (inn.length === 12 && values.LEGAL_KPP) problems.LEGAL_KPP = SITE_SETTING_TEXTS.kppForEntrepreneur;
  if (inn && ogrn && (inn.length === 10) !== (ogrn.length === 13)) problems.LEGAL_OGRN = SITE_SETTING_TEXTS.ogrnKind;
  return problems;
}
