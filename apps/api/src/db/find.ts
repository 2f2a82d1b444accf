import { ApiError } from '../errors.ts';

/**
 * The first row of a query written through a scope, or a 404. With the access condition inside
 * the query, a row the actor may not see and a row that does not exist are the same answer.
 */
export async function findOne<T>(query: PromiseLike<T[]>, notFoundMessage?: string): Promise<T> {
  const [row] = await query;
  if (row === undefined) throw ApiError.notFound(notFoundMessage);
  return row;
}
