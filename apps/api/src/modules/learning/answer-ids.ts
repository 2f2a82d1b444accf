// The answer ids a learner sees (decision 0050). Answers are numbered by the database in the order
// the author wrote them, so a match question's partner of left item n is item n + 1, and a single
// choice's right answer is often the first id: the real ids would give the key away. Each attempt
// shows every answer under an id of its own, an HMAC of (attempt, answer) with a key derived from
// SECRET_KEY, so ids tell nothing, differ from attempt to attempt and need no storage. The API
// speaks only these ids to the learner (questions, saved answers, the review's right answers,
// statistics) and maps them back on saving; the rows keep the database's ids, which grading uses.
import { createHmac } from 'node:crypto';
import { deriveKey } from '../../lib/keys.ts';
import type { GradedQuestion, SelectedValue } from './grading.ts';

/**
 * Learner ids start here: above every database id (int4), so a real id sent back is never
 * mistaken for one. 2^40 + 48 bits of HMAC stays a safe JSON integer (below 2^53).
 */
const FIRST = 2 ** 40;

/** A value no answer has: what an unknown learner id maps back to (the check then refuses it). */
export const UNKNOWN_ANSWER = -1;

export class AnswerIds {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = deriveKey(secretKey, 'quiz-answer-ids');
  }

  /** The id of answer `answerId` as attempt `attemptId` shows it. */
  of(attemptId: number, answerId: number): number {
    const mac = createHmac('sha256', this.key).update(`${attemptId}:${answerId}`).digest();
    return FIRST + mac.readUIntBE(0, 6);
  }

  /** One attempt's translation both ways for the questions given. */
  forAttempt(attemptId: number): AttemptAnswerIds {
    return new AttemptAnswerIds(this, attemptId);
  }
}

export class AttemptAnswerIds {
  private readonly back = new Map<number, Map<number, number>>();

  constructor(
    private readonly ids: AnswerIds,
    readonly attemptId: number,
  ) {}

  /** An answer's id as the learner sees it. */
  out(answerId: number): number {
    return this.ids.of(this.attemptId, answerId);
  }

  /** The database id of a learner id among the question's answers, else UNKNOWN_ANSWER. */
  in(question: GradedQuestion, learnerId: number): number {
    let map = this.back.get(question.id);
    if (!map) {
      map = new Map(question.answers.map((a) => [this.out(a.id), a.id]));
      this.back.set(question.id, map);
    }
    return map.get(learnerId) ?? UNKNOWN_ANSWER;
  }

  /**
   * A stored answer or a question's right answers (database ids: chosen ids, or match pairs) as the
   * learner sees them; text as it is.
   */
  selectedOut<T extends SelectedValue | string[] | undefined>(value: T): T {
    if (!Array.isArray(value)) return value;
    return (value as unknown[]).map((v) => (Array.isArray(v) ? v.map((x) => this.outAny(x)) : this.outAny(v))) as T;
  }

  /**
   * A learner's answer to the question with the database's ids; an id the attempt never showed
   * becomes UNKNOWN_ANSWER (so a real database id sent back is refused). Values of the wrong shape
   * pass unchanged for the check to name.
   */
  selectedIn(question: GradedQuestion, value: SelectedValue): SelectedValue {
    if (!Array.isArray(value)) return value;
    const one = (x: unknown) => (typeof x === 'number' ? this.in(question, x) : x);
    return value.map((v) => (Array.isArray(v) ? v.map(one) : one(v))) as SelectedValue;
  }

  /** Every stored answer of an attempt, by question id, as the learner sees them. */
  allOut(selected: Record<string, SelectedValue>): Record<string, SelectedValue> {
    return Object.fromEntries(Object.entries(selected).map(([key, value]) => [key, this.selectedOut(value)]));
  }

  private outAny(x: unknown): unknown {
    return typeof x === 'number' ? this.out(x) : x;
  }
}
