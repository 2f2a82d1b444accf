import type { Route } from './+types/test-results';
import type { Statistic } from '@crema/contract';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { TestResultsScreen, type ResultRow } from '../../features/progress/TestResultsScreen.tsx';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /user/progress/test-results/ (without an attempt): the finished attempts of the account holder
 * and of each of their students, newest first, from the overall statistics call (all time), one
 * call per learner. A failing call is only logged: the others' results still show.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  let failed = false;
  const optional = (what: string, call: Promise<Statistic>): Promise<Statistic | null> =>
    call.catch((error: unknown) => {
      context.log.warn({ err: error }, `test results: ${what} unavailable`);
      failed = true;
      return null;
    });
  const mine = await optional('statistic', api.statistic({ period: 'all' }));
  const others = await Promise.all(
    (mine?.learners ?? [])
      .flatMap((learner) => (learner.student ? [learner.student.id] : []))
      .map((student) => optional(`statistic of student ${student}`, api.statistic({ student, period: 'all' }))),
  );
  const rows: ResultRow[] = [mine, ...others].flatMap((statistic) => {
    if (!statistic) return [];
    const titles = new Map(statistic.courses.map((course) => [course.course.id, course.course.title]));
    const learner = statistic.student ? `${statistic.student.first_name} ${statistic.student.last_name}` : null;
    return statistic.scores.map((point) => ({
      attemptId: point.attempt_id,
      at: point.date,
      test: point.test.title,
      course: titles.get(point.course_id) ?? '',
      learner,
      score: point.score,
      passed: point.passed,
    }));
  });
  rows.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return { rows, failed };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Результаты тестов');

export default function TestResultsPage({ loaderData }: Route.ComponentProps) {
  return <TestResultsScreen rows={loaderData.rows} failed={loaderData.failed} />;
}
