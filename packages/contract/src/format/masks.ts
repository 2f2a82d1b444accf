/** Input masks used in the forms: '#' is a digit slot, every other character is a literal. */
export const MASKS = {
  phone: '+7 (###) ###-##-##',
  phoneOrder: '+7 ###-###-##-##',
  passportSeries: '## ##',
  passportNumber: '######',
  passportIssuerCode: '### ###',
  date: '##.##.####',
  snils: '###-###-### ##',
} as const;

const SLOT = '#';

/** Keeps only the ASCII digits of a string: '+7 (916) 123-45-67' → '79161234567'. */
export function unmask(value: string): string {
  return value.replace(/\D/g, '');
}

/** Formats the digits of value by mask as the user types: applyMask('123', '##.##.####') → '12.3'. */
export function applyMask(value: string, mask: string): string {
  const digits = unmask(value);
  let result = '';
  let next = 0;
  for (const ch of mask) {
    if (next >= digits.length) break;
    if (ch === SLOT) {
      result += digits[next];
      next++;
    } else {
      // Literals are written only ahead of a digit: a trailing '.' or '-' after the last
      // typed digit would reappear after every Backspace and the user could never delete it.
      result += ch;
    }
  }
  return result;
}

/** True when value is fully filled in and formatted exactly by mask ('12.03.2024' for '##.##.####'). */
export function isMaskComplete(value: string, mask: string): boolean {
  if (value.length !== mask.length) return false;
  for (let i = 0; i < mask.length; i++) {
    const m = mask[i];
    const v = value[i] ?? '';
    if (m === SLOT ? !/^\d$/.test(v) : v !== m) return false;
  }
  return true;
}

const NATIONAL_PHONE_LENGTH = 10;

// Russian numbers are written as '+7 …', '8 …' (trunk prefix) or just the 10 national
// digits. A mask starting with '+7' re-reads its own output, so a leading '+' always means
// the next digit is the country code. Without '+', exactly 10 digits are a national number
// (so a pasted '812 …' St Petersburg number is kept); any other length starting with 7 or 8
// carries a prefix, which is what makes typing '8', '89', … work one key at a time.
// The site's phone fields (apps/web/app/ui/masks.ts) read what is typed or pasted by this rule too.
export function splitPhone(input: string): { national: string; hasCountryCode: boolean } {
  const digits = unmask(input);
  const hasPlus = /^[^\d]*\+/.test(input);
  const first = digits[0];
  const hasCountryCode = hasPlus
    ? first === '7'
    : (first === '7' || first === '8') && digits.length !== NATIONAL_PHONE_LENGTH;
  return { national: hasCountryCode ? digits.slice(1) : digits, hasCountryCode };
}

/** Formats a Russian phone as typed or pasted: '89161234567' and '+7 916 123-45-67' → '+7 (916) 123-45-67'. */
export function maskPhone(input: string, mask: string = MASKS.phone): string {
  const { national, hasCountryCode } = splitPhone(input);
  const slotAt = mask.indexOf(SLOT);
  const prefix = slotAt === -1 ? mask : mask.slice(0, slotAt);
  if (national === '') {
    // Only the country code has been typed so far: show '+7' (without ' (' so that
    // Backspace can remove it) instead of swallowing the keystroke.
    return hasCountryCode ? prefix.replace(/\D+$/, '') : '';
  }
  // The prefix is fixed text: its '7' must not be fed to the slots as a digit.
  return prefix + applyMask(national, mask.slice(prefix.length));
}

/** Normalises a Russian phone to E.164 '+79161234567'; null unless it has exactly 10 national digits. */
export function normalizePhone(input: string): string | null {
  const { national } = splitPhone(input);
  return national.length === NATIONAL_PHONE_LENGTH ? `+7${national}` : null;
}

// Control number of SNILS: digits weighted 9..1, then reduced modulo 101 with 100 and 101 → 00.
function snilsControl(first9: string): number {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (9 - i);
  if (sum < 100) return sum;
  if (sum === 100 || sum === 101) return 0;
  const rest = sum % 101;
  return rest === 100 ? 0 : rest;
}

// Control numbers were introduced after 001-001-998; earlier numbers have arbitrary ones.
const SNILS_LAST_UNCHECKED = 1_001_998;

/** Validates a SNILS ('112-233-445 95' or '11223344595'): 11 digits and a matching control number. */
export function isValidSnils(snils: string): boolean {
  const compact = snils.trim().replace(/[\s-]/g, '');
  if (!/^\d{11}$/.test(compact)) return false;
  const number = compact.slice(0, 9);
  if (Number(number) <= SNILS_LAST_UNCHECKED) return true;
  return snilsControl(number) === Number(compact.slice(9));
}
