import { useMemo } from 'react';
import { data, redirect } from 'react-router';
import type { Route } from './+types/group-testing';
import { formatDate, formatTime } from '@crema/contract/format';
import { ApiRequestError, createApi } from '../../api/client.ts';
import { pageUrl, requireUser } from '../../lib/session.server.ts';
import { groupStudyLinks } from '../../features/groups/paths.ts';
import { findTest, placeAfterTest } from '../../features/learning/links.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { QuizScreen } from '../../features/learning/QuizScreen.tsx';
import { studyTitle } from './sections.ts';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /user/group/{id}/schedule/{scheduleId?}/testing/{testId}/: a test of the group in the group's
 * course-study layout. Tests have no group call (decision 0031): the quiz runs through the course
 * calls with the learner's `user_course_id`; the group's outline says whether the timetable has
 * opened it (closed: when it opens, instead of the quiz).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const id = pathId(params.id);
  if (params.scheduleId !== undefined) pathId(params.scheduleId);
  const testId = pathId(params.testId);
  const outline = await orNotFound(api.groupModules(id));
  const found = findTest(outline, testId);
  if (!found) throw data(null, { status: 404 });
  const links = groupStudyLinks(id, outline);
  if (pageUrl(request).pathname !== links.test(testId)) throw redirect(links.test(testId), 301);
  const item = [...outline.modules.flatMap((module) => module.content), ...outline.final_tests].find(
    (entry) => entry.id === testId && (!('type' in entry) || entry.type === 'test'),
  )!;
  const courseId = outline.user_course_id;
  const place = { moduleId: found.moduleId, testId, title: found.title, next: placeAfterTest(outline, testId) };
  const base = { groupId: id, courseId, outline, place };
  if (!item.is_open) {
    const when = item.opens_at ? `${formatDate(item.opens_at)} в ${formatTime(item.opens_at)} (по московскому времени)` : null;
    const locked = when
      ? `Тест откроется ${when}${item.session ? `, когда начнётся занятие «${item.session.title}»` : ''}.`
      : 'Тест пока закрыт: он откроется, когда начнётся его занятие.';
    return { ...base, quiz: null, locked };
  }
  try {
    return { ...base, quiz: await orNotFound(api.quiz(courseId, found.moduleId, testId)), locked: null };
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 403)) throw error;
    const detail = (error.body as { detail?: unknown } | null)?.detail;
    return { ...base, quiz: null, locked: typeof detail === 'string' ? detail : null };
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? studyTitle(loaderData.place.title, matches) : undefined);

export default function GroupTestingPage({ loaderData }: Route.ComponentProps) {
  const { groupId, courseId, outline, place, quiz, locked } = loaderData;
  const links = useMemo(() => groupStudyLinks(groupId, outline), [groupId, outline]);
  return <QuizScreen key={place.testId} courseId={courseId} links={links} place={place} initial={quiz} locked={locked} />;
}
