import type { Route } from './+types/progress';
import type { GroupStatistic, MyCourse, ProgressCourses, Statistic } from '@crema/contract';
import { createApi, json, toQuery } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { ProgressScreen } from '../../features/progress/ProgressScreen.tsx';
import { readFilters } from '../../features/progress/query.ts';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /user/progress/ (decision 0034): the account's progress — tiles, charts, per course the
 * modules and tests — for the holder or one of their students (`?student=`), filtered by course,
 * group and period from the address. Statistics errors are only logged: a failing call
 * leaves its part out with a calm note, the rest of the page still renders.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const filters = readFilters(new URL(request.url).searchParams);
  const api = createApi(context.api);
  const optional = <T,>(what: string, call: Promise<T>): Promise<T | null> =>
    call.catch((error: unknown) => {
      context.log.warn({ err: error }, `progress page: ${what} unavailable`);
      return null;
    });
  // Five calls side by side, each a fixed number of queries whatever the number of courses and
  // tests (decision 0061): the per course modules and tests come in one report, not a call each.
  const [statistic, details, groups, shown, hidden] = await Promise.all([
    optional<Statistic>('statistic', api.statistic(filters)),
    // Loader-only call: kept out of the shared client, which every page loads (decision 0039).
    optional<ProgressCourses>('course details', json<ProgressCourses>(context.api, `/api/user/course/statistic/courses/${toQuery({ ...filters })}`)),
    optional<GroupStatistic[]>('groups statistic', api.groupsStatistic(filters.student)),
    optional<MyCourse[]>('my courses', api.userCourses()),
    optional<MyCourse[]>('hidden courses', api.hiddenCourses()),
  ]);
  // The course filter offers every course of the learner, whatever the other filters narrowed.
  const learnerId = filters.student ?? null;
  const courseOptions = [...(shown ?? []), ...(hidden ?? [])]
    .filter((item) => (item.student?.id ?? null) === learnerId)
    .map((item) => ({ id: item.course.id, title: item.course.title }))
    .sort((a, b) => a.title.localeCompare(b.title, 'ru'));
  return {
    filters,
    statistic,
    groups,
    courseOptions,
    modules: Object.fromEntries((details?.modules ?? []).map((item) => [item.user_course_id, item] as const)),
    tests: details?.tests ?? [],
  };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Успеваемость');

export default function ProgressPage({ loaderData }: Route.ComponentProps) {
  return <ProgressScreen {...loaderData} />;
}
