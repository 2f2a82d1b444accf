import type { Route } from './+types/schedule';
import { createApi } from '../../api/client.ts';
import { pageUrl, requireUser } from '../../lib/session.server.ts';
import { SCHEDULE_PERIODS, ScheduleScreen } from '../../features/groups/ScheduleScreen.tsx';
import { dayHeading, moscowPeriod } from '../../features/groups/schedule.server.ts';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /user/schedule/ 'Расписание': my and my children's coming sessions by Moscow day for
 * the chosen period (`?days=30|90`; 14 without it), and the personal calendar feed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const asked = Number(pageUrl(request).searchParams.get('days'));
  const days = (SCHEDULE_PERIODS as readonly number[]).includes(asked) ? asked : SCHEDULE_PERIODS[0];
  const period = moscowPeriod(days);
  const [schedule, feed] = await Promise.all([api.mySchedule(period), api.calendarFeed()]);
  const headings = Object.fromEntries(schedule.days.map((day) => [day.date, dayHeading(day.date, period.from)]));
  return { schedule, feed, headings, days };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Расписание');

export default function SchedulePage({ loaderData }: Route.ComponentProps) {
  return <ScheduleScreen {...loaderData} />;
}
