import type { Route } from './+types/test';
import { createAdminApi } from '../../api/admin.ts';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { TestEditor } from '../../features/admin-tests/TestEditor.tsx';
// The preview of a question uses the quiz screen's own styles.
import '../../features/learning/quiz.css';
import { privateMeta } from '../../ui/meta.ts';

/** /admin/tests/{testId}/ (decision 0038): a test of my course — module or final; another owner's is the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const api = createAdminApi(context.api);
  const id = pathId(params.testId);
  const [test, questions] = await Promise.all([orNotFound(api.adminTest(id)), orNotFound(api.adminQuestions(id))]);
  return { test, questions };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => privateMeta(matches, loaderData ? `${loaderData.test.name} — тест` : undefined);

export default function AdminTestPage({ loaderData }: Route.ComponentProps) {
  return <TestEditor key={loaderData.test.id} initialTest={loaderData.test} initialQuestions={loaderData.questions} />;
}
