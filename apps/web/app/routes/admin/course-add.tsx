import type { Route } from './+types/course-add';
import { createApi } from '../../api/client.ts';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { CourseAddScreen } from '../../features/admin-courses/CourseAddScreen.tsx';

/** /admin/courses/add/: a new course (a draft). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  return { categories: await createApi(context.api).categories() };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Новый курс');

export default function AdminCourseAddPage({ loaderData }: Route.ComponentProps) {
  return <CourseAddScreen categories={loaderData.categories} />;
}
