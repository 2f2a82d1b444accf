import type { Route } from './+types/course-audience';
import { createAdminApi } from '../../api/admin.ts';
import { pageUrl, requireCourseOwner } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { AudienceScreen } from '../../features/admin-courses/AudienceScreen.tsx';
import { courseIdParam, orNotFound } from './course-load.server.ts';

/** /admin/courses/{id}/audience/: the course's learners and pending invitations. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const id = courseIdParam(params.id);
  const search = (pageUrl(request).searchParams.get('search') ?? '').trim().slice(0, 100);
  const audience = await orNotFound(() => createAdminApi(context.api).audience(id, { search, page_size: 100 }));
  // The server's clock decides whose access has ended (ISO strings compare as instants in UTC).
  return { courseId: id, audience, search, now: new Date().toISOString() };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Ученики курса');

export default function AdminCourseAudiencePage({ loaderData }: Route.ComponentProps) {
  return <AudienceScreen {...loaderData} />;
}
