import InputMask from 'imask/esm/controls/input';
import { pipe } from 'imask/esm/masked/pipe';
import type { FactoryArg } from 'imask/esm/masked/factory';
import 'imask/esm/masked/pattern';

// The order form's masks (spec §5): the payer's phone '+7 ###-###-##-##' and a child's birth date
// 'дд.мм.гггг', as imask patterns like the account's (decision 0020). A feature does not import
// another, so the prefix handling is written here too; the API takes the masked text.

/** A phone pasted or autofilled as '+7 916 …', '8 916 …' or '7916…' loses its country code or trunk prefix. */
function preparePhone(chars: string, masked: { value: string }): string {
  const digits = chars.replace(/\D/g, '');
  if (masked.value.replace(/\D/g, '').length <= 1 && digits.length === 11 && /^[78]/.test(digits)) return digits.slice(1);
  return chars;
}

export const ORDER_MASK = {
  phone: { mask: '+{7} 000-000-00-00', prepare: preparePhone },
  date: { mask: '00.00.0000' },
} satisfies Record<string, FactoryArg & { mask: string }>;

/** A stored phone ('79161234567') as the order form shows it: '+7 916-123-45-67'. */
export function showOrderPhone(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '').replace(/^[78](?=\d{10}$)/, '');
  return digits.length === 10 ? pipe(digits, { mask: ORDER_MASK.phone.mask }) : '';
}

/** A fully typed phone: ten digits after +7. */
export function phoneComplete(value: string): boolean {
  return value.replace(/\D/g, '').length === 11;
}

/** A typed 'dd.mm.yyyy' as the API's 'YYYY-MM-DD'; anything else goes as typed (the server explains). */
export function isoDate(typed: string): string {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(typed.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : typed.trim();
}

/**
 * A ref callback that joins react-hook-form's ref and a mask for the input's whole life (created
 * once per input: react-hook-form writes the starting value, then imask takes the input over).
 */
export function maskedRef(register: (element: HTMLInputElement | null) => void, options: FactoryArg) {
  let control: InputMask<FactoryArg> | null = null;
  return (element: HTMLInputElement | null) => {
    register(element);
    control?.destroy();
    control = element ? new InputMask(element, options) : null;
  };
}
