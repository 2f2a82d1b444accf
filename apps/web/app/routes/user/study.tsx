import { useMemo } from 'react';
import { Outlet } from 'react-router';
import type { Route } from './+types/study';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { courseLinks, currentPlace, withOpened } from '../../features/learning/links.ts';
import { loadStudyCourse } from '../../features/learning/load.server.ts';
import { pathId } from '../../ui/loaders.server.ts';
import { StudyLayout } from '../../features/learning/StudyLayout.tsx';

/**
 * The course-study layout (decisions 0029, 0030) around its pages: lessons and
 * tests. It asks for a signed-in person itself (it is outside the account layout), reads the course's
 * title and outline once for the sidebar, and keeps the sidebar (open or closed as the learner left
 * it) while they step between lessons and tests.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  return { course: await loadStudyCourse(createApi(context.api), pathId(params.id)) };
}

export default function StudyFrame({ loaderData, params }: Route.ComponentProps) {
  const { course } = loaderData;
  const current = currentPlace(course.outline, params);
  const lessonId = current?.type === 'lesson' ? current.id : null;
  const shown = useMemo(() => ({ ...course, outline: withOpened(course.outline, lessonId) }), [course, lessonId]);
  const links = useMemo(() => courseLinks(course.id), [course.id]);
  return (
    <StudyLayout course={shown} links={links} current={current}>
      <Outlet />
    </StudyLayout>
  );
}
