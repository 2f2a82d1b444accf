import { Link } from 'react-router';
import type { MyGroup, MyWaiting } from '@crema/contract';
import { formatCount, formatDate } from '@crema/contract/format';
import { COURSE_FORMAT_LABELS } from '@crema/contract/rules';
import { MEMBER_FORMS, groupPath, personName, sessionPath, sessionWhen, whoseText } from './paths.ts';
import { WaitingLists } from './WaitingLists.tsx';
import './groups.css';

// /user/group/ 'Мои группы': the groups the account's holder and
// their children study in, each a card with the course, the group, its start, teacher, format and
// place, whose it is, the next session and how many study in it.

/** Where the group meets: the format, and the place of an in-person group. */
export function placeText(group: Pick<MyGroup, 'format' | 'location'>): string {
  const format = COURSE_FORMAT_LABELS[group.format];
  return group.location && group.format !== 'online' ? `${format}: ${group.location}` : format;
}

/** A group's facts: who studies in it, its dates, teacher, place and size (the card and the group's page). */
export function GroupFacts({
  group,
  datesLabel,
  dates,
  members,
  wide = false,
}: {
  group: Pick<MyGroup, 'learners' | 'teacher' | 'format' | 'location'>;
  datesLabel: string;
  dates: string;
  members: string;
  wide?: boolean;
}) {
  return (
    <dl className={`group-facts${wide ? ' group-facts--wide' : ''}`}>
      <div>
        <dt>Кто учится</dt>
        <dd>{whoseText(group.learners)}</dd>
      </div>
      <div>
        <dt>{datesLabel}</dt>
        <dd>{dates}</dd>
      </div>
      {group.teacher ? (
        <div>
          <dt>Преподаватель</dt>
          <dd>{personName(group.teacher)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Формат</dt>
        <dd>{placeText(group)}</dd>
      </div>
      <div>
        <dt>В группе</dt>
        <dd>{members}</dd>
      </div>
    </dl>
  );
}

function GroupCard({ group }: { group: MyGroup }) {
  const next = group.next_session;
  return (
    <article className="group-card" aria-label={`${group.course.title}, ${group.title}`}>
      <p className="group-card__course">{group.course.title}</p>
      <h2 className="group-card__title">
        <Link to={groupPath(group.id)}>{group.title}</Link>
      </h2>
      <GroupFacts group={group} dates={formatDate(group.starts_on)} datesLabel="Начало" members={formatCount(group.members_count, MEMBER_FORMS)} />
      {next ? (
        <p className="group-card__next">
          <span className="group-card__next-label">Ближайшее занятие</span>
          <Link to={sessionPath(group.id, next.id)}>
            <span className="group-card__next-when">{sessionWhen(next.starts_at, next.ends_at)}</span> {next.title}
          </Link>
        </p>
      ) : (
        <p className="group-card__next group-card__next--none">Все занятия группы прошли.</p>
      )}
    </article>
  );
}

export function GroupsScreen({ groups, waiting }: { groups: MyGroup[]; waiting: MyWaiting }) {
  return (
    <main className="account__page">
      <h1 className="account__title">Мои группы</h1>
      {groups.length ? (
        <ul className="group-cards">
          {groups.map((group) => (
            <li key={group.id}>
              <GroupCard group={group} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="group-empty">
          <p>Вы пока не учитесь в группе. Когда вы или ваш ребёнок запишетесь на курс с занятиями в группе, она появится здесь вместе с расписанием.</p>
          <Link className="button button--primary" to="/schedule/">
            Ближайшие наборы в группы
          </Link>
        </div>
      )}
      <WaitingLists entries={waiting} />
    </main>
  );
}
