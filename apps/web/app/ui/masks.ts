import InputMask from 'imask/esm/controls/input';
import { pipe } from 'imask/esm/masked/pipe';
import type { FactoryArg } from 'imask/esm/masked/factory';
import 'imask/esm/masked/pattern';
import { fromIsoDate, splitPhone } from '@crema/contract/format';

// The site's input masks as imask patterns, for every form of the site (the account, the
// application dialogs, the order page): '0' is a digit slot, `{7}` a fixed part, the rest is
// written by the mask (decision 0020). The API takes the masked text (or the digits) and answers
// digits; `show*` turns an answer back into what the field shows. This folder loads with the
// forms that use it (the `forms` chunk), never on a public page's first load.

/** Options of one mask (`imask` pattern options). */
export type MaskOptions = FactoryArg & { mask: string };

/**
 * Reads a phone as Russians type or paste it (the contract's `splitPhone`, the rule the server
 * reads it by): a leading 8 (trunk prefix), 7 or +7 is the country code the mask writes itself,
 * so '8 916 123-45-67' typed key by key, or 'тел. 8 (916) 123 45 67' pasted, shows
 * '+7 916-123-45-67'. Once the field has '+7' and a digit, every key is a digit of the number;
 * what imask re-appends after an edit (the tail) is left as it is.
 */
function preparePhone(chars: string, masked: { value: string }, flags?: { tail?: boolean }): string {
  if (flags?.tail) return chars;
  const before = masked.value.replace(/\D/g, '');
  // '+7' is shown: a key is a digit of the number ('+7 8…' is +7 800 …), a paste is read whole.
  if (before.length > 1 || (before === '7' && chars.length === 1)) return chars;
  const { national, hasCountryCode } = splitPhone(chars);
  // Only the prefix so far: hand the mask its own '7' (or '+'), so the field shows '+7'.
  if (!national) return hasCountryCode && !before ? '7' : chars.replace(/[^+]/g, '');
  return national;
}

export const MASK = {
  phone: { mask: '+{7} (000) 000 00 00', prepare: preparePhone },
  /** The universal order form's phone ('+7 ###-###-##-##'). */
  orderPhone: { mask: '+{7} 000-000-00-00', prepare: preparePhone },
  date: { mask: '00.00.0000' },
  passportSeries: { mask: '00 00' },
  passportNumber: { mask: '000000' },
  passportGivenCode: { mask: '000 000' },
  snils: { mask: '000-000-000 00' },
} satisfies Record<string, MaskOptions>;

/** Digits from the API as the masked field shows them ('' for none). */
export function showMasked(value: string | null | undefined, options: MaskOptions): string {
  return value ? pipe(value, options) : '';
}

/** A stored phone ('79161234567') as a phone field shows it: '+7 (916) 123 45 67' (or the order form's '+7 916-123-45-67'). */
export function showPhone(value: string | null | undefined, options: MaskOptions = MASK.phone): string {
  return value ? pipe(value.replace(/^7/, ''), { mask: options.mask }) : '';
}

/** A fully typed phone: ten digits after +7. */
export function phoneComplete(typed: string): boolean {
  return typed.replace(/\D/g, '').length === 11;
}

/** 'YYYY-MM-DD' as 'dd.mm.yyyy' ('' for none or anything unreadable). */
export function showDate(iso: string | null | undefined): string {
  if (!iso) return '';
  try {
    return fromIsoDate(iso);
  } catch {
    return '';
  }
}

/** A typed 'dd.mm.yyyy' as the API's 'YYYY-MM-DD'; anything else goes as typed (the server explains). */
export function sendDate(typed: string): string | null {
  const value = typed.trim();
  if (!value) return null;
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

/** A text field's value for the API: trimmed, '' → null (clears the field). */
export function sendText(typed: string): string | null {
  const value = typed.trim();
  return value ? value : null;
}

/**
 * A ref callback that joins react-hook-form's ref and a mask for the input's whole life (make it
 * once per input, e.g. in `useState`): react-hook-form writes the starting value, then imask takes
 * the input over, and lets it go when the input leaves the page.
 */
export function maskedRef(register: (element: HTMLInputElement | null) => void, options: MaskOptions) {
  let control: InputMask<MaskOptions> | null = null;
  return (element: HTMLInputElement | null) => {
    register(element);
    control?.destroy();
    control = element ? new InputMask(element, options) : null;
  };
}
