import { data } from 'react-router';
import { ApiRequestError } from '../../api/client.ts';

/** Ends the loader with the site's 404 page. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** The API's 404 becomes the 404 page; every other failure stays an error (the 500 page). */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) notFound();
    throw error;
  }
}

/**
 * `?page=N` of a paged list: 1 when absent, null when it is not a whole number from 1 up (no such
 * page). `?page=1` is allowed but is not the canonical address.
 */
export function pageParam(url: URL): number | null {
  const raw = url.searchParams.get('page');
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  // The API pages up to 100000; beyond that there is no such page (a 404, not a failed call).
  const page = Number(raw);
  return page <= 100_000 ? page : null;
}

/** The API's 404 becomes null (for optional parts of a page); every other failure stays an error. */
export async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
