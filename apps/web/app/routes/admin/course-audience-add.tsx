import type { Route } from './+types/course-audience-add';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { AddLearnerScreen } from '../../features/admin-courses/AudienceScreen.tsx';
import { loadOwnCourse } from './course-load.server.ts';

/** /admin/courses/{id}/audience/add/: open the course to someone by e-mail. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const course = await loadOwnCourse(context, params.id);
  return { courseId: course.id };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Добавить ученика');

export default function AdminCourseAudienceAddPage({ loaderData }: Route.ComponentProps) {
  return <AddLearnerScreen courseId={loaderData.courseId} />;
}
