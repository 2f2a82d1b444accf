import { Link } from 'react-router';
import type { WaitingGroups, WaitingList } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { SchoolTabs, moscowTime, schoolPaths } from './ui.tsx';

// The waiting lists of full groups (decision 0067): which groups have people waiting, and one
// group's list in its order — the person offered a seat first, with the order and until when the
// seat is held, then those waiting, numbered.

const STATUS_WORDS: Record<WaitingList['results'][number]['status'], string> = {
  waiting: 'ждёт',
  offered: 'место предложено',
  bought: 'купил',
  expired: 'не оплатил вовремя',
  left: 'вышел из листа',
};

const seatsText = (group: { capacity: number | null; seats_held: number }) => (group.capacity === null ? 'без ограничения' : `занято ${group.seats_held} из ${group.capacity}`);

/** /admin/school/waiting/: groups whose lists have someone in them. */
export function WaitingGroupsScreen({ list }: { list: WaitingGroups['results'] }) {
  return (
    <section aria-labelledby="school-waiting-title">
      <SchoolTabs />
      <div className="admin-head">
        <h1 id="school-waiting-title">Лист ожидания</h1>
      </div>
      <p className="admin-muted">Когда в полной группе освобождается место, первый в листе получает письмо: место держится за ним сутки, потом переходит следующему.</p>
      {list.length ? (
        <div className="admin-table-wrap" role="region" aria-label="Группы с листом ожидания" tabIndex={0}>
          <table className="admin-table audit-table">
            <thead>
              <tr>
                <th scope="col">Группа</th>
                <th scope="col">Курс</th>
                <th scope="col">Места</th>
                <th scope="col">Ждут</th>
                <th scope="col">Предложено</th>
              </tr>
            </thead>
            <tbody>
              {list.map((row) => (
                <tr key={row.group.id}>
                  <td data-label="Группа">
                    <Link className="audit-action" to={schoolPaths.waiting(row.group.id)}>
                      {row.group.title}
                    </Link>
                    <span className="audit-small">старт {formatDate(row.group.starts_on)}</span>
                  </td>
                  <td data-label="Курс">{row.course.title}</td>
                  <td data-label="Места">{seatsText(row.group)}</td>
                  <td data-label="Ждут">{row.waiting}</td>
                  <td data-label="Предложено">{row.offered}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="admin-empty">
          <p>Никто не ждёт места.</p>
        </div>
      )}
    </section>
  );
}

/** /admin/school/waiting/{groupId}/: one group's list. */
export function WaitingListScreen({ list }: { list: WaitingList }) {
  return (
    <section aria-labelledby="school-waiting-group-title">
      <SchoolTabs />
      <p className="school-back">
        <Link to={schoolPaths.waitingGroups()}>← Все листы ожидания</Link>
      </p>
      <div className="admin-head">
        <h1 id="school-waiting-group-title">Лист ожидания: {list.group.title}</h1>
      </div>
      <p className="admin-muted">
        Старт {formatDate(list.group.starts_on)}, места: {seatsText(list.group)}.
      </p>
      {list.results.length ? (
        <div className="admin-table-wrap" role="region" aria-label="Лист ожидания группы" tabIndex={0}>
          <table className="admin-table audit-table">
            <thead>
              <tr>
                <th scope="col">№</th>
                <th scope="col">Человек</th>
                <th scope="col">Состояние</th>
                <th scope="col">В листе с</th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="№">{entry.position ?? '—'}</td>
                  <td data-label="Человек">
                    <Link className="audit-action" to={schoolPaths.person(entry.person.id)}>
                      {entry.person.name}
                    </Link>
                    <span className="audit-small">{entry.person.email}</span>
                  </td>
                  <td data-label="Состояние">
                    {STATUS_WORDS[entry.status]}
                    {entry.status === 'offered' && entry.held_until ? <span className="audit-small">место держится до {moscowTime(entry.held_until)}</span> : null}
                  </td>
                  <td data-label="В листе с">{moscowTime(entry.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="admin-empty">
          <p>В листе этой группы никого нет.</p>
        </div>
      )}
    </section>
  );
}
