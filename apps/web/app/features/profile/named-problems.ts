import { FormRejection } from '../../api/useApiForm.ts';
import { messagesOf, problemsOfBody } from '../../api/problems.ts';

const GENERAL_KEYS = ['detail', 'non_field_errors', '__all__'];

/**
 * Keys of an error body that are neither the form's fields nor the general keys, named: the site
 * lists the unknown fields of a student form separately below it ('поле: сообщение').
 */
export function namedProblems(body: unknown, fieldNames: readonly string[]): FormRejection {
  const problems = problemsOfBody(body, fieldNames);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return new FormRejection(problems);
  const record = body as Record<string, unknown>;
  const general = GENERAL_KEYS.flatMap((key) => messagesOf(record[key]));
  for (const [key, value] of Object.entries(record)) {
    if (!fieldNames.includes(key) && !GENERAL_KEYS.includes(key)) general.push(`${key}: ${messagesOf(value).join(' ')}`);
  }
  return new FormRejection({ fields: problems.fields, general: general.length ? general : problems.general });
}
