import type { Route } from './+types/courses';
import { createAdminApi } from '../../api/admin.ts';
import { pageUrl, requireCourseOwner } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { CoursesScreen, type CoursesQuery } from '../../features/admin-courses/CoursesScreen.tsx';

/** /admin/courses/ 'Мои курсы' (the layout has checked the owner). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const params = pageUrl(request).searchParams;
  const status = params.get('status');
  const query: CoursesQuery = {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    status: status === 'draft' || status === 'published' ? status : '',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
  const page = await createAdminApi(context.api).courses({ search: query.search, status: query.status || undefined, page: query.page });
  return { page, query };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Мои курсы');

export default function AdminCoursesPage({ loaderData }: Route.ComponentProps) {
  return <CoursesScreen {...loaderData} />;
}
