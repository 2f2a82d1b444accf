import type { Route } from './+types/course-tests';
import { createAdminApi } from '../../api/admin.ts';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { FinalTests } from '../../features/admin-tests/FinalTests.tsx';
import { privateMeta } from '../../ui/meta.ts';

/** /admin/courses/{id}/test/ (decision 0038): the final tests of my course. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const api = createAdminApi(context.api);
  const id = pathId(params.id);
  const [course, tests] = await Promise.all([orNotFound(api.course(id)), orNotFound(api.adminFinalTests(id))]);
  return { course: { id: course.id, title: course.title }, tests };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? `Итоговые тесты — ${loaderData.course.title}` : undefined);

export default function AdminCourseTestsPage({ loaderData }: Route.ComponentProps) {
  return <FinalTests key={loaderData.course.id} course={loaderData.course} initialTests={loaderData.tests} />;
}
