import { format, type MaskOptions, type Track } from '@react-input/mask';
import { fromIsoDate } from '@crema/contract/format';

// The input masks of spec §5 as @react-input/mask options: '_' is a digit slot, everything else
// is typed by the mask itself (decision 0020). The API takes the masked text (or the digits) and
// answers digits; `show*` turns an answer back into what the field shows.

const DIGIT = { _: /\d/ };

/**
 * A pasted or autofilled '+7 916 …' / '8 916 …' / '7916…' loses its country code or trunk prefix
 * before masking (the mask writes '+7' itself); typing digit by digit is left as it is.
 */
const phoneTrack: Track = ({ inputType, data, selectionStart }) => {
  if (inputType !== 'insert' || !data || selectionStart > 4) return data;
  const digits = data.replace(/\D/g, '');
  if (digits.length === 11 && /^[78]/.test(digits)) return digits.slice(1);
  return data;
};

export const MASK = {
  phone: { mask: '+7 (___) ___ __ __', replacement: DIGIT, track: phoneTrack },
  date: { mask: '__.__.____', replacement: DIGIT },
  passportSeries: { mask: '__ __', replacement: DIGIT },
  passportNumber: { mask: '______', replacement: DIGIT },
  passportGivenCode: { mask: '___ ___', replacement: DIGIT },
  snils: { mask: '___-___-___ __', replacement: DIGIT },
} satisfies Record<string, MaskOptions & Parameters<typeof format>[1]>;

/** Digits from the API as the masked field shows them ('' for none). */
export function showMasked(value: string | null | undefined, options: Parameters<typeof format>[1]): string {
  return value ? format(value, options) : '';
}

/** A stored phone ('79161234567') as the phone field shows it: '+7 (916) 123 45 67'. */
export function showPhone(value: string | null | undefined): string {
  return value ? format(value.replace(/^7/, ''), MASK.phone) : '';
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
