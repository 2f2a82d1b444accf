import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import type {
  CuratorSubmissionCard,
  CuratorSummary,
  HomeworkStatus,
} from "@crema/contract";
import { formatDateTime } from "@crema/contract/format";
import { Pagination } from "../../ui/Pagination.tsx";
import {
  OverdueLabel,
  STATUS_WORDS,
  StatusLabel,
  curatorPaths,
  waited,
} from "./ui.tsx";

export const QUEUE_PAGE_SIZE = 20;

/** The queue's filters as the address holds them (status `waiting` — sent and checking — when not given). */
export interface QueueFilters {
  status?: HomeworkStatus | "waiting";
  course?: number;
  group?: number;
  lesson?: number;
}

/** The queue's address with its filters (empty ones left out) and page `n`. */
export function queueHref(filters: QueueFilters, n = 1): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (
      value !== undefined &&
      value !== "" &&
      !(key === "status" && value === "waiting")
    )
      params.set(key, String(value));
  if (n > 1) params.set("page", String(n));
  const text = params.toString();
  return `${curatorPaths.queue()}${text ? `?${text}` : ""}`;
}

const STATUS_OPTIONS: [string, string][] = [
  ["waiting", "Ждут проверки и на проверке"],
  ...(Object.entries(STATUS_WORDS) as [string, string][]),
];

function Select({
  label,
  name,
  value,
  options,
  all,
}: {
  label: string;
  name: string;
  value: string | number | undefined;
  options: readonly (readonly [string | number, string])[];
  all?: string;
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="admin-input"
        name={name}
        defaultValue={value ?? ""}
      >
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function Card({ card, now }: { card: CuratorSubmissionCard; now: string }) {
  const waiting = card.status === "sent" || card.status === "checking";
  return (
    <li className={`cur-card${card.overdue ? " cur-card--overdue" : ""}`}>
      <p className="cur-card__title">
        <Link to={curatorPaths.submission(card.id)}>{card.title}</Link>
      </p>
      <p className="cur-card__where admin-small">
        {card.course.title} · {card.lesson.title}
        {card.group ? ` · ${card.group.title}` : ""}
      </p>
      <p className="cur-card__who">
        <strong>{card.learner.name}</strong>{" "}
        <span className="admin-muted admin-small">
          прогресс по курсу {card.learner.progress}%
        </span>
      </p>
      <p className="cur-card__facts admin-small">
        <StatusLabel status={card.status} />
        {card.overdue ? <OverdueLabel /> : null}
        <span>
          Отправлено {formatDateTime(card.sent_at)}
          {waiting ? `, ждёт ${waited(card.sent_at, now)}` : ""}
        </span>
        {card.deadline_at ? (
          <span>Срок {formatDateTime(card.deadline_at)}</span>
        ) : null}
        {card.status === "checking" && card.reviewer ? (
          <span>Проверяет {card.reviewer}</span>
        ) : null}
      </p>
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
  const status = filters.status ?? "waiting";
  const groups = summary.groups.filter(
    (g) => !filters.course || g.course_id === filters.course,
  );
  const lessons = summary.lessons.filter(
    (l) => !filters.course || l.course_id === filters.course,
  );
  const filtered = Boolean(
    filters.course || filters.group || filters.lesson || status !== "waiting",
  );
  return (
    <section aria-labelledby="cur-queue-title" className="cur">
      <div className="admin-head">
        <h1 id="cur-queue-title">Проверка заданий</h1>
      </div>
      <p className="admin-muted">
        Ответы учеников на домашние задания курсов, которые вы проверяете.
        Сверху — те, что ждут дольше всех.
      </p>
      <Form
        method="get"
        action={curatorPaths.queue()}
        className="cur-filters"
        role="search"
        aria-label="Фильтры заданий"
        key={queueHref(filters, page)}
      >
        <Select
          label="Статус"
          name="status"
          value={status}
          options={STATUS_OPTIONS}
        />
        <Select
          label="Курс"
          name="course"
          value={filters.course}
          options={summary.courses.map((c) => [c.id, c.title] as const)}
          all="Все курсы"
        />
        {groups.length ? (
          <Select
            label="Группа"
            name="group"
            value={filters.group}
            options={groups.map((g) => [g.id, g.title] as const)}
            all="Все группы"
          />
        ) : null}
        <Select
          label="Урок"
          name="lesson"
          value={filters.lesson}
          options={lessons.map((l) => [l.id, l.title] as const)}
          all="Все уроки"
        />
        <button type="submit" className="button button--primary">
          Показать
        </button>
      </Form>
      <p className="admin-muted" role="status">
        {status === "waiting" && !filtered
          ? `Ждут проверки: ${count}`
          : `Найдено: ${count}`}
      </p>
      <div aria-busy={navigation.state === "loading"}>
        {cards.length ? (
          <ul className="cur-cards" aria-label="Ответы учеников">
            {cards.map((card) => (
              <Card key={card.id} card={card} now={now} />
            ))}
          </ul>
        ) : (
          <div className="admin-empty">
            <p>
              {filtered
                ? "Ничего не нашли. Измените фильтры."
                : "Все ответы проверены: новых пока нет."}
            </p>
          </div>
        )}
      </div>
      <Pagination
        page={page}
        totalPages={totalPages}
        label="Страницы заданий"
        hrefFor={(n) => queueHref(filters, n)}
      />
    </section>
  );
}
