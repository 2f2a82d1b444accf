/** No-break space (U+00A0): keeps digit groups and the currency sign on one line. */
export const NBSP = '\u00A0';

/** Typographic minus sign (U+2212), used instead of the ASCII hyphen for negative amounts. */
export const MINUS = '\u2212';

/** Russian rouble sign. */
export const RUBLE_SIGN = '₽';

/** Groups a string of ASCII digits by thousands with NBSP: '1250000' → '1 250 000'. */
export function groupDigits(digits: string): string {
  // Intl's ru-RU grouping output differs between ICU versions (NBSP vs NNBSP,
  // and whether 4-digit numbers are grouped), so grouping is done by hand.
  let result = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) result += NBSP;
    result += digits[i];
  }
  return result;
}

/** Formats an amount stored as integer kopecks: 1250000 → '12 500 ₽', 1250050 → '12 500,50 ₽'. */
export function formatPrice(kopecks: number, opts: { withKopecks?: boolean } = {}): string {
  if (!Number.isSafeInteger(kopecks)) {
    // A fractional kopeck amount means a ruble/kopeck mix-up or float arithmetic upstream;
    // silently rounding would hide the bug and could show a wrong price.
    throw new RangeError(`formatPrice expects an integer number of kopecks, got ${kopecks}`);
  }
  const abs = Math.abs(kopecks);
  const rubles = Math.floor(abs / 100);
  const rest = abs % 100;
  let text = groupDigits(String(rubles));
  if (rest !== 0 || opts.withKopecks === true) {
    text += ',' + String(rest).padStart(2, '0');
  }
  // `kopecks < 0` is false for -0, so negative zero is printed without a sign.
  const sign = kopecks < 0 ? MINUS : '';
  return `${sign}${text}${NBSP}${RUBLE_SIGN}`;
}

/** Formats an amount in rubles (fractions are rounded to the nearest kopeck): 12500 → '12 500 ₽'. */
export function formatRubles(rubles: number, opts: { withKopecks?: boolean } = {}): string {
  if (!Number.isFinite(rubles)) {
    throw new RangeError(`formatRubles expects a finite number, got ${rubles}`);
  }
  // Math.round(-0.5) is -0 and Math.round(x.5) rounds towards +∞; rounding the magnitude
  // keeps the result symmetric for negative amounts.
  const kopecks = Math.sign(rubles) * Math.round(Math.abs(rubles) * 100);
  return formatPrice(kopecks, opts);
}
