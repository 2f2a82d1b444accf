import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FieldErrors } from '@crema/contract';
import { issuesToFieldErrors } from '../errors.ts';

// The site's forms arrive as JSON or as multipart form data. The routes that take both read them
// the same way: the form's fields become the body, as JSON would, and the contract's form schema
// (decision 0056) reads every value as the type the JSON form sends.

export { checkbox } from '@crema/contract';

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

/** A form body as its service gets it: the fields that passed their rules, and the problems of the rest. */
export interface FormRead<T> {
  values: Partial<T>;
  /** Per field, in the schema's order; the service adds its own checks' problems and answers them together. */
  problems: FieldErrors;
}

type FormSchema = z.ZodObject;

/**
 * Reads `body` (an object: the route refused anything else) with a form schema of the contract:
 * every field is parsed on its own, so a field in error does not hide the others' values.
 */
export function readForm<S extends FormSchema>(schema: S, body: unknown): FormRead<z.output<S>> {
  const whole = schema.safeParse(body);
  return whole.success ? { values: whole.data as z.output<S>, problems: {} } : readFields(schema, body);
}

/** Each field of `schema` parsed on its own: the values that passed, the problems of the rest. */
function readFields<S extends FormSchema>(schema: S, body: unknown): FormRead<z.output<S>> {
  const input = (body ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  const issues: { path: PropertyKey[]; message: string }[] = [];
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const result = field.safeParse(input[key]);
    if (result.success) values[key] = result.data;
    else for (const issue of result.error.issues) issues.push({ path: [key, ...issue.path], message: issue.message });
  }
  return { values: values as Partial<z.output<S>>, problems: issuesToFieldErrors(issues) };
}

/**
 * What is refused at once, before the service: what no form sends — a body that is not an object,
 * a key the form does not have, a value of the wrong JSON type where the form takes no other.
 * Every other problem is a field's, answered with the service's checks in one 400.
 */
function refusedAtOnce(issue: z.core.$ZodIssue, body: unknown): boolean {
  if (issue.code === 'unrecognized_keys' || issue.path.length === 0) return true;
  const sent = typeof body === 'object' && body !== null ? (body as Record<PropertyKey, unknown>)[issue.path[0]!] : undefined;
  return issue.code === 'invalid_type' && sent !== undefined;
}

/** Where a form body carries its reading (not an own enumerable key: the body stays as sent). */
const FORM_READ = Symbol('form read');

/**
 * The validator of a route whose body is a form schema of the contract (`schema.body`, which the
 * OpenAPI document shows): the body's own problems do not end the request. The body stays as sent
 * (the input guards see what came); its reading rides along, for the handler to take with
 * `formOf(request.body)` and the service to answer together with the checks that need the
 * database or the caller. Params and query are checked as usual.
 */
export function formBodyValidator<S>(routeSchema: Parameters<FastifySchemaCompiler<S>>[0]): ReturnType<FastifySchemaCompiler<S>> {
  const route = routeSchema as unknown as Parameters<typeof validatorCompiler>[0];
  if (route.httpPart !== 'body') return validatorCompiler(route);
  const schema = route.schema as FormSchema;
  return (body: unknown) => {
    const result = schema.safeParse(body);
    if (!result.success) {
      const refused = result.error.issues.filter((issue) => refusedAtOnce(issue, body));
      if (refused.length > 0) {
        // Answered by the error handler like any route's schema error.
        const replay = z.unknown().check((ctx) => {
          for (const issue of refused) ctx.issues.push({ ...issue, input: undefined } as z.core.$ZodRawIssue);
        });
        return validatorCompiler({ ...route, schema: replay })(body);
      }
    }
    const read: FormRead<unknown> = result.success ? { values: result.data as object, problems: {} } : readFields(schema, body);
    return { value: Object.defineProperty(body as object, FORM_READ, { value: read, enumerable: false }) };
  };
}

/** The reading of a body a route validated by `formBodyValidator` (typed by the schema's output). */
export function formOf<T>(body: T): FormRead<T> {
  const read = (body as { [FORM_READ]?: FormRead<T> })[FORM_READ];
  if (!read) throw new Error('formOf: the route does not read its body with formBodyValidator');
  return read;
}
