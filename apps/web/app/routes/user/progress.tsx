import type { Route } from './+types/progress';
import type { CourseModules, GroupStatistic, ModulesStatistic, MyCourse, Statistic, TestStatistic } from '@crema/contract';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { ProgressScreen } from '../../features/progress/ProgressScreen.tsx';
import { readFilters } from '../../features/progress/query.ts';
import { privateMeta } from '../../ui/meta.ts';

/** Tests read in detail at most (beyond: their scores are on the chart, not in the courses' lists). */
const MAX_TESTS = 30;

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
  const [statistic, groups, shown, hidden] = await Promise.all([
    optional<Statistic>('statistic', api.statistic(filters)),
    optional<GroupStatistic[]>('groups statistic', api.groupsStatistic(filters.student)),
    optional<MyCourse[]>('my courses', api.userCourses()),
    optional<MyCourse[]>('hidden courses', api.hiddenCourses()),
  ]);
  // Per course its modules and its outline (which tests it has); then per test its best and last
  // score, pass score and attempts (one call each: a learner has a handful of courses and tests).
  const courses = statistic?.courses ?? [];
  const [modules, outlines] = await Promise.all([
    Promise.all(
      courses.map((course) => optional<ModulesStatistic>(`modules of ${course.user_course_id}`, api.modulesStatistic(course.user_course_id))),
    ),
    // A hidden or ended course has no outline to read (learning's scope); its tests taken still show.
    Promise.all(
      courses.map((course) => (course.is_active ? optional<CourseModules>(`outline of ${course.user_course_id}`, api.courseModules(course.user_course_id)) : null)),
    ),
  ]);
  const testIds = [
    ...new Set([
      ...outlines.flatMap((outline) => [
        ...(outline?.modules ?? []).flatMap((module) => module.content.filter((item) => item.type === 'test').map((item) => item.id)),
        ...(outline?.final_tests ?? []).map((test) => test.id),
      ]),
      ...(statistic?.scores ?? []).map((point) => point.test.id),
    ]),
  ].slice(0, MAX_TESTS);
  const tests = await Promise.all(testIds.map((id) => optional<TestStatistic>(`test ${id}`, api.testStatistic(id, filters.student))));
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
    modules: Object.fromEntries(modules.flatMap((item) => (item ? [[item.user_course_id, item] as const] : []))),
    tests: tests.filter((item): item is TestStatistic => item !== null),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Успеваемость');

export default function ProgressPage({ loaderData }: Route.ComponentProps) {
  return <ProgressScreen {...loaderData} />;
}
