import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_TEXTS, NON_FIELD_ERRORS, type FieldErrors } from '@crema/contract';
import { isDatabaseUnavailable } from './db/errors.ts';

/** The answer while PostgreSQL cannot be reached or is restarting (decision 0075). */
export const DATABASE_UNAVAILABLE = 'Сервис временно недоступен. Повторите запрос через несколько секунд.';
/** Readiness while the process is shutting down: the proxy sends the next request elsewhere. */
export const SHUTTING_DOWN = 'Сервис останавливается. Повторите запрос через несколько секунд.';
/** Seconds a client is asked to wait (Retry-After) before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

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
 * The one error type services throw. `fields` become a field-keyed 400 body;
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

/**
 * Safe defaults for every answer, including the ones Fastify makes before any hook runs (a bad URL,
 * oversized headers). A content security policy belongs here too once it is set.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  // Browser features the site never uses, off for it and anything it embeds. Card payments go
  // through the bank's own page; fullscreen, autoplay and picture-in-picture (the lesson videos,
  // the embedded players) and the captcha's frames need none of these.
  'permissions-policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
};

/** Production sits behind TLS: browsers are told to use https only, for a year, subdomains too. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** SECURITY_HEADERS, with Strict-Transport-Security in production only (a development server speaks plain http). */
export function securityHeaders(isProduction: boolean): Readonly<Record<string, string>> {
  return isProduction ? { ...SECURITY_HEADERS, 'strict-transport-security': HSTS } : SECURITY_HEADERS;
}

const FRAMEWORK_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_BAD_URL: { status: 400, detail: 'Некорректный адрес запроса.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, detail: 'Слишком длинный адрес запроса.' },
};

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (`/courses/%E0%A4%A/`) or is too long
 * is refused before routing and before the onRequest hooks, so the headers are set here.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[error.code];
  if (known) request.log.info({ err: error }, 'bad request line');
  else request.log.error({ err: error }, 'request failed before routing');
  void reply.headers({ ...securityHeaders(request.server.deps.config.isProduction), 'x-request-id': request.id, 'cache-control': 'no-store' });
  void reply.status(known?.status ?? 500).send({ detail: known?.detail ?? ERROR_TEXTS.serviceError });
}

const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'Слишком большие заголовки запроса.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'Запрос не получен вовремя.' },
};

/**
 * Node's `clientError` (Fastify's `clientErrorHandler`): a request the HTTP parser refused
 * (headers over the size limit, a malformed request line, a timeout) never reaches Fastify, so
 * the answer is written to the socket here, in our shape and with the security headers.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, detail: 'Некорректный запрос.' };
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    const headers = {
      ...securityHeaders(this.deps.config.isProduction),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}

const UNKNOWN_FIELD = 'Неизвестное поле.';

/** Converts a list of zod-like issues into the API's `{field: [messages]}` body. */
export function issuesToFieldErrors(
  issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey>; message: string; instancePath?: string }>,
): FieldErrors {
  // A Map, not an object: a caller's key may be `constructor` or `__proto__`.
  const body = new Map<string, string[]>();
  for (const issue of issues) {
    const key = issue.path && issue.path.length > 0 ? issue.path.map(String).join('.') : NON_FIELD_ERRORS;
    body.set(key, [...(body.get(key) ?? []), issue.message]);
  }
  return Object.fromEntries(body);
}

/**
 * PostgreSQL's answers to a value it cannot take (SQLSTATE class 22): a schema without the right
 * bound let it through, so the field is the caller's fault, not the service's. A backstop: the
 * input guards (plugins/input-guard.ts) and the contract's bounds refuse these before the query.
 */
const DATA_ERRORS: Record<string, string> = {
  '22021': ERROR_TEXTS.badCharacter, // character_not_in_repertoire: a NUL byte in text
  '22P05': ERROR_TEXTS.badCharacter, // untranslatable_character: a \u0000 escape in jsonb
  '22003': ERROR_TEXTS.outOfRange, // numeric_value_out_of_range: past a column's int4/int8
  '22001': ERROR_TEXTS.tooLong, // string_data_right_truncation: past a varchar's length
  '22008': ERROR_TEXTS.badValue, // datetime_field_overflow
  '22007': ERROR_TEXTS.badValue, // invalid_datetime_format
};

