import { z } from 'zod';

/** 400: every failing field with its Russian messages; form-level ones under `non_field_errors`. */
export const fieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .meta({ id: 'FieldErrors', description: 'Ошибки полей: имя поля → список сообщений' });
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** 401, 403, 404, 429, 500: one human-readable Russian message. */
export const detailErrorSchema = z
  .object({ detail: z.string() })
  .meta({ id: 'DetailError', description: 'Ошибка с текстом для человека' });
export type DetailError = z.infer<typeof detailErrorSchema>;

/** Key used for messages that belong to the whole form rather than one field. */
export const NON_FIELD_ERRORS = 'non_field_errors';

/** Texts the API and the site share. */
export const ERROR_TEXTS = {
  notFound: 'Не найдено.',
  pageNotFound: 'Такой страницы нет',
  serviceError: 'Ошибка обращения к сервису',
  badJson: 'Тело запроса не является корректным JSON.',
  tooLarge: 'Слишком большой запрос.',
  unsupportedMediaType: 'Неподдерживаемый тип содержимого запроса.',
  methodNotAllowed: 'Метод не поддерживается.',
  tooManyRequests: 'Слишком много запросов. Попробуйте позже.',
  badCharacter: 'Недопустимый символ.',
  tooDeep: 'Слишком глубокая вложенность данных.',
  badForm: 'Данные формы повреждены.',
  tooLong: 'Слишком длинное значение.',
  outOfRange: 'Слишком большое число.',
  badValue: 'Неверное значение.',
} as const;
