import { z } from 'zod';
import { checkbox, fieldText, idList, type CheckboxWord } from '../rules/forms.ts';
import { INT4_MAX } from './common.ts';

// The fields of a site form that comes as JSON or as multipart form data (decision 0056). Each one
// reads a multipart string as the type the JSON form sends, so one schema serves the route (its
// body), the OpenAPI document (the JSON types; the form's strings are in the descriptions) and the
// site (z.input is what it sends, z.output what the service gets):
//   text      a string; a number is read as its digits; any other value as '' (absent);
//   checkbox  true/false, or 'true'/'on'/'1' and 'false'/'0'/'' (spaces and case ignored);
//   id list   an array of ids, one id, '1,2', '[1,2]' or a repeated multipart field.

/**
 * A text field (see above): the string, '' when absent; `inner` adds the field's own rules. Its
 * input type is a string (what the site sends); a number is still read as its digits.
 */
export function formText<T extends z.ZodType<unknown, string> = z.ZodString>(inner?: T) {
  return z.preprocess((value: string) => fieldText(value), inner ?? (z.string() as unknown as T));
}

/** A checkbox that is never refused: anything not clearly ticked counts as not ticked (false). */
export function formCheckbox() {
  return z.preprocess(
    (value: boolean | CheckboxWord) => checkbox(value) === true,
    z.boolean(),
  );
}

/**
 * A checkbox that refuses what is neither ticked nor unticked (`message`): true or false; absent
 * is false.
 */
export function strictCheckbox(message: string) {
  return z.preprocess(
    (value: boolean | CheckboxWord) => checkbox(value) ?? value,
    z.boolean({ error: message }),
  );
}

/** A list of ids (see above): positive int4 ids without repeats; `message` when any item is not one. */
export function formIdList(message: string) {
  return z.preprocess((value: number | readonly number[] | string) => idList(value), z.array(z.number().int().positive().max(INT4_MAX), { error: message }));
}

/** A check of a form field's value: its Russian problem, or null. */
export function problem<T>(check: (value: T) => string | null) {
  return (ctx: z.core.ParsePayload<T>) => {
    const message = check(ctx.value);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  };
}
