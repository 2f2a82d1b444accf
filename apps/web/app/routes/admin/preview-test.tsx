import { data } from 'react-router';
import type { Route } from './+types/preview-test';
import { createAdminApi } from '../../api/admin.ts';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { quizState } from '../../features/learning/preview.ts';
import { PreviewTest } from '../../features/learning/PreviewTest.tsx';
import { privateMeta } from '../../ui/meta.ts';
import { courseIdParam } from './course-load.server.ts';

/**
 * /admin/courses/{id}/preview/tests/{testId}/: a module test or a final test as the quiz shows its
 * questions (decision 0041), drafts too; no attempt is made. A test of another course is the 404 page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const courseId = courseIdParam(params.id);
  const testId = pathId(params.testId);
  const api = createAdminApi(context.api);
  const [test, questions] = await Promise.all([orNotFound(api.adminTest(testId)), orNotFound(api.adminQuestions(testId))]);
  if (test.course.id !== courseId) throw data(null, { status: 404 });
  return { quiz: quizState(test, questions), draft: !test.is_published };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? `Предпросмотр: ${loaderData.quiz.test.title}` : undefined);

export default function PreviewTestPage({ loaderData }: Route.ComponentProps) {
  return <PreviewTest key={loaderData.quiz.test.id} quiz={loaderData.quiz} draft={loaderData.draft} />;
}
