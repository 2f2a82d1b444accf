import { data } from 'react-router';
import type { Route } from './+types/course-audience-add';
import { requireCourseOwner } from '../../lib/session.server.ts';

/** Not built yet: the 404 page after the owner check. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  throw data(null, { status: 404 });
}

export default function Placeholder() {
  return null;
}
