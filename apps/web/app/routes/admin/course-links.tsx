import type { Route } from './+types/course-links';
import { createAdminApi } from '../../api/admin.ts';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { LinksScreen } from '../../features/admin-courses/LinksScreen.tsx';
import { courseIdParam, orNotFound } from './course-load.server.ts';

/** /admin/courses/{id}/links/: the course's invitation links. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const id = courseIdParam(params.id);
  return { courseId: id, links: await orNotFound(() => createAdminApi(context.api).links(id)) };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Ссылки-приглашения');

export default function AdminCourseLinksPage({ loaderData }: Route.ComponentProps) {
  return <LinksScreen key={loaderData.courseId} {...loaderData} />;
}
