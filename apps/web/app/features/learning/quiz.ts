// What the quiz screens share and can test without a browser: an answer per question type, whether
// it counts as answered, the countdown's clock, and the words of a learner's or a right answer.
import type { QuizState } from '@crema/contract';

export type QuizAttempt = NonNullable<QuizState['attempt']>;
export type QuizQuestion = QuizAttempt['questions'][number];
export type QuestionResult = NonNullable<NonNullable<QuizAttempt['result']>['questions']>[number];

/** single and multiple: answer ids; text: what was typed; match: [left id, right id] pairs. */
export type Answer = number[] | string | [number, number][];
export type Answers = Record<string, Answer>;

/** Answered: a choice made, some text typed, every left item of a match paired. */
export function isAnswered(question: QuizQuestion, answer: Answer | undefined): boolean {
  if (answer === undefined) return false;
  if (typeof answer === 'string') return answer.trim() !== '';
  if (question.type === 'match') return question.answers.every((left) => (answer as [number, number][]).some(([l]) => l === left.id));
  return answer.length > 0;
}

/** The pairs of a match answer with the left item's choice replaced (an empty choice removes the pair). */
export function withPair(answer: Answer | undefined, left: number, right: number | null): [number, number][] {
  const pairs = Array.isArray(answer) ? (answer as unknown[]).filter((pair): pair is [number, number] => Array.isArray(pair)) : [];
  const kept = pairs.filter(([l]) => l !== left);
  return right === null ? kept : [...kept, [left, right]];
}

/** The right item chosen for a left one, if any. */
export function pairedWith(answer: Answer | undefined, left: number): number | null {
  if (!Array.isArray(answer)) return null;
  const pair = (answer as unknown[]).find((item): item is [number, number] => Array.isArray(item) && item[0] === left);
  return pair ? pair[1] : null;
}

/** The countdown: 'м:сс', or 'ч:мм:сс' from an hour. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** What an answer reads as: the chosen answers' texts, the typed text, or 'left — right' pairs. */
export function answerLines(question: QuizQuestion, answer: Answer | readonly (number | string | readonly [number, number])[] | undefined | null): string[] {
  if (answer === undefined || answer === null) return [];
  if (typeof answer === 'string') return answer.trim() ? [answer.trim()] : [];
  const textOf = (id: number) => [...question.answers, ...question.options].find((item) => item.id === id)?.text ?? '—';
  if (question.type === 'match') {
    const pairs = (answer as readonly unknown[]).filter((pair): pair is [number, number] => Array.isArray(pair));
    // In the order of the left column.
    return question.answers.flatMap((left) => {
      const pair = pairs.find(([l]) => l === left.id);
      return pair ? [`${left.text} — ${textOf(pair[1])}`] : [];
    });
  }
  return (answer as readonly unknown[]).map((item) => (typeof item === 'number' ? textOf(item) : String(item)));
}

/** A mark in words: right, partly right (multiple and match give partial credit), wrong. */
export function markText(mark: number): string {
  if (mark >= 1) return 'Верно';
  return mark > 0 ? 'Частично верно' : 'Неверно';
}
