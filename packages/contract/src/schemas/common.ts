import { z } from 'zod';

/** Positive integer id from a path segment. */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'Ожидается целое число.' })
    .int('Ожидается целое число.')
    .positive('Ожидается положительное число.')
    .max(2_147_483_647, 'Слишком большое число.'),
});

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
