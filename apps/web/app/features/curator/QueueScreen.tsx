import { FilterSelect } from '../../ui/FilterSelect.tsx';
import { Form, Link, useNavigation } from 'react-router';
import type { CuratorSubmissionCard, CuratorSummary } from '@crema/contract';
import { Pagination } from '../../ui/Pagination.tsx';
import { SubmissionFacts, curatorPaths } from './ui.tsx';
import { queueHref, type QueueFilters } from './words.ts';

export type { QueueFilters } from './words.ts';

export const QUEUE_PAGE_SIZE = 20;

const STATUS_OPTIONS: [string, string][] = [
  ['waiting', 'Все ждущие'],
  ['sent', 'Не взяты на проверку'],
  ['checking', 'На проверке'],
  ['returned', 'На доработке'],
  ['accepted', 'Приняты'],
];

function Card({ card, now }: { card: CuratorSubmissionCard; now: string }) {
  return (
    <li className={`cur-card${card.overdue ? ' cur-card--overdue' : ''}`}>
      <p className="cur-card__title">
        <Link to={curatorPaths.submission(card.id)}>{card.title}</Link>
      </p>
      <p className="cur-card__where admin-small">
        {card.course.title} · {card.lesson.title}
        {card.group ? ` · ${card.group.title}` : ''}
      </p>
      <p className="cur-card__who">
        <strong>{card.learner.name}</strong> <span className="admin-muted admin-small">прогресс по курсу {card.learner.progress}%</span>
      </p>
      <SubmissionFacts card={card} now={now} />
    </li>
  );
}

/**
 * /curator/homework/: the answers a curator may check, the longest waiting first (the server's
 * order); filtered by course, group, lesson and status, paged; each opens the answer beside its task.
 */
export function QueueScreen({
  cards,
  count,
  page,
  filters,
  summary,
  now,
}: {
  cards: CuratorSubmissionCard[];
  count: number;
  page: number;
  filters: QueueFilters;
  summary: CuratorSummary;
  now: string;
}) {
  const navigation = useNavigation();
  const totalPages = Math.max(1, Math.ceil(count / QUEUE_PAGE_SIZE));
  const status = filters.status ?? 'waiting';
  const groups = summary.groups.filter((g) => !filters.course || g.course_id === filters.course);
  const lessons = summary.lessons.filter((l) => !filters.course || l.course_id === filters.course);
  const filtered = Boolean(filters.course || filters.group || filters.lesson || status !== 'waiting');
  return (
    <section aria-labelledby="cur-queue-title" className="cur">
      <div className="admin-head">
        <h1 id="cur-queue-title">Проверка заданий</h1>
      </div>
      <p className="admin-muted">Ответы учеников на домашние задания курсов, которые вы проверяете. Сверху — те, что ждут дольше всех.</p>
      <Form method="get" action={curatorPaths.queue()} className="cur-filters" role="search" aria-label="Фильтры заданий" key={queueHref(filters, page)}>
        <FilterSelect label="Статус" name="status" value={status} options={STATUS_OPTIONS} />
        <FilterSelect label="Курс" name="course" value={filters.course} options={summary.courses.map((c) => [c.id, c.title] as const)} all="Все курсы" />
        {groups.length ? (
          <FilterSelect label="Группа" name="group" value={filters.group} options={groups.map((g) => [g.id, g.title] as const)} all="Все группы" />
        ) : null}
        <FilterSelect label="Урок" name="lesson" value={filters.lesson} options={lessons.map((l) => [l.id, l.title] as const)} all="Все уроки" />
        <button type="submit" className="button button--primary">
          Показать
        </button>
      </Form>
      <p className="admin-muted" role="status">
        {status === 'waiting' && !filtered ? `Ждут проверки: ${count}` : `Найдено: ${count}`}
      </p>
      <div aria-busy={navigation.state === 'loading'}>
        {cards.length ? (
          <ul className="cur-cards" aria-label="Ответы учеников">
            {cards.map((card) => (
              <Card key={card.id} card={card} now={now} />
            ))}
          </ul>
        ) : (
          <div className="admin-empty">
            <p>{filtered ? 'Ничего не нашли. Измените фильтры.' : 'Все ответы проверены: новых пока нет.'}</p>
          </div>
        )}
      </div>
      <Pagination page={page} totalPages={totalPages} label="Страницы заданий" hrefFor={(n) => queueHref(filters, n)} />
    </section>
  );
}