/** The SQLSTATE of a database error, also when the query builder wrapped it (`cause`). */
function sqlState(error: unknown): string | undefined {
  for (let e = error, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** What the multipart parser (busboy) throws on a body that is not the multipart it claims to be. */
const BROKEN_MULTIPART = /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|.* terminated early due to unexpected end of multipart data|The needle .*)$/;

/**
 * Error bodies go out as they are, never through the route's response schema: a route that
 * declares `400: detailErrorSchema` still gets the field errors of a body the parser refused.
 */
function sendError(reply: FastifyReply, status: number, body: FieldErrors | { detail: string }) {
  return reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

/** Installs the single error handler and the JSON 404 for paths no route answers. */
export function registerErrorHandling(app: FastifyInstance) {
  // The site's catch-all answers every page path; this is for what is left (other methods, no site).
  app.setNotFoundHandler(async (_request, reply) => sendError(reply, 404, { detail: ERROR_TEXTS.notFound }));
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.options.retryAfterS !== undefined) {
        void reply.header('retry-after', String(error.options.retryAfterS));
      }
      const body = error.options.fields ?? { detail: error.message };
      return sendError(reply, error.statusCode, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.flatMap((v) => {
        const path = v.instancePath.split('/').filter(Boolean);
        // A body refuses keys it does not know (the OpenAPI document says additionalProperties:
        // false): each is listed under its own name, so a client shows them apart.
        const unknown = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: unknown }).keys : undefined;
        if (Array.isArray(unknown)) return unknown.map((key) => ({ path: [...path, String(key)], message: UNKNOWN_FIELD }));
        return [{ path, message: v.message ?? ERROR_TEXTS.badValue }];
      });
      return sendError(reply, 400, issuesToFieldErrors(issues));
    }
    // PostgreSQL away or restarting: a quick 503 the client may retry, never a 500 (decision 0075).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      request.server.metrics?.dbUnavailable.inc();
      void reply.headers({ 'retry-after': String(DATABASE_RETRY_AFTER_S), 'cache-control': 'no-store' });
      return sendError(reply, 503, { detail: DATABASE_UNAVAILABLE });
    }
    const dataError = DATA_ERRORS[sqlState(error) ?? ''];
    if (dataError) {
      request.log.warn({ err: error }, 'a value the database refused reached a query');
      return sendError(reply, 400, { [NON_FIELD_ERRORS]: [dataError] });
    }
    if (BROKEN_MULTIPART.test(error.message ?? '') && request.isMultipart()) {
      request.log.info({ err: error }, 'broken multipart body');
      return sendError(reply, 400, { [NON_FIELD_ERRORS]: [ERROR_TEXTS.badForm] });
    }
    const status = error.statusCode ?? 500;
    if (status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return sendError(reply, 400, { [NON_FIELD_ERRORS]: [ERROR_TEXTS.badJson] });
    }
    if (status === 400 && (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.name === 'SyntaxError')) {
      return sendError(reply, 400, { [NON_FIELD_ERRORS]: [ERROR_TEXTS.badJson] });
    }
    if (status === 413) return sendError(reply, 413, { detail: ERROR_TEXTS.tooLarge });
    if (status === 415) return sendError(reply, 415, { detail: ERROR_TEXTS.unsupportedMediaType });
    if (status === 429) return sendError(reply, 429, { detail: ERROR_TEXTS.tooManyRequests });
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, status, { detail: status === 404 ? ERROR_TEXTS.notFound : 'Некорректный запрос.' });
    }
    // 5xx: the real error stays in the log next to the request id, never in the answer.
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, { detail: ERROR_TEXTS.serviceError });
  });
}
