// The answer ids a learner sees (decision 0050). Answers are numbered by the database in the order
// the author wrote them, so a match question's partner of left item n is item n + 1, and a single
// choice's right answer is often the first id: the real ids would give the key away. Each attempt
// shows every answer under an id of its own, a permutation of the id keyed by the attempt and a key
// derived from SECRET_KEY, so ids tell nothing, differ from attempt to attempt and need no storage. The API
// speaks only these ids to the learner (questions, saved answers, the review's right answers,
// statistics) and maps them back on saving; the rows keep the database's ids, which grading uses.
import { createHmac } from 'node:crypto';
import { deriveKey } from '../../lib/keys.ts';
import type { GradedQuestion, SelectedValue } from './grading.ts';

/**
 * Learner ids are 2^30 + a keyed permutation of the database id's 30 bits: every one is above the
 * database's ids (answers would need a billion rows to reach 2^30) and within int4, like every
 * other id a request carries; a permutation, so two answers never share an id in one attempt.
 */
const BITS = 15;
const HALF_MASK = (1 << BITS) - 1;
const FIRST = 2 ** (2 * BITS);
const ROUNDS = 4;

/** A value no answer has: what an unknown learner id maps back to (the check then refuses it). */
export const UNKNOWN_ANSWER = -1;

/**
 * Attempts whose ids this process keeps once worked out (the newest used). Every answer save shows
 * the attempt's saved answers again, four HMACs an id; an exam of two thousand learners fits.
 */
export const REMEMBERED_ATTEMPTS = 4096;

export class AnswerIds {
  private readonly key: Buffer;
  /** Ids worked out, by attempt then answer: a pure function of the key, so no process can hold a stale one. */
  private readonly remembered = new Map<number, Map<number, number>>();

  constructor(secretKey: string) {
    this.key = deriveKey(secretKey, 'quiz-answer-ids');
  }

  /**
   * The id of answer `answerId` as attempt `attemptId` shows it: a four-round Feistel network over
   * the id's two 15-bit halves, each round an HMAC of (attempt, round, half).
   */
  of(attemptId: number, answerId: number): number {
    let attempt = this.remembered.get(attemptId);
    if (attempt) {
      // The newest used goes last: the first in the map is the one to forget.
      this.remembered.delete(attemptId);
    } else {
      attempt = new Map();
      if (this.remembered.size >= REMEMBERED_ATTEMPTS) this.remembered.delete(this.remembered.keys().next().value!);
    }
    this.remembered.set(attemptId, attempt);
    let id = attempt.get(answerId);
    if (id === undefined) {
      id = this.work(attemptId, answerId);
      attempt.set(answerId, id);
    }
    return id;
  }

  /** How many attempts' ids are kept now. */
  get rememberedAttempts(): number {
    return this.remembered.size;
  }

  private work(attemptId: number, answerId: number): number {
    if (!Number.isInteger(answerId) || answerId < 0 || answerId >= FIRST) throw new RangeError(`answer id ${answerId} out of range`);
    let left = answerId >>> BITS;
    let right = answerId & HALF_MASK;
    for (let round = 0; round < ROUNDS; round++) {
      [left, right] = [right, left ^ this.round(attemptId, round, right)];
    }
    return FIRST + ((left << BITS) | right);
  }

  private round(attemptId: number, round: number, half: number): number {
    return createHmac('sha256', this.key).update(`${attemptId}:${round}:${half}`).digest().readUInt16BE(0) & HALF_MASK;
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
