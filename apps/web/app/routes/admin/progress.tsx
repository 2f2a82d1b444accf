import type { Route } from './+types/progress';
import { createAdminApi, type AdminProgressFilters } from '../../api/admin.ts';
import { pageUrl, requireCourseOwner } from '../../lib/session.server.ts';
import { orNotFound } from '../../ui/loaders.server.ts';
import { PROGRESS_PAGE_SIZE, ProgressScreen } from '../../features/admin-tests/ProgressScreen.tsx';
import { privateMeta } from '../../ui/meta.ts';

/** A positive whole number from the address, or nothing (a hand-typed `?course=abc` is ignored). */
const idParam = (raw: string | null) => (raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined);

/** /admin/progress/ (decision 0038): learners' progress on my courses, filtered by the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const api = createAdminApi(context.api);
  const search = pageUrl(request).searchParams;
  const filters: AdminProgressFilters = {
    course: idParam(search.get('course')),
    group: idParam(search.get('group')),
    search: search.get('search')?.trim().slice(0, 100) || undefined,
  };
  const page = idParam(search.get('page')) ?? 1;
  const [list, courses, groups] = await Promise.all([
    orNotFound(api.adminProgress({ ...filters, page, page_size: PROGRESS_PAGE_SIZE })),
    api.courses({ page_size: 100 }),
    api.adminProgressGroups(filters.course),
  ]);
  return { rows: list.results, count: list.count, page, filters, courses: courses.results, groups };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Успеваемость учеников');

export default function AdminProgressPage({ loaderData }: Route.ComponentProps) {
  const { rows, count, page, filters, courses, groups } = loaderData;
  return <ProgressScreen rows={rows} count={count} page={page} filters={filters} courses={courses} groups={groups} />;
}
