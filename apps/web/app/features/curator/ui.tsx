import type { CuratorSubmissionCard, HomeworkStatus } from '@crema/contract';
import { formatDateTime } from '@crema/contract/format';
import { waited } from './words.ts';
import './curator.css';

export { curatorPaths, waited } from './words.ts';

// Parts the curators' screens share: addresses, the status words and labels, how long an answer waits.

export const STATUS_WORDS: Record<HomeworkStatus, string> = {
  sent: 'Ждёт проверки',
  checking: 'На проверке',
  returned: 'На доработке',
  accepted: 'Принято',
};

/** A submission's status as a small label: the word, never the colour alone. */
export function StatusLabel({ status }: { status: HomeworkStatus }) {
  return <span className={`cur-status cur-status--${status}`}>{STATUS_WORDS[status]}</span>;
}

/** 'Срок прошёл' beside an answer sent late or not sent by the deadline. */
export function OverdueLabel() {
  return <span className="cur-status cur-status--overdue">Срок прошёл</span>;
}

/**
 * What the queue's card and the review screen say of a submission: its status, lateness, when it
 * was sent and how long it waits, the deadline, who checks it and the grade when one is given.
 */
export function SubmissionFacts({ card, now, grade = null }: { card: CuratorSubmissionCard; now: string; grade?: number | null }) {
  const waiting = card.status === 'sent' || card.status === 'checking';
  return (
    <p className="cur-card__facts admin-small">
      <StatusLabel status={card.status} />
      {card.overdue ? <OverdueLabel /> : null}
      <span>
        Отправлено {formatDateTime(card.sent_at)}
        {waiting ? `, ждёт ${waited(card.sent_at, now)}` : ''}
      </span>
      {card.deadline_at ? <span>Срок {formatDateTime(card.deadline_at)}</span> : null}
      {card.status === 'checking' && card.reviewer ? <span>Проверяет {card.reviewer}</span> : null}
      {grade !== null ? <span>Оценка {grade}</span> : null}
    </p>
  );
}
