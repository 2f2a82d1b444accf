import type { Route } from './+types/course-edit';
import { createApi } from '../../api/client.ts';
import { createCourseCatalogApi } from '../../features/admin-courses/catalog-api.ts';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { CourseEditScreen } from '../../features/admin-courses/CourseEditScreen.tsx';
import { loadOwnCourse } from './course-load.server.ts';

/** /admin/courses/{id}/edit/: the course's settings; another owner's course is the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const course = await loadOwnCourse(context, params.id);
  const catalogApi = createCourseCatalogApi(context.api);
  const [categories, catalog, attributes, collections] = await Promise.all([
    createApi(context.api).categories(),
    catalogApi.get(course.id),
    catalogApi.attributes(),
    catalogApi.collections(),
  ]);
  return { course, categories, catalog: { catalog, attributes, collections: collections.map((c) => ({ id: c.id, title: c.title })) } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => privateMeta(matches, loaderData ? `${loaderData.course.title}: настройки` : undefined);

export default function AdminCourseEditPage({ loaderData }: Route.ComponentProps) {
  // A new course (or the same after a save elsewhere) starts the form anew.
  return <CourseEditScreen key={`${loaderData.course.id}`} {...loaderData} />;
}
