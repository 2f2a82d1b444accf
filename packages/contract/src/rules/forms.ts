// How a form's values read whether they came as JSON or as multipart form data (where every value
// is a string): the one copy of the coercion rules, used by the form schemas (schemas/form-fields.ts).

const TICKED = new Set(['true', 'on', '1']);
const UNTICKED = new Set(['false', '0', '']);

/** The words a checkbox may send in multipart form data. */
export const CHECKBOX_WORDS = ['true', 'false', 'on', '1', '0', ''] as const;
export type CheckboxWord = (typeof CHECKBOX_WORDS)[number];

/**
 * A checkbox as JSON (true/false, 1/0) or a form value ('true', 'on', '1' / 'false', '0', '';
 * spaces and case ignored): true or false; absent is false; anything else is null, for the caller
 * to refuse or ignore.
 */
export function checkbox(value: unknown): boolean | null {
  if (value === undefined || value === null || value === false || value === 0) return false;
  if (value === true || value === 1) return true;
  if (typeof value !== 'string') return null;
  const word = value.trim().toLowerCase();
  if (TICKED.has(word)) return true;
  if (UNTICKED.has(word)) return false;
  return null;
}

/** A text field's value: a string as sent, a finite number as its digits, anything else ''. */
export function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

const ID = /^[1-9][0-9]{0,9}$/;
const INT4_MAX = 2_147_483_647;

/**
 * A list of ids as JSON (an array or one number) or as form data (repeated fields, '1,2' or
 * '[1,2]'): positive int4 ids without repeats, in the order sent; [] when absent or empty; null
 * when any item is not such an id.
 */
export function idList(value: unknown): number[] | null {
  if (value === undefined || value === null || value === '') return [];
  let list: unknown[];
  if (Array.isArray(value)) list = value;
  else if (typeof value === 'number') list = [value];
  else if (typeof value === 'string') list = value.replace(/^\[|\]$/g, '').split(',').map((part) => part.trim()).filter(Boolean);
  else return null;
  const ids = list.map((item) => (typeof item === 'number' ? item : ID.test(String(item).trim()) ? Number(String(item).trim()) : NaN));
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0 || id > INT4_MAX)) return null;
  return [...new Set(ids)];
}
