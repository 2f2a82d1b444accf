import { ApiRequestError } from './client.ts';

// How a failed call reads on a form: the API's error bodies (`{detail}`, `{field: [..]}`,
// `non_field_errors`, `__all__`) spread over the form's fields and its general messages.

/** What the browser says when the call did not reach the server. */
export const NETWORK_FAILED = 'Нет связи с сервером. Проверьте подключение к интернету и попробуйте снова.';
/** What it says when the server failed without a message of its own. */
export const SERVER_FAILED = 'Ошибка обращения к сервису. Попробуйте ещё раз чуть позже.';

/** Keys of an error body that belong to the whole form, not one field. */
const GENERAL_KEYS = ['detail', 'non_field_errors', '__all__'];

/** Messages of a form: per field and general (`detail`, `non_field_errors`, client checks). */
export interface FormProblems {
  fields: Record<string, string[]>;
  general: string[];
}

export const NO_PROBLEMS: FormProblems = { fields: {}, general: [] };

function toList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(toList);
  if (value && typeof value === 'object') return Object.values(value).flatMap(toList);
  return [];
}

/** All messages of an error body, in order: `{detail}`, `{field: [...]}` or nested lists. */
export function messagesOf(body: unknown): string[] {
  return toList(body);
}

/**
 * Spreads an error body over a form: messages of the form's own fields go under them, the rest
 * (`detail`, `non_field_errors`, `__all__`, fields the form does not have) above the button.
 */
export function problemsOfBody(body: unknown, fieldNames: readonly string[] = []): FormProblems {
  const fields: Record<string, string[]> = {};
  const general: string[] = [];
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    for (const key of GENERAL_KEYS) general.push(...toList(record[key]));
    for (const [key, value] of Object.entries(record)) {
      if (GENERAL_KEYS.includes(key)) continue;
      if (fieldNames.includes(key)) fields[key] = toList(value);
      else general.push(...toList(value));
    }
  }
  if (general.length === 0 && Object.keys(fields).length === 0) general.push(SERVER_FAILED);
  return { fields, general };
}


/** The problems of any failure of a submit: an API answer, or no answer at all. */
export function problemsOf(error: unknown, fieldNames: readonly string[] = []): FormProblems {
  if (error instanceof ApiRequestError) return problemsOfBody(error.body, fieldNames);
  return { fields: {}, general: [NETWORK_FAILED] };
}
