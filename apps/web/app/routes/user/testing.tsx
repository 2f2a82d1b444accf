import { data } from 'react-router';
import type { Route } from './+types/testing';
import { ApiRequestError, createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { findTest, placeAfterTest } from '../../features/learning/links.ts';
import { loadStudyCourse, orNotFound, pathId } from '../../features/learning/load.server.ts';
import { QuizScreen } from '../../features/learning/QuizScreen.tsx';
import { privateMeta } from './sections.ts';

/**
 * /user/courses/{id}/testing/{testId}/: a module test or a final test in the course-study layout
 * (decision 0030). The outline says which: a module test is read under its module's path, a final
 * test without one; a final test still closed (403) shows why instead of the test.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const id = pathId(params.id);
  const testId = pathId(params.testId);
  const course = await loadStudyCourse(api, id);
  const found = findTest(course.outline, testId);
  if (!found) throw data(null, { status: 404 });
  const place = { moduleId: found.moduleId, testId, title: found.title, next: placeAfterTest(course.outline, testId) };
  try {
    return { course, place, quiz: await orNotFound(api.quiz(id, found.moduleId, testId)), locked: null };
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 403)) throw error;
    const detail = (error.body as { detail?: unknown } | null)?.detail;
    return { course, place, quiz: null, locked: typeof detail === 'string' ? detail : null };
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? `${loaderData.place.title} — ${loaderData.course.title}` : undefined);

export default function TestingPage({ loaderData }: Route.ComponentProps) {
  const { course, place, quiz, locked } = loaderData;
  return <QuizScreen key={place.testId} course={course} place={place} initial={quiz} locked={locked} />;
}
