// The version for visually impaired visitors (ГОСТ Р 52872-2019, issue 15, decision 0044): its
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
