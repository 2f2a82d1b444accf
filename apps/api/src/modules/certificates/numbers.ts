// Certificate numbers (decision 0085): 'CR-' and three groups of four characters drawn with the
// system's cryptographic generator from an alphabet without look-alikes. Nothing about a number
// says anything of another: they cannot be walked like a sequence.
import { randomInt } from 'node:crypto';
import { CERTIFICATE_ALPHABET, CERTIFICATE_NUMBER_RE } from '@crema/contract/rules';

export function newCertificateNumber(): string {
  const group = () => Array.from({ length: 4 }, () => CERTIFICATE_ALPHABET[randomInt(CERTIFICATE_ALPHABET.length)]).join('');
  return `CR-${group()}-${group()}-${group()}`;
}

/** Whether `value` has a number's shape (after normalising). */
export function isCertificateNumber(value: string): boolean {
  return CERTIFICATE_NUMBER_RE.test(value);
}
