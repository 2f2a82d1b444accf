import type { HomeworkStatus } from "@crema/contract";
import {
  DAY_FORMS,
  HOUR_FORMS,
  MINUTE_FORMS,
  pluralRu,
} from "@crema/contract/format";
import "./curator.css";

// Parts the curators' screens share: addresses, the status words and labels, how long an answer waits.

export const curatorPaths = {
  queue: () => "/curator/homework/",
  submission: (id: number) => `/curator/homework/${id}/`,
} as const;

export const STATUS_WORDS: Record<HomeworkStatus, string> = {
  sent: "Ждёт проверки",
  checking: "На проверке",
  returned: "На доработке",
  accepted: "Принято",
};

/** A submission's status as a small label: the word, never the colour alone. */
export function StatusLabel({ status }: { status: HomeworkStatus }) {
  return (
    <span className={`cur-status cur-status--${status}`}>
      {STATUS_WORDS[status]}
    </span>
  );
}

/** 'Срок прошёл' beside an answer sent late or not sent by the deadline. */
export function OverdueLabel() {
  return <span className="cur-status cur-status--overdue">Срок прошёл</span>;
}

/** How long ago `iso` was, by the loader's `now`: '40 минут', '5 часов', '3 дня'. */
export function waited(iso: string, now: string): string {
  const minutes = Math.max(
    0,
    Math.floor((Date.parse(now) - Date.parse(iso)) / 60_000),
  );
  if (minutes < 60) return `${minutes} ${pluralRu(minutes, MINUTE_FORMS)}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} ${pluralRu(hours, HOUR_FORMS)}`;
  const days = Math.floor(hours / 24);
  return `${days} ${pluralRu(days, DAY_FORMS)}`;
}

/** Bytes as people read them: '820 КБ', '12,4 МБ'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} МБ`;
}
