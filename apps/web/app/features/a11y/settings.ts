// The version for visually impaired visitors (ГОСТ Р 52872-2019, decision 0044): its
// settings live in one cookie; the root loader turns them into attributes of <html> and the CSS
// (styles/a11y.css) does the rest. No zod here: the panel's chunk imports this too.

export const A11Y_COOKIE = { name: 'a11y', maxAgeS: 365 * 24 * 60 * 60 } as const;

export const A11Y_OPTIONS = {
  /** Root font size, per cent. */
  size: ['100', '150', '200'],
  scheme: ['black-on-white', 'white-on-black', 'blue', 'brown', 'green'],
  /** Letter spacing. */
  letters: ['normal', 'wide', 'wider'],
  /** Line spacing. */
  lines: ['normal', 'wide', 'wider'],
  font: ['normal', 'readable'],
  images: ['on', 'off'],
} as const;

export type A11yKey = keyof typeof A11Y_OPTIONS;
export type A11ySettings = { [K in A11yKey]: (typeof A11Y_OPTIONS)[K][number] };

const KEYS = Object.keys(A11Y_OPTIONS) as A11yKey[];

/** What 'Версия для слабовидящих' starts with. */
export const A11Y_DEFAULTS: A11ySettings = {
  size: '150',
  scheme: 'black-on-white',
  letters: 'normal',
  lines: 'normal',
  font: 'normal',
  images: 'on',
};

/**
 * The cookie's value (`size:150|scheme:white-on-black|…`) as settings, or null when the
 * accessible version is off (no cookie, or not ours). Unknown keys and values fall back to the
 * defaults, so an old or edited cookie still gives a whole, valid set.
 */
export function parseA11y(value: string | null | undefined): A11ySettings | null {
  if (!value || !value.includes(':')) return null;
  const settings: A11ySettings = { ...A11Y_DEFAULTS };
  for (const part of value.split('|')) {
    const colon = part.indexOf(':');
    const key = part.slice(0, colon) as A11yKey;
    const option = part.slice(colon + 1);
    if (colon > 0 && KEYS.includes(key) && (A11Y_OPTIONS[key] as readonly string[]).includes(option)) {
      (settings as Record<A11yKey, string>)[key] = option;
    }
  }
  return settings;
}

/** The settings as the cookie's value (every key, in a fixed order). */
export function serializeA11y(settings: A11ySettings): string {
  return KEYS.map((key) => `${key}:${settings[key]}`).join('|');
}

/** The attributes of <html> for these settings (`data-a11y-size="150"` …), or none when off. */
export function a11yAttributes(settings: A11ySettings | null): Record<string, string> {
  if (!settings) return {};
  const attributes: Record<string, string> = { 'data-a11y': 'on' };
  for (const key of KEYS) attributes[`data-a11y-${key}`] = settings[key];
  return attributes;
}

/** What the panel and the settings page (/a11y/, for browsers without scripts) call each setting and option. */
export const A11Y_GROUPS: { key: A11yKey; legend: string; labels: Record<string, string> }[] = [
  { key: 'size', legend: 'Размер шрифта', labels: { '100': '100 %', '150': '150 %', '200': '200 %' } },
  {
    key: 'scheme',
    legend: 'Цветовая схема',
    labels: {
      'black-on-white': 'Чёрным по белому',
      'white-on-black': 'Белым по чёрному',
      blue: 'Тёмно-синим по голубому',
      brown: 'Коричневым по бежевому',
      green: 'Зелёным по тёмно-коричневому',
    },
  },
  { key: 'letters', legend: 'Расстояние между буквами', labels: { normal: 'Обычное', wide: 'Увеличенное', wider: 'Большое' } },
  { key: 'lines', legend: 'Расстояние между строками', labels: { normal: 'Обычное', wide: 'Полуторное', wider: 'Двойное' } },
  { key: 'font', legend: 'Шрифт', labels: { normal: 'Обычный', readable: 'Удобочитаемый' } },
  { key: 'images', legend: 'Изображения', labels: { on: 'Показывать', off: 'Не показывать' } },
];

/** The settings page's form (`size=200&scheme=blue&…`) as settings: what is missing or unknown keeps the default. */
export function a11yFromQuery(query: URLSearchParams): A11ySettings {
  return parseA11y(KEYS.map((key) => `${key}:${query.get(key) ?? ''}`).join('|')) ?? A11Y_DEFAULTS;
}

/** Where the settings page goes back to: a path of this site (no `//host`, backslashes or spaces), or the home page. */
export function a11yBackPath(value: string | null | undefined): string {
  return value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : '/';
}
