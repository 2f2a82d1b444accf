import type { Route } from './+types/course-edit';
import { createApi } from '../../api/client.ts';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { CourseEditScreen } from '../../features/admin-courses/CourseEditScreen.tsx';
import { loadOwnCourse } from './course-load.server.ts';

/** /admin/courses/{id}/edit/: the course's settings; another owner's course is the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const [course, categories] = await Promise.all([loadOwnCourse(context, params.id), createApi(context.api).categories()]);
  return { course, categories };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => privateMeta(matches, loaderData ? `${loaderData.course.title}: настройки` : undefined);

export default function AdminCourseEditPage({ loaderData }: Route.ComponentProps) {
  // A new course (or the same after a save elsewhere) starts the form anew.
  return <CourseEditScreen key={`${loaderData.course.id}`} {...loaderData} />;
}
