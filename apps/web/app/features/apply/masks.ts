import InputMask from 'imask/esm/controls/input';
import 'imask/esm/masked/pattern';
import { MASK, type MaskOptions } from '../../ui/masks.ts';
import type { FeedbackField } from './parts.tsx';

// The application dialogs' fields by type: the site's phone and date masks
// (ui/masks.ts). Only the dialogs use them: they load on first click, so imask never reaches a
// public page's first load. The API takes the masked text.

const MASKS: Partial<Record<FeedbackField['type'], MaskOptions>> = { phone: MASK.phone, date: MASK.date };

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
