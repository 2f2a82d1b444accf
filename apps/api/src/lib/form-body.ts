import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

// The site's forms arrive as JSON or as multipart form data. The routes that take both
// read them the same way: the form's fields become the body, as JSON would, and checkboxes mean
// the same whichever way they came.

/**
 * Lets the routes of `app` take multipart form data: its fields become the body (checked by the
 * same schemas as JSON); a file part is refused, the counts and sizes are bounded.
 */
export async function acceptFormFields(app: FastifyInstance, limits: { fields: number; fieldSize: number }): Promise<void> {
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: limits.fields, fieldSize: limits.fieldSize, parts: limits.fields },
  });
}

const TICKED = new Set(['true', 'on', '1']);
const UNTICKED = new Set(['false', '0', '']);

/**
 * A checkbox as JSON (true/false, 1/0) or a form value ('true', 'on', '1' / 'false', '0', ''):
 * true or false; absent is false; anything else is null, for the caller to refuse or ignore.
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
