import { pipe } from 'imask/esm/masked/pipe';
import type { FactoryArg } from 'imask/esm/masked/factory';
import 'imask/esm/masked/pattern';
import { fromIsoDate } from '@crema/contract/format';

// The input masks of spec §5 as imask patterns: '0' is a digit slot, `{7}` a fixed part, the
// rest is written by the mask (decision 0020). The API takes the masked text (or the digits) and
// answers digits; `show*` turns an answer back into what the field shows.

/** Options of one mask (`imask` pattern options). */
export type MaskOptions = FactoryArg & { mask: string };

/**
 * A phone pasted or autofilled as '+7 916 …', '8 916 …' or '7916…' loses its country code or
 * trunk prefix (the mask writes '+7' itself); what is typed key by key is left as it is.
 */
function preparePhone(chars: string, masked: { value: string }): string {
  const digits = chars.replace(/\D/g, '');
  if (masked.value.replace(/\D/g, '').length <= 1 && digits.length === 11 && /^[78]/.test(digits)) return digits.slice(1);
  return chars;
}

export const MASK = {
  phone: { mask: '+{7} (000) 000 00 00', prepare: preparePhone },
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

/** A stored phone ('79161234567') as the phone field shows it: '+7 (916) 123 45 67'. */
export function showPhone(value: string | null | undefined): string {
  return value ? pipe(value.replace(/^7/, ''), { mask: MASK.phone.mask }) : '';
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
