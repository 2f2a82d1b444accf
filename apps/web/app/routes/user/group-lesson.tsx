import { useMemo } from 'react';
import { data, redirect } from 'react-router';
import type { Route } from './+types/group-lesson';
import { ApiRequestError, createApi } from '../../api/client.ts';
import { pageUrl, requireUser } from '../../lib/session.server.ts';
import { groupPath, groupStudyLinks } from '../../features/groups/paths.ts';
import { continueTarget } from '../../features/learning/links.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { ClosedPlace, LessonScreen } from '../../features/learning/LessonScreen.tsx';
import { LessonBlocks } from '../../features/content/LessonBlocks.tsx';
import { HomeworkPanel } from '../../features/homework/HomeworkPanel.tsx';
import { loadThreads } from '../../features/homework/api.ts';
import { studyTitle } from './sections.ts';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /user/group/{id}/schedule/{scheduleId?}/lessons/{lessonId?}/?page=n: a lesson of the group in the
 * group's course-study layout, from the group lesson call (the timetable rule: a lesson whose session
 * has not started is a 403 whose text is shown calmly, with the way back to the group). One address per
 * lesson: `{scheduleId}` is its session's (none for a lesson tied to no session); others redirect.
 * Without `{lessonId}` it continues at the first open lesson not completed.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const id = pathId(params.id);
  if (params.scheduleId !== undefined) pathId(params.scheduleId);
  const outline = await orNotFound(api.groupModules(id));
  const links = groupStudyLinks(id, outline);
  if (params.lessonId === undefined) {
    const target = continueTarget(outline);
    if (!target) throw redirect(groupPath(id));
    throw redirect(target.type === 'lesson' ? links.lesson(target.id) : links.test(target.id));
  }
  const lessonId = pathId(params.lessonId);
  const module = outline.modules.find((entry) => entry.content.some((item) => item.type === 'lesson' && item.id === lessonId));
  if (!module) throw data(null, { status: 404 });
  const url = pageUrl(request);
  const raw = url.searchParams.get('page');
  if (raw !== null && !/^[1-9]\d{0,4}$/.test(raw)) throw data(null, { status: 404 });
  const page = raw === null ? 1 : Number(raw);
  if (raw === '1' || url.pathname !== links.lesson(lessonId)) throw redirect(links.lesson(lessonId, page), 301);
  const title = module.content.find((item) => item.type === 'lesson' && item.id === lessonId)!.title;
  const base = { groupId: id, userCourseId: outline.user_course_id, outline, title, moduleTitle: module.title };
  try {
    // Opening it records the enrolment's progress, as the course's lesson page does (decision 0031).
    const lesson = await orNotFound(api.groupLessonPage(id, lessonId, page));
    // The learner's homework is the enrolment's, as on the course's lesson page.
    return { ...base, lesson, homework: await loadThreads(context.api, outline.user_course_id, lesson.blocks), locked: null };
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 403)) throw error;
    const detail = (error.body as { detail?: unknown } | null)?.detail;
    return { ...base, lesson: null, homework: {}, locked: typeof detail === 'string' ? detail : 'Урок пока закрыт: он откроется, когда начнётся его занятие.' };
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? studyTitle(loaderData.title, matches) : undefined);

export default function GroupLessonPage({ loaderData }: Route.ComponentProps) {
  const { groupId, userCourseId, outline, lesson, homework, locked, title, moduleTitle } = loaderData;
  const links = useMemo(() => groupStudyLinks(groupId, outline), [groupId, outline]);
  if (!lesson) return <ClosedPlace kind={moduleTitle} title={title} text={locked ?? ''} links={links} />;
  return (
    <LessonScreen links={links} lesson={lesson}>
      <LessonBlocks
        key={`${lesson.id}-${lesson.page}`}
        blocks={lesson.blocks}
        courseId={userCourseId}
        lessonId={lesson.id}
        homework={(block) => <HomeworkPanel enrolmentId={userCourseId} block={block} thread={homework[block.id] ?? null} />}
      />
    </LessonScreen>
  );
}
