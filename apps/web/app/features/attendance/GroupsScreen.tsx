import { Link } from 'react-router';
import type { CuratorGroup } from '@crema/contract';
import { formatDate, formatDateTime } from '@crema/contract/format';
import { attendancePaths } from './api.ts';
import './attendance.css';

// /curator/groups/: the groups whose attendance the person marks (a curator's course or group, an
// owner's courses, every group for staff): current ones first, each with what is left to mark.

export function GroupsScreen({ groups }: { groups: CuratorGroup[] }) {
  return (
    <section aria-labelledby="att-groups-title" className="att">
      <div className="admin-head">
        <h1 id="att-groups-title">Посещаемость групп</h1>
      </div>
      <p className="admin-muted">Откройте группу, затем занятие — и отметьте, кто пришёл. Время — московское.</p>
      {groups.length ? (
        <ul className="att-cards" aria-label="Группы">
          {groups.map((g) => (
            <li key={g.id} className={`att-card${g.sessions_unmarked ? ' att-card--todo' : ''}`}>
              <p className="att-card__title">
                <Link to={attendancePaths.group(g.id)}>{g.title}</Link>
                {g.closed ? <span className="att-badge att-badge--muted">Закрыта</span> : null}
              </p>
              <p className="att-card__course admin-small">{g.course.title}</p>
              <p className="att-card__facts admin-small">
                <span>
                  {formatDate(g.starts_on)}
                  {g.ends_on ? ` — ${formatDate(g.ends_on)}` : ''}
                </span>
                <span>Участников: {g.members_count}</span>
                <span>
                  Занятий прошло: {g.sessions_past} из {g.sessions_count}
                </span>
                {g.sessions_unmarked ? <span className="att-badge att-badge--todo">Не отмечено: {g.sessions_unmarked}</span> : null}
              </p>
              {g.next_session ? (
                <p className="admin-small">
                  Ближайшее: {g.next_session.title}, {formatDateTime(g.next_session.starts_at)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <div className="admin-empty">
          <p>Групп для отметки посещаемости пока нет. Их открывает владелец курса, назначив вас куратором курса или группы.</p>
        </div>
      )}
    </section>
  );
}
