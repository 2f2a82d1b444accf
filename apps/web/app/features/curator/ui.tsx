import type { HomeworkStatus } from '@crema/contract';
import './curator.css';

export { curatorPaths, fileSize, waited } from './words.ts';

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
