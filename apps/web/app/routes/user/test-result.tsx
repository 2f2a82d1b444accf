import type { Route } from './+types/test-result';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { TestResultScreen } from '../../features/learning/TestResultScreen.tsx';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /user/progress/test-results/{activityId}/: one finished attempt (the activity id is the attempt's),
 * in the account frame. Another account's attempt or one still in progress is the 404 page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  return { report: await orNotFound(createApi(context.api).attemptReport(pathId(params.activityId))) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? `Результат: ${loaderData.report.test.title}` : undefined);

export default function TestResultPage({ loaderData }: Route.ComponentProps) {
  return <TestResultScreen report={loaderData.report} />;
}
