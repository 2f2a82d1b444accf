import { Link } from 'react-router';
import type { MyGroupSession } from '@crema/contract';
import { formatDate, formatTime } from '@crema/contract/format';
import { durationText, groupPath, sessionWhen, timeRange, whoseText } from './paths.ts';
import { AttendanceMarks, missed } from './AttendanceMarks.tsx';
import './groups.css';

// /user/group/{id}/schedule/{scheduleId}/: one session — when (Moscow
// time) and how long, where (the place, or 'Подключиться' for an online one), whose it is, and its
// lesson or test with a link to study it in the group (or when it opens).

/** The session's lesson or test as the group's programme has it: where it is studied, and whether it is open. */
export interface SessionStep {
  type: 'lesson' | 'test';
  title: string;
  to: string;
  isOpen: boolean;
  opensAt: string | null;
}

export function SessionScreen({ session, step }: { session: MyGroupSession; step: SessionStep | null }) {
  const online = session.online_url;
  return (
    <main className="account__page group-page">
      <p className="group-back">
        <Link to={groupPath(session.group.id)}>
          ← {session.course.title}, {session.group.title}
        </Link>
      </p>
      <h1 className="account__title">{session.title}</h1>
      {session.is_past ? <p className="group-note">Занятие прошло.</p> : null}
      <dl className="group-facts group-facts--wide">
        <div>
          <dt>Когда</dt>
          <dd>
            <time dateTime={session.starts_at}>{sessionWhen(session.starts_at, session.ends_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Длительность</dt>
          <dd>{durationText(session.starts_at, session.ends_at)}</dd>
        </div>
        <div>
          <dt>Где</dt>
          <dd>{online ? 'Онлайн' : (session.location ?? 'Место уточняется')}</dd>
        </div>
        <div>
          <dt>Кто учится</dt>
          <dd>{whoseText(session.learners)}</dd>
        </div>
      </dl>
      <AttendanceMarks marks={session.attendance} learners={session.learners} step={null} to={null} />
      {online && !session.is_past ? (
        <p>
          <a className="button button--primary" href={online} target="_blank" rel="noopener noreferrer">
            Подключиться
          </a>
          <span className="group-note group-note--inline">Ссылка откроется в новой вкладке; занятие начнётся в {formatTime(session.starts_at)} по Москве.</span>
        </p>
      ) : null}
      {step ? (
        <section className="group-section" aria-labelledby="session-step">
          <h2 id="session-step">{step.type === 'lesson' ? 'Урок занятия' : 'Тест занятия'}</h2>
          {missed(session.attendance) ? <p className="group-note">Занятие пропущено — пройдите его материал самостоятельно.</p> : null}
          {step.isOpen ? (
            <p>
              <Link className="button button--ghost" to={step.to}>
                {step.type === 'lesson' ? 'Открыть урок' : 'Открыть тест'}: {step.title}
              </Link>
            </p>
          ) : (
            <p className="group-step-closed">
              {step.title}.{' '}
              {step.opensAt ? `Откроется ${formatDate(step.opensAt)} в ${formatTime(step.opensAt)} (МСК), когда начнётся занятие.` : 'Пока закрыт.'}
            </p>
          )}
        </section>
      ) : null}
      <p className="group-note group-note--after">
        Время занятия — {timeRange(session.starts_at, session.ends_at)} по Москве. Чтобы занятия появились в календаре телефона,{' '}
        <Link to="/user/schedule/#calendar">подключите календарь</Link>.
      </p>
    </main>
  );
}
