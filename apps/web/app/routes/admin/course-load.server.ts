import { data, type AppLoadContext } from 'react-router';
import { ApiRequestError } from '../../api/client.ts';
import { createAdminApi } from '../../api/admin.ts';

/** The id of an address; not a number → the 404 page. */
export function courseIdParam(id: string | undefined): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) throw data(null, { status: 404 });
  return n;
}

/** Runs an admin read; "not yours" or "not there" (404, a bad id's 400) is the 404 page. */
export async function orNotFound<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}

/** The owner's course of the address (404 page for another owner's). */
export function loadOwnCourse(context: AppLoadContext, id: string | undefined) {
  const courseId = courseIdParam(id);
  return orNotFound(() => createAdminApi(context.api).course(courseId));
}
