// What route loaders share outside one feature (the study pages and the admin screens): the path
// ids and the API's 404 as the site's 404 page. Server-only: loaders run on the server and on
// nothing the browser loads.
import { data } from 'react-router';
import { ApiRequestError } from '../api/client.ts';

/** A path id (`{id}`, `{lessonId}`) or the 404 page. */
export function pathId(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,8}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}

/** The API's 404 (and 400 for a page number it refuses) become the site's 404 page. */
export function orNotFound<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  });
}
