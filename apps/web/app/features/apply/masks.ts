import InputMask from 'imask/esm/controls/input';
import 'imask/esm/masked/pattern';
import type { FactoryArg } from 'imask/esm/masked/factory';
import type { FeedbackField } from './parts.tsx';

// The phone and date masks of spec §5 for the application dialogs, the same patterns as the
// account's (features/profile/masks.ts, decision 0020; a feature does not import another, so the
// two patterns are written here too). Only the dialogs use them: they are loaded on first click,
// so imask never reaches a public page's first load. The API takes the masked text.

/** A phone pasted as '+7 916 …' or '8 916 …' loses its country code or trunk prefix. */
function preparePhone(chars: string, masked: { value: string }): string {
  const digits = chars.replace(/\D/g, '');
  if (masked.value.replace(/\D/g, '').length <= 1 && digits.length === 11 && /^[78]/.test(digits)) return digits.slice(1);
  return chars;
}

const MASKS: Partial<Record<FeedbackField['type'], FactoryArg>> = {
  phone: { mask: '+{7} (000) 000 00 00', prepare: preparePhone },
  date: { mask: '00.00.0000' },
};

/** A stored phone ('79161234567') as the masked field shows it. */
export function showPhone(digits: string | null | undefined): string {
  if (!digits) return '';
  const d = digits.replace(/\D/g, '').replace(/^7/, '');
  if (d.length !== 10) return digits;
  return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8)}`;
}

const refs = new Map<FeedbackField['type'], (element: HTMLInputElement) => () => void>();

/** A ref callback (one per type, stable) that puts the type's mask on an input and takes it off when the input goes. */
export function maskRef(type: FeedbackField['type']): ((element: HTMLInputElement) => () => void) | undefined {
  const options = MASKS[type];
  if (!options) return undefined;
  let ref = refs.get(type);
  if (!ref) {
    ref = (element) => {
      const control = new InputMask(element, options);
      return () => control.destroy();
    };
    refs.set(type, ref);
  }
  return ref;
}
