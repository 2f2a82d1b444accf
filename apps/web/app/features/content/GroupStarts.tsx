import { Link } from 'react-router';
import type { GroupStart } from '@crema/contract';
import { COURSE_FORMAT_LABELS } from '@crema/contract/rules';
import { formatDate, formatPrice, formatSeatsLeft, formatTime, moscowDateParts, pluralRu, SESSION_FORMS } from '@crema/contract/format';
import { paths } from '../../lib/paths.ts';
import './content.css';

const WEEKDAYS = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

/** Short weekday of an instant in Moscow ('пн'). */
function moscowWeekday(instant: string): string {
  const { year, month, day } = moscowDateParts(instant);
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

function GroupCard({ group, headingLevel }: { group: GroupStart; headingLevel: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const SubHeading = `h${headingLevel + 1}` as 'h3' | 'h4';
  const seats = formatSeatsLeft(group.seats_left);
  const full = group.seats_left !== null && group.seats_left <= 0;
  const teacher = group.teacher ? `${group.teacher.first_name} ${group.teacher.last_name}` : null;
  return (
    <article className="group-card">
      <div className="group-card__start">
        <span className="group-card__start-label">Старт</span>
        <time className="group-card__start-date" dateTime={group.starts_on}>
          {formatDate(group.starts_on)}
        </time>
      </div>
      <div className="group-card__main">
        <p className="group-card__badges">
          <span className={`badge badge--${group.format}`}>{COURSE_FORMAT_LABELS[group.format]}</span>
          <span className="badge">{group.course.kids ? 'Для детей' : 'Для взрослых'}</span>
        </p>
        <Heading className="group-card__title">
          <Link to={paths.course(group.course.slug)} prefetch="intent">
            {group.course.title}
          </Link>
        </Heading>
        {group.title && group.title !== group.course.title ? <p className="group-card__group">{group.title}</p> : null}
        <dl className="group-card__facts">
          <div>
            <dt>Даты</dt>
            <dd>
              <span className="group-card__date">{formatDate(group.starts_on)}</span>
              {group.ends_on && group.ends_on !== group.starts_on ? (
                <>
                  {' — '}
                  <span className="group-card__date">{formatDate(group.ends_on)}</span>
                </>
              ) : null}
            </dd>
          </div>
          {group.sessions_count > 0 ? (
            <div>
              <dt>Занятия</dt>
              <dd>
                {group.sessions_count} {pluralRu(group.sessions_count, SESSION_FORMS)}
              </dd>
            </div>
          ) : null}
          {group.location ? (
            <div>
              <dt>Где</dt>
              <dd>{group.location}</dd>
            </div>
          ) : null}
          {teacher ? (
            <div>
              <dt>Преподаватель</dt>
              <dd>{teacher}</dd>
            </div>
          ) : null}
        </dl>
        {group.sessions.length > 0 ? (
          <div className="group-card__sessions">
            <SubHeading className="group-card__sessions-title">Ближайшие занятия</SubHeading>
            <ul>
              {group.sessions.map((session) => (
                <li key={session.id}>
                  <span className="group-card__when">
                    {moscowWeekday(session.starts_at)}, <time dateTime={session.starts_at}>{formatDate(session.starts_at)}</time>,{' '}
                    {formatTime(session.starts_at)}–{formatTime(session.ends_at)}
                  </span>
                  <span className="group-card__topic">{session.title}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="group-card__aside">
        {group.course.price !== null ? <p className="group-card__price">{group.course.price > 0 ? formatPrice(group.course.price) : 'Бесплатно'}</p> : null}
        {seats ? <p className={`group-card__seats${full ? ' group-card__seats--full' : ''}`}>{seats}</p> : null}
        {full ? null : (
          <Link
            className="button button--primary group-card__button"
            to={paths.orderCourse(group.course.slug, group.id)}
            aria-label={`Записаться в группу «${group.course.title}», старт ${formatDate(group.starts_on)}`}
          >
            Записаться
          </Link>
        )}
        <Link className="button button--ghost group-card__button" to={paths.course(group.course.slug)} aria-label={`О курсе «${group.course.title}»`}>
          О курсе
        </Link>
      </div>
    </article>
  );
}

/**
 * Upcoming group starts as cards (the public schedule and the in-person page); times are
 * Moscow's, said once above the list.
 */
export function GroupStarts({ groups, headingLevel = 2 }: { groups: readonly GroupStart[]; headingLevel?: 2 | 3 }) {
  return (
    <>
      <p className="schedule__tz">Время занятий — московское.</p>
      <ul className="schedule__list">
        {groups.map((group) => (
          <li key={group.id}>
            <GroupCard group={group} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
    </>
  );
}
