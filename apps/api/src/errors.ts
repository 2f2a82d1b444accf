import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_TEXTS, NON_FIELD_ERRORS, type FieldErrors } from '@crema/contract';

/** Codes of ApiError and the HTTP status each maps to. */
const STATUS_BY_CODE = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  unavailable: 503,
} as const;
export type ApiErrorCode = keyof typeof STATUS_BY_CODE;

/**
 * The one error type services throw. `fields` become a field-keyed 400 body (spec §8);
 * everything else becomes `{detail}`.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly options: { fields?: FieldErrors; retryAfterS?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = STATUS_BY_CODE[code];
  }

  static notFound(message: string = ERROR_TEXTS.notFound) {
    return new ApiError('not_found', message);
  }

  static fields(fields: FieldErrors) {
    return new ApiError('validation', 'Проверьте введённые данные.', { fields });
  }
}

/** Converts a list of zod-like issues into the spec's `{field: [messages]}` body. */
export function issuesToFieldErrors(
  issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey>; message: string; instancePath?: string }>,
): FieldErrors {
  const body: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path && issue.path.length > 0 ? issue.path.map(String).join('.') : NON_FIELD_ERRORS;
    (body[key] ??= []).push(issue.message);
  }
  return body;
}

/** Installs the single error handler and the JSON 404 for unknown API paths. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.options.retryAfterS !== undefined) {
        void reply.header('retry-after', String(error.options.retryAfterS));
      }
      const body = error.options.fields ?? { detail: error.message };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Неверное значение.',
      }));
      return reply.status(400).send(issuesToFieldErrors(issues));
    }
    const status = error.statusCode ?? 500;
    if (status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ [NON_FIELD_ERRORS]: [ERROR_TEXTS.badJson] });
    }
    if (status === 400 && (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.name === 'SyntaxError')) {
      return reply.status(400).send({ [NON_FIELD_ERRORS]: [ERROR_TEXTS.badJson] });
    }
    if (status === 413) return reply.status(413).send({ detail: ERROR_TEXTS.tooLarge });
    if (status === 415) return reply.status(415).send({ detail: ERROR_TEXTS.unsupportedMediaType });
    if (status === 429) return reply.status(429).send({ detail: ERROR_TEXTS.tooManyRequests });
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send({ detail: status === 404 ? ERROR_TEXTS.notFound : 'Некорректный запрос.' });
    }
    // 5xx: the real error stays in the log next to the request id, never in the answer.
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: ERROR_TEXTS.serviceError });
  });
}
