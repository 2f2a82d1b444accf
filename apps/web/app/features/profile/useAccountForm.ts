import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { ApiRequestError } from '../../api/client.ts';
import { useApiForm, type SubmitOptions } from '../../api/useApiForm.ts';
import { namedProblems } from './named-problems.ts';

// How react-hook-form joins the one form pattern (decisions 0012 and 0020): react-hook-form
// holds the values (uncontrolled inputs, the masks write into them, nothing typed is lost on an
// error), `useApiForm` runs the call and holds `busy` and the problems, so the server's
// messages land under the fields exactly as in every other form of the site.

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
    /**
     * A text field's props for `TextField`: the registration, its messages and its value as the
     * server renders it (react-hook-form fills inputs only once it runs in the browser).
     */
    field: (name: Path<T>) => ({
      registration: form.register(name),
      errors: api.errorsOf(name),
      defaultValue: String((defaultValues as Record<string, unknown>)[name] ?? ''),
    }),
  };
}
