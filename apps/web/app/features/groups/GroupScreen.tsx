import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MyGroupDetail } from '@crema/contract';
import { formatCount, formatDate, SESSION_FORMS } from '@crema/contract/format';
import { GroupFacts } from './GroupsScreen.tsx';
import { MEMBER_FORMS, groupsPath, sessionPath, timeRange } from './paths.ts';
import { AttendanceMarks } from './AttendanceMarks.tsx';
import './groups.css';

// /user/group/{id}/: one group — who studies, teacher, place, how many
// classmates; the timetable (past sessions dimmed, the next one highlighted, each a link to its
// session page); and the group's materials: its programme with the items the timetable has not
// opened yet shown locked (the route hands in the learning feature's outline as `programme`).

export function GroupScreen({ group, programme, continueTo }: { group: MyGroupDetail; programme: ReactNode; continueTo: string | null }) {
  const nextId = group.next_session?.id ?? null;
  const classmates = group.members_count - group.learners.length;
  return (
    <main className="account__page group-page">
      <p className="group-back">
        <Link to={groupsPath()}>← Мои группы</Link>
      </p>
      <p className="group-card__course">{group.course.title}</p>
      <h1 className="account__title">{group.title}</h1>
      <GroupFacts
        group={group}
        wide
        datesLabel="Даты"
        dates={`${formatDate(group.starts_on)}${group.ends_on ? ` — ${formatDate(group.ends_on)}` : ''}`}
        members={`${formatCount(group.members_count, MEMBER_FORMS)}${classmates > 0 ? ` (одногруппников: ${classmates})` : ''}`}
      />
      {continueTo ? (
        <p>
          <Link className="button button--primary" to={continueTo}>
            Продолжить обучение
          </Link>
        </p>
      ) : null}

      <section className="group-section" aria-labelledby="group-timetable">
        <h2 id="group-timetable">Расписание</h2>
        <p className="group-note">
          {formatCount(group.sessions_count, SESSION_FORMS)}, время московское. <Link to="/user/schedule/">Моё расписание и календарь</Link>
        </p>
        {group.sessions.length ? (
          <ol className="group-sessions">
            {group.sessions.map((session) => {
              const state = session.id === nextId ? 'next' : session.is_past ? 'past' : 'later';
              return (
                <li key={session.id} className={`group-session group-session--${state}`}>
                  <Link to={sessionPath(group.id, session.id)} className="group-session__link" aria-current={state === 'next' ? 'true' : undefined}>
                    <span className="group-session__date">{formatDate(session.starts_at)}</span>
                    <span className="group-session__time">{timeRange(session.starts_at, session.ends_at)}</span>
                    <span className="group-session__title">
                      {state === 'next' ? <span className="group-badge">Ближайшее</span> : null}
                      {state === 'past' ? <span className="visually-hidden">Прошло: </span> : null}
                      {session.title}
                    </span>
                    {session.online_url ? <span className="group-session__where">Онлайн</span> : null}
                  </Link>
                  <AttendanceMarks marks={session.attendance} learners={group.learners} step={session.lesson ?? session.test} to={sessionPath(group.id, session.id)} />
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="group-note">Расписание группы пока не составлено.</p>
        )}
      </section>

      <section className="group-section" aria-labelledby="group-materials">
        <h2 id="group-materials">Материалы группы</h2>
        <p className="group-note">Уроки, привязанные к занятиям, открываются, когда занятие начинается.</p>
        {programme}
      </section>
    </main>
  );
}
