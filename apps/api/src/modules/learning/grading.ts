// Marking of one question (decision 0028): pure functions, no database.
import { randomInt } from 'node:crypto';
import type { Answer, Question, SelectedAnswers } from '../../db/schema/index.ts';

export type GradedAnswer = Pick<Answer, 'id' | 'text' | 'isCorrect' | 'connectId' | 'sort' | 'image'>;
export type GradedQuestion = Pick<Question, 'id' | 'type' | 'text' | 'image' | 'sort'> & { answers: GradedAnswer[] };
export type SelectedValue = SelectedAnswers[string];

/** Typed answers compare after this: case, 'ё' as 'е', runs of spaces as one, ends trimmed. */
export function normaliseText(value: string): string {
  return value.normalize('NFC').toLocaleLowerCase('ru-RU').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** A match question's two columns: the first answer of each connect_id group on the left, the rest on the right. */
export function matchColumns(answers: GradedAnswer[]): { left: GradedAnswer[]; right: GradedAnswer[] } {
  const ordered = [...answers].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const seen = new Set<string>();
  const left: GradedAnswer[] = [];
  const right: GradedAnswer[] = [];
  for (const answer of ordered) {
    if (answer.connectId !== null && answer.connectId !== '' && !seen.has(answer.connectId)) {
      seen.add(answer.connectId);
      left.push(answer);
    } else right.push(answer);
  }
  return { left, right };
}

/**
 * The mark of a question, 0 to 1:
 * - single: 1 when exactly one answer is chosen and it is right;
 * - multiple: partial credit, (right chosen − wrong chosen) / right ones, never below 0 — ticking
 *   everything scores 0;
 * - text: 1 when the normalised text equals one of the right answers' texts;
 * - match: the share of left items paired with their counterpart.
 */
export function markQuestion(question: GradedQuestion, selected: SelectedValue | undefined): number {
  const answers = question.answers;
  switch (question.type) {
    case 'single': {
      if (!Array.isArray(selected) || selected.length !== 1) return 0;
      return answers.some((a) => a.isCorrect && a.id === selected[0]) ? 1 : 0;
    }
    case 'multiple': {
      const right = new Set(answers.filter((a) => a.isCorrect).map((a) => a.id));
      const chosen = new Set(Array.isArray(selected) ? (selected as number[]) : []);
      if (right.size === 0) return chosen.size === 0 ? 1 : 0;
      let score = 0;
      for (const id of chosen) score += right.has(id) ? 1 : -1;
      return Math.max(0, score / right.size);
    }
    case 'text': {
      if (typeof selected !== 'string') return 0;
      const typed = normaliseText(selected);
      return typed !== '' && answers.some((a) => a.isCorrect && normaliseText(a.text) === typed) ? 1 : 0;
    }
    case 'match': {
      const { left } = matchColumns(answers);
      if (left.length === 0 || !Array.isArray(selected)) return 0;
      const byId = new Map(answers.map((a) => [a.id, a]));
      const paired = new Map<number, number>();
      for (const pair of selected as [number, number][]) {
        if (Array.isArray(pair) && !paired.has(pair[0])) paired.set(pair[0], pair[1]);
      }
      let right = 0;
      for (const item of left) {
        const chosen = byId.get(paired.get(item.id) ?? -1);
        if (chosen && chosen.id !== item.id && chosen.connectId === item.connectId) right += 1;
      }
      return right / left.length;
    }
  }
}

/** The right answers of a question, as the review shows them. */
export function correctAnswers(question: GradedQuestion): number[] | string[] | [number, number][] {
  switch (question.type) {
    case 'single':
    case 'multiple':
      return question.answers.filter((a) => a.isCorrect).map((a) => a.id);
    case 'text':
      return question.answers.filter((a) => a.isCorrect).map((a) => a.text);
    case 'match': {
      const { left, right } = matchColumns(question.answers);
      return left.flatMap((l) => right.filter((r) => r.connectId === l.connectId).map((r): [number, number] => [l.id, r.id]));
    }
  }
}

/** The score of an attempt: the percent of the marks, rounded; 0 with no questions. */
export function scoreOf(marks: number[]): number {
  if (marks.length === 0) return 0;
  return Math.round((marks.reduce((sum, m) => sum + m, 0) / marks.length) * 100);
}

/**
 * The questions of a new attempt: each drawn with its probability (100 always, 0 never), in sort
 * order. When chance leaves none while some could be drawn, the likeliest one is taken so an
 * attempt is never empty.
 */
export function drawQuestions<Q extends Pick<Question, 'id' | 'probability' | 'sort'>>(questions: Q[], random = randomInt): Q[] {
  const ordered = [...questions].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const drawn = ordered.filter((q) => q.probability > 0 && random(100) < q.probability);
  if (drawn.length > 0) return drawn;
  const candidates = ordered.filter((q) => q.probability > 0);
  if (candidates.length === 0) return [];
  return [candidates.reduce((best, q) => (q.probability > best.probability ? q : best))];
}

/**
 * Checks an answer against its question's type and answer ids; returns a Russian message when it
 * does not fit.
 */
export function answerProblem(question: GradedQuestion, value: SelectedValue): string | null {
  const ids = new Set(question.answers.map((a) => a.id));
  switch (question.type) {
    case 'single':
    case 'multiple': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'number')) return `Вопрос ${question.id}: ожидается список id ответов.`;
      if (question.type === 'single' && value.length > 1) return `Вопрос ${question.id}: можно выбрать только один ответ.`;
      if ((value as number[]).some((v) => !ids.has(v))) return `Вопрос ${question.id}: такого ответа нет.`;
      return null;
    }
    case 'text':
      return typeof value === 'string' ? null : `Вопрос ${question.id}: ожидается текст ответа.`;
    case 'match': {
      if (!Array.isArray(value) || value.some((v) => !Array.isArray(v))) return `Вопрос ${question.id}: ожидаются пары [id, id].`;
      if ((value as [number, number][]).some(([l, r]) => !ids.has(l) || !ids.has(r))) return `Вопрос ${question.id}: такого ответа нет.`;
      return null;
    }
  }
}
