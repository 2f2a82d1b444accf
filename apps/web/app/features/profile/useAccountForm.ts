import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { ApiRequestError } from '../../api/client.ts';
import { FormRejection, useApiForm, type SubmitOptions } from '../../api/useApiForm.ts';
import { messagesOf, problemsOfBody } from '../../api/problems.ts';

// How react-hook-form joins the one form pattern (decisions 0012 and 0020): react-hook-form
// holds the values (uncontrolled inputs, the masks write into them, nothing typed is lost on an
// error), `useApiForm` runs the call and holds `busy` and the problems, so the server's
// messages land under the fields exactly as in every other form of the site.

/**
 * Keys of an error body that are neither the form's fields nor the general keys, named: spec §8
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

const GENERAL_KEYS = ['detail', 'non_field_errors', '__all__'];

export function useAccountForm<T extends FieldValues>(fieldNames: readonly Path<T>[], defaultValues: DefaultValues<T>) {
  const form = useForm<T>({ defaultValues });
  const api = useApiForm(fieldNames);
  return {
    form,
    api,
    /** `onSubmit` of the `<form>`: react-hook-form's values, then `api.run`; resolves nothing, reports through `api`. */
    submit: (action: (values: T) => Promise<unknown>, options?: SubmitOptions & { nameUnknownFields?: boolean }) =>
      form.handleSubmit(async (values) => {
        await api.run(async () => {
          try {
            await action(values);
          } catch (error) {
            if (options?.nameUnknownFields && error instanceof ApiRequestError) throw namedProblems(error.body, fieldNames);
            throw error;
          }
        }, options);
      }),
    /** Messages under one field. */
    errorsOf: (field: Path<T>) => api.errorsOf(field),
  };
}
