import { data, redirect } from 'react-router';
import type { Route } from './+types/legacy';
import { canonicalStudyPath } from '../../features/learning/links.ts';

/**
 * The study pages' "also seen" addresses (/user/courses/lesson/…, /user/courses/quiz/…) and the
 * legacy /user-old/… ones: a permanent redirect to the one canonical address, before any
 * sign-in (the canonical page asks for it and checks access itself); anything else is the 404 page.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = canonicalStudyPath(url.pathname, url.search);
  if (!target) throw data(null, { status: 404 });
  throw redirect(target, 301);
}

// A loader that always redirects or answers 404; the module still needs a component for the router.
export default function LegacyStudyAddress() {
  return null;
}
