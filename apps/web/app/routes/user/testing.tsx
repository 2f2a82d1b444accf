import { data } from 'react-router';
import type { Route } from './+types/testing';
import { ApiRequestError, createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { courseLinks, findTest, placeAfterTest } from '../../features/learning/links.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { QuizScreen } from '../../features/learning/QuizScreen.tsx';
import { studyTitle } from './sections.ts';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /user/courses/{id}/testing/{testId}/: a module test or a final test in the course-study layout
 * (routes/user/study.tsx; decision 0030). The outline says which: a module test is read under its
 * module's path, a final test without one; a final test still closed (403) shows why instead.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const id = pathId(params.id);
  const testId = pathId(params.testId);
  const outline = await orNotFound(api.courseModules(id));
  const found = findTest(outline, testId);
  if (!found) throw data(null, { status: 404 });
  const place = { moduleId: found.moduleId, testId, title: found.title, next: placeAfterTest(outline, testId) };
  try {
    return { courseId: id, place, quiz: await orNotFound(api.quiz(id, found.moduleId, testId)), locked: null };
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 403)) throw error;
    const detail = (error.body as { detail?: unknown } | null)?.detail;
    return { courseId: id, place, quiz: null, locked: typeof detail === 'string' ? detail : null };
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? studyTitle(loaderData.place.title, matches) : undefined);

export default function TestingPage({ loaderData }: Route.ComponentProps) {
  const { courseId, place, quiz, locked } = loaderData;
  return <QuizScreen key={place.testId} courseId={courseId} links={courseLinks(courseId)} place={place} initial={quiz} locked={locked} />;
}
