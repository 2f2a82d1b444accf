import { z } from 'zod';

// Numbers a caller sends are bounded by the column they end up in (decision 0052): ids, counts,
// sorts and money in kopecks are PostgreSQL `integer` (int4) columns, so a number past it is the
// caller's field error, never a failed query. Every number of a request schema is made here.

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;
const WHOLE = 'Ожидается целое число.';
const TOO_BIG = 'Слишком большое число.';
const POSITIVE = 'Ожидается положительное число.';

/**
 * A whole number of a JSON body that fits an int4 column, `min`..`max` (0..INT4_MAX unless told):
 * counts, sorts, sizes, limits. `error` is the message for a value that is not a number.
 */
export const int4 = (options: { min?: number; max?: number; error?: string; minMessage?: string; maxMessage?: string } = {}) => {
  const { min = 0, max = INT4_MAX, error = 'Ожидается число.' } = options;
  return z
    .number({ error })
    .int(WHOLE)
    .min(Math.max(min, -INT4_MAX - 1), options.minMessage ?? `Не меньше ${min}.`)
    .max(Math.min(max, INT4_MAX), options.maxMessage ?? TOO_BIG);
};

/** An id in a JSON body: a positive int4. */
export const idField = (error = 'Ожидается id.') => z.number({ error }).int(WHOLE).positive(POSITIVE).max(INT4_MAX, TOO_BIG);

/** An id in a path segment or a query parameter (text read as a number): a positive int4. */
export const idParam = z.coerce.number({ error: WHOLE }).int(WHOLE).positive(POSITIVE).max(INT4_MAX, TOO_BIG);

/** Money in whole kopecks, at most what an int4 column holds (21 474 836,47 ₽); null where a price may be absent. */
export const kopecks = () =>
  z
    .number({ error: 'Ожидается сумма в копейках.' })
    .int('Сумма в копейках — целое число.')
    .min(0, 'Цена не может быть отрицательной.')
    .max(INT4_MAX, 'Слишком большая цена.');

/** The page number of a list (query), from 1; far past any list but within what OFFSET can take. */
export const pageQuery = (minMessage = 'Не меньше 1.') =>
  z.coerce.number({ error: 'Ожидается число.' }).int(WHOLE).min(1, minMessage).max(100_000, TOO_BIG).default(1);

/** Positive integer id from a path segment. */
export const idParamSchema = z.object({ id: idParam });

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({
      status: z.enum(['up', 'down']),
      latency_ms: z.number().nullable(),
      embedded: z.boolean(),
    }),
    version: z.string(),
    uptime_s: z.number(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;

/**
 * A true/false query parameter (`?clear=true`): the words, not 1/0 or yes/no; anything else is a
 * Russian field error. Parsed to a boolean, `fallback` when absent.
 */
export const queryFlag = (fallback: boolean, description: string) =>
  z
    .enum(['true', 'false'], { error: 'Ожидается true или false.' })
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true')
    .describe(description);
