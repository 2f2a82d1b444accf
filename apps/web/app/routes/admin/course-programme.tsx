import type { Route } from './+types/course-programme';
import { createAdminApi } from '../../api/admin.ts';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { ProgrammeScreen } from '../../features/admin-courses/ProgrammeScreen.tsx';
import { courseIdParam, loadOwnCourse, orNotFound } from './course-load.server.ts';

/** /admin/courses/{id}/ 'Программа': modules, lessons and tests of the owner's course. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const id = courseIdParam(params.id);
  const [course, modules] = await Promise.all([
    loadOwnCourse(context, params.id),
    orNotFound(() => createAdminApi(context.api).modules(id)),
  ]);
  return { course: { id: course.id, title: course.title }, modules };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => privateMeta(matches, loaderData ? `${loaderData.course.title}: программа` : undefined);

export default function AdminCourseProgrammePage({ loaderData }: Route.ComponentProps) {
  return <ProgrammeScreen key={loaderData.course.id} {...loaderData} />;
}
