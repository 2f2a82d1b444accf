import { Link } from 'react-router';
import type { CuratorGroupDetail } from '@crema/contract';
import { ATTENDANCE_LABELS } from '@crema/contract/rules';
import { formatDate, formatDateTime } from '@crema/contract/format';
import { attendancePaths } from './api.ts';
import './attendance.css';

// /curator/groups/{id}/: the group's sessions (started ones open their list; not yet marked ones
// say so) and its members with course progress and attendance, and the table as a file.

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

export function GroupScreen({ group }: { group: CuratorGroupDetail }) {
  return (
    <section aria-labelledby="att-group-title" className="att">
      <p className="att-back">
        <Link to={attendancePaths.groups()}>← Все группы</Link>
      </p>
      <p className="att-card__course">{group.course.title}</p>
      <div className="admin-head">
        <h1 id="att-group-title">{group.title}</h1>
      </div>
      <p className="admin-muted">
        {formatDate(group.starts_on)}
        {group.ends_on ? ` — ${formatDate(group.ends_on)}` : ''} · участников: {group.members_count} · посещаемость: {percent(group.rate)}
      </p>
      <p className="att-downloads">
        <a className="button button--ghost" href={attendancePaths.export(group.id, 'xlsx')} download>
          Скачать таблицу (XLSX)
        </a>
        <a className="button button--ghost" href={attendancePaths.export(group.id, 'csv')} download>
          CSV
        </a>
      </p>

      <h2 className="att-subtitle">Занятия</h2>
      {group.sessions.length ? (
        <ol className="att-sessions">
          {group.sessions.map((s) => {
            const marked = s.counts.present + s.counts.late + s.counts.absent + s.counts.excused;
            return (
              <li key={s.id} className={`att-session${s.is_started && !s.is_marked ? ' att-session--todo' : ''}${s.is_started ? '' : ' att-session--later'}`}>
                {s.is_started ? (
                  <Link className="att-session__link" to={attendancePaths.session(group.id, s.id)}>
                    <span className="att-session__when">{formatDateTime(s.starts_at)}</span>
                    <span className="att-session__title">{s.title}</span>
                    <span className="att-session__state">
                      {s.is_marked && marked > 0
                        ? `${ATTENDANCE_LABELS.present}: ${s.counts.present + s.counts.late} из ${group.members_count}${marked < group.members_count ? `, не отмечено: ${group.members_count - marked}` : ''}`
                        : 'Отметить посещаемость'}
                    </span>
                  </Link>
                ) : (
                  <div className="att-session__link">
                    <span className="att-session__when">{formatDateTime(s.starts_at)}</span>
                    <span className="att-session__title">{s.title}</span>
                    <span className="att-session__state">Ещё не началось</span>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="admin-muted">Расписание группы пока не составлено.</p>
      )}

      <h2 className="att-subtitle">Участники</h2>
      {group.members.length ? (
        <div className="att-table-wrap">
          <table className="att-table">
            <thead>
              <tr>
                <th scope="col">Ученик</th>
                <th scope="col">Прогресс</th>
                <th scope="col">{ATTENDANCE_LABELS.present}</th>
                <th scope="col">{ATTENDANCE_LABELS.late}</th>
                <th scope="col">{ATTENDANCE_LABELS.absent}</th>
                <th scope="col">Уважительная причина</th>
                <th scope="col">Посещаемость</th>
              </tr>
            </thead>
            <tbody>
              {group.members.map((m) => (
                <tr key={m.user_course_id}>
                  <th scope="row">{m.name}</th>
                  <td>{m.progress}%</td>
                  <td>{m.counts.present}</td>
                  <td>{m.counts.late}</td>
                  <td>{m.counts.absent}</td>
                  <td>{m.counts.excused}</td>
                  <td>{percent(m.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-muted">В группе пока никого нет.</p>
      )}
    </section>
  );
}
