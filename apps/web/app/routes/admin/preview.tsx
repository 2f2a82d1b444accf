import { Outlet, useLocation } from 'react-router';
import type { Route } from './+types/preview';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { currentPlace } from '../../features/learning/links.ts';
import { PreviewFrame } from '../../features/learning/PreviewFrame.tsx';
import { adminPaths } from '../../features/admin-courses/paths.ts';
import { loadPreviewCourse } from './preview-load.server.ts';

/**
 * /admin/courses/{id}/preview/…: the course as learners see it (decision 0041), for its owner. Not
 * in the admin layout: the learners' course-study layout (sidebar and content) under a bar that says
 * it is a preview and leads back to editing. Its pages record nothing.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const { course } = await loadPreviewCourse(context, params.id);
  return { course };
}

export default function PreviewLayout({ loaderData, params }: Route.ComponentProps) {
  const { course } = loaderData;
  const current = currentPlace(course.outline, params);
  // 'Вернуться к редактированию' opens the editor of what is on screen; from the overview, the programme.
  const back = new URLSearchParams(useLocation().search).get('from') === 'edit' ? adminPaths.edit(course.id) : adminPaths.programme(course.id);
  const edit = current ? (current.type === 'lesson' ? adminPaths.lesson(current.id) : adminPaths.test(current.id)) : back;
  return (
    <PreviewFrame course={course} current={current} edit={edit}>
      <Outlet />
    </PreviewFrame>
  );
}
