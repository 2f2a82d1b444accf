import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_TEXTS, NON_FIELD_ERRORS } from '@crema/contract';
import { ApiError } from '../errors.ts';

// What every request's input must be before any route sees it (decision 0052): JSON no deeper
// than a form could ever need, and no NUL character or half of a surrogate pair anywhere
// (PostgreSQL cannot store a NUL in text or jsonb, nor a lone surrogate's escape in jsonb, so
// either would fail the query instead of the field).

/** Deepest nesting of arrays and objects a JSON body may have; the deepest real form (lesson pages) needs 6. */
export const JSON_MAX_DEPTH = 32;

/** How deep the JSON text nests, read without parsing it (brackets inside strings do not count); stops past `limit`. */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return deepest;
}

/** A NUL character, or text that is not well-formed UTF-16 (a lone surrogate, which has no UTF-8). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const badText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The first place of `value` holding a bad character (a key path), or null; a key with one is the whole form's. */
export function findBadCharacter(value: unknown): string[] | null {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (badText(current)) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (badText(key)) return [];
        stack.push([inner, [...path, key]]);
      }
    }
  }
  return null;
}

/** The field error naming where a bad character came in: the parameter, the query key or the body's field. */
function badCharacterField(request: FastifyRequest): string | null {
  for (const part of [request.params, request.query, request.body]) {
    const path = findBadCharacter(part);
    if (path) return path.length > 0 ? path.join('.') : NON_FIELD_ERRORS;
  }
  return null;
}

/**
 * Installs the guards on the root app, before any route plugin (content-type parsers are copied
 * into each plugin when it is registered): the JSON parser with the depth limit, and the check of
 * the API's parameters, query and body for bad characters — JSON or multipart fields alike — before
 * its handlers.
 */
export function registerInputGuards(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) {
      done(ApiError.fields({ [NON_FIELD_ERRORS]: [ERROR_TEXTS.tooDeep] }), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  // preHandler, not preValidation: multipart fields become the body in their plugin's own
  // preValidation hook, which runs after the root's.
  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/')) return;
    const field = badCharacterField(request);
    if (field !== null) throw ApiError.fields({ [field]: [ERROR_TEXTS.badCharacter] });
  });
}
