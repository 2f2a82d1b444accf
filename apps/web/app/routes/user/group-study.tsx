import { useMemo } from 'react';
import { Outlet } from 'react-router';
import type { Route } from './+types/group-study';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { groupStudyLinks } from '../../features/groups/paths.ts';
import { currentPlace, withOpened } from '../../features/learning/links.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { StudyLayout } from '../../features/learning/StudyLayout.tsx';

/**
 * The course-study layout of a group (decision 0032): the same StudyLayout as a course's, given the
 * group's programme (items the timetable has not opened shown locked with their opening time) and
 * the group's links (`/user/group/{id}/schedule/{scheduleId?}/lessons|testing/…`, back to the group).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const id = pathId(params.id);
  const [outline, groups] = await Promise.all([orNotFound(api.groupModules(id)), api.myGroups()]);
  const group = groups.find((entry) => entry.id === id);
  return { groupId: id, title: group ? `${group.course.title}, ${group.title}` : outline.group.title, outline };
}

export default function GroupStudyFrame({ loaderData, params }: Route.ComponentProps) {
  const { groupId, title, outline } = loaderData;
  const current = currentPlace(outline, params);
  const lessonId = current?.type === 'lesson' ? current.id : null;
  const course = useMemo(
    () => ({ id: outline.user_course_id, title, student: null, outline: withOpened(outline, lessonId) }),
    [outline, title, lessonId],
  );
  const links = useMemo(() => groupStudyLinks(groupId, outline), [groupId, outline]);
  return (
    <StudyLayout course={course} links={links} current={current}>
      <Outlet />
    </StudyLayout>
  );
}
