import { Link } from 'react-router';
import type { CalendarFeedView, UserSchedule } from '@crema/contract';
import { formatDateTime } from '@crema/contract/format';
import { CalendarFeed } from './CalendarFeed.tsx';
import { groupPath, sessionPath, timeRange, whoseText } from './paths.ts';
import { AttendanceMarks } from './AttendanceMarks.tsx';
import './groups.css';

// /user/schedule/ 'Расписание': the coming sessions of every group the
// account's holder and their children study in, by Moscow day ('Сегодня', 'Завтра', 'пн, 30 ноября'),
// times in Moscow whatever the device's zone, whose each is, 'Изменено' on what changed since the
// last visit; further ahead by the period links; then the personal calendar feed.

/** The periods the screen offers, in days ahead. */
export const SCHEDULE_PERIODS = [14, 30, 90] as const;
const PERIOD_TEXT: Record<number, string> = { 14: '14 дней', 30: '30 дней', 90: '90 дней' };

export function ScheduleScreen({
  schedule,
  headings,
  days,
  feed,
}: {
  schedule: UserSchedule;
  /** Each day's heading by its date ('Сегодня', 'Завтра', 'пн, 30 ноября'), from the loader's Moscow today. */
  headings: Record<string, string>;
  days: number;
  feed: CalendarFeedView;
}) {
  const further = SCHEDULE_PERIODS.find((period) => period > days);
  const changed = schedule.days.some((day) => day.sessions.some((session) => session.changed_since_last_visit));
  return (
    <main className="account__page group-page">
      <h1 className="account__title">Расписание</h1>
      <p className="group-note">
        Занятия ваших групп и групп ваших детей. Время московское. <Link to="/user/group/">Мои группы</Link>
      </p>
      <nav className="schedule-periods" aria-label="Период">
        {SCHEDULE_PERIODS.map((period) => (
          <Link
            key={period}
            className="schedule-periods__link"
            to={period === SCHEDULE_PERIODS[0] ? '/user/schedule/' : `/user/schedule/?days=${period}`}
            aria-current={period === days ? 'page' : undefined}
            preventScrollReset
          >
            {PERIOD_TEXT[period]}
          </Link>
        ))}
      </nav>
      {changed && schedule.previous_visit_at ? (
        <p className="group-note">Отмечены занятия, добавленные или перенесённые после вашего прошлого визита {formatDateTime(schedule.previous_visit_at)}.</p>
      ) : null}
      {schedule.days.length ? (
        <div className="schedule-days">
          {schedule.days.map((day) => (
            <section key={day.date} className="schedule-day" aria-labelledby={`day-${day.date}`}>
              <h2 className="schedule-day__title" id={`day-${day.date}`}>
                {headings[day.date] ?? day.date}
              </h2>
              <ol className="schedule-sessions">
                {day.sessions.map((session) => (
                  <li key={session.id} className={`schedule-session${session.is_past ? ' schedule-session--past' : ''}`}>
                    <span className="schedule-session__time">{timeRange(session.starts_at, session.ends_at)}</span>
                    <div className="schedule-session__body">
                      <p className="schedule-session__title">
                        <Link to={sessionPath(session.group.id, session.id)}>{session.title}</Link>
                        {session.changed_since_last_visit ? <span className="group-badge group-badge--changed">Изменено</span> : null}
                      </p>
                      <p className="schedule-session__meta">
                        <Link to={groupPath(session.group.id)}>
                          {session.course.title}, {session.group.title}
                        </Link>
                      </p>
                      <p className="schedule-session__meta">
                        <span className="schedule-whose">{whoseText(session.learners)}</span>
                        <span>{session.online_url ? 'Онлайн' : (session.location ?? '')}</span>
                      </p>
                      <AttendanceMarks marks={session.attendance} learners={session.learners} step={null} to={null} />
                    </div>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      ) : (
        <div className="group-empty">
          <p>В ближайшие {PERIOD_TEXT[days]} занятий нет.</p>
          {further ? (
            <Link className="button button--ghost" to={`/user/schedule/?days=${further}`}>
              Показать на {PERIOD_TEXT[further]} вперёд
            </Link>
          ) : null}
        </div>
      )}
      <CalendarFeed initial={feed} />
    </main>
  );
}
