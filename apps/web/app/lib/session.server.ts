import { data, redirect, type AppLoadContext } from 'react-router';
import { signInHref, type SessionUser } from './session.ts';

/**
 * The signed-in person of this request, or null. The server reads them once per page request,
 * however many loaders ask (the root, the account layout), from the access token the API would
 * read: renewed by the server beforehand when it had expired (apps/api/src/web/ssr.ts).
 */
export async function sessionUser(context: AppLoadContext): Promise<SessionUser | null> {
  const user = await context.currentUser();
  return (
    user && {
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      is_course_owner: user.is_course_owner,
      is_staff: user.is_staff,
      is_curator: user.is_curator,
    }
  );
}

/**
 * The address of the page a request is for. Client navigations ask for `/user/courses/_.data`
 * (`?_routes=…`), and loaders see that request as it came (future flag v8_passThroughRequests).
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith('/_.data')) url.pathname = url.pathname.slice(0, -'_.data'.length);
  else if (url.pathname.endsWith('.data')) url.pathname = url.pathname.slice(0, -'.data'.length);
  url.searchParams.delete('_routes');
  return url;
}

/** Where a guest is sent from a private page: the sign-in dialog, then back to this address. */
function toSignIn(request: Request): never {
  const url = pageUrl(request);
  throw redirect(signInHref(url.pathname + url.search));
}

/** The signed-in person, or a redirect to sign in and back (every /user/ and /admin/ page). */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  return (await sessionUser(context)) ?? toSignIn(request);
}

/**
 * A course owner or school staff (the API's owner level, decision 0011); other signed-in people
 * get the 404 page (admin pages do not exist for them).
 */
export async function requireCourseOwner(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!user.is_course_owner && !user.is_staff) throw data(null, { status: 404 });
  return user;
}

/** School staff (`/admin/school/`, decision 0045); a course owner who is not staff gets the 404 page too. */
export async function requireStaff(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!user.is_staff) throw data(null, { status: 404 });
  return user;
}

/**
 * A curator (`/curator/`): someone named a curator of a course or group, a course owner or school staff
 * (the API's curator level); other signed-in people get the 404 page.
 */
export async function requireCurator(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!user.is_curator && !user.is_course_owner && !user.is_staff) throw data(null, { status: 404 });
  return user;
}
