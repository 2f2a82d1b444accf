// Marking rules of the quiz engine (decision 0028), without a database.
import { describe, expect, it } from 'vitest';
import { answerProblem, correctAnswers, drawQuestions, markQuestion, matchColumns, normaliseText, scoreOf, type GradedQuestion } from './grading.ts';

const answer = (id: number, isCorrect: boolean, extra: { text?: string; connectId?: string } = {}) => ({
  id,
  isCorrect,
  text: extra.text ?? `Ответ ${id}`,
  connectId: extra.connectId ?? null,
  sort: id,
  image: null,
});
const question = (type: GradedQuestion['type'], answers: GradedQuestion['answers']): GradedQuestion => ({ id: 1, type, text: 'Вопрос', image: null, sort: 0, answers });

describe('markQuestion', () => {
  it('single: exactly the right answer', () => {
    const q = question('single', [answer(1, true), answer(2, false)]);
    expect(markQuestion(q, [1])).toBe(1);
    expect(markQuestion(q, [2])).toBe(0);
    expect(markQuestion(q, [1, 2])).toBe(0);
    expect(markQuestion(q, undefined)).toBe(0);
    expect(markQuestion(q, 'текст')).toBe(0);
  });

  it('multiple: partial credit, a wrong tick takes a right one back, never below zero', () => {
    const q = question('multiple', [answer(1, true), answer(2, true), answer(3, false), answer(4, false)]);
    expect(markQuestion(q, [1, 2])).toBe(1);
    expect(markQuestion(q, [1])).toBe(0.5);
    expect(markQuestion(q, [1, 3])).toBe(0);
    expect(markQuestion(q, [1, 2, 3])).toBe(0.5);
    expect(markQuestion(q, [1, 2, 3, 4])).toBe(0);
    expect(markQuestion(q, [3, 4])).toBe(0);
    expect(markQuestion(q, [])).toBe(0);
  });

  it('text: compared after normalising case, ё and spaces', () => {
    const q = question('text', [answer(1, true, { text: 'Пуровер' }), answer(2, true, { text: 'Ручное заваривание' })]);
    expect(normaliseText('  РУЧНОЕ   заваривание ')).toBe('ручное заваривание');
    expect(markQuestion(q, 'пуровер')).toBe(1);
    expect(markQuestion(q, '  ручное\tЗАВАРИВАНИЕ ')).toBe(1);
    expect(markQuestion(q, 'эспрессо')).toBe(0);
    expect(markQuestion(q, '')).toBe(0);
    const yo = question('text', [answer(1, true, { text: 'Зёрна' })]);
    expect(markQuestion(yo, 'зерна')).toBe(1);
    expect(markQuestion(yo, 'ЗЁРНА')).toBe(1);
  });

  it('match: the share of left items paired with their counterpart', () => {
    const q = question('match', [
      answer(1, true, { connectId: 'a' }),
      answer(2, true, { connectId: 'a' }),
      answer(3, true, { connectId: 'b' }),
      answer(4, true, { connectId: 'b' }),
      answer(5, false),
    ]);
    expect(matchColumns(q.answers).left.map((a) => a.id)).toEqual([1, 3]);
    expect(matchColumns(q.answers).right.map((a) => a.id)).toEqual([2, 4, 5]);
    expect(markQuestion(q, [[1, 2], [3, 4]])).toBe(1);
    expect(markQuestion(q, [[1, 2], [3, 5]])).toBe(0.5);
    expect(markQuestion(q, [[1, 4], [3, 2]])).toBe(0);
    // A left item counts once (its first pair), and an item paired with itself is no match.
    expect(markQuestion(q, [[1, 5], [1, 2]])).toBe(0);
    expect(markQuestion(q, [[1, 1]])).toBe(0);
    expect(correctAnswers(q)).toEqual([[1, 2], [3, 4]]);
  });
});

describe('drawQuestions', () => {
  const qs = [
    { id: 3, probability: 100, sort: 2 },
    { id: 1, probability: 0, sort: 0 },
    { id: 2, probability: 50, sort: 1 },
  ];
  it('never draws a 0 % question, always a 100 % one, keeps sort order', () => {
    for (let i = 0; i < 200; i++) {
      const ids = drawQuestions(qs).map((q) => q.id);
      expect(ids).not.toContain(1);
      expect(ids).toContain(3);
      expect(ids).toEqual([...ids].sort((a, b) => qs.find((q) => q.id === a)!.sort - qs.find((q) => q.id === b)!.sort));
    }
    // The chance is the probability: a roll below it draws.
    expect(drawQuestions(qs, () => 49).map((q) => q.id)).toEqual([2, 3]);
    expect(drawQuestions(qs, () => 50).map((q) => q.id)).toEqual([3]);
  });
  it('takes the likeliest question when chance leaves none, and none when all are 0 %', () => {
    expect(drawQuestions([{ id: 1, probability: 10, sort: 0 }, { id: 2, probability: 30, sort: 1 }], () => 99).map((q) => q.id)).toEqual([2]);
    expect(drawQuestions([{ id: 1, probability: 0, sort: 0 }])).toEqual([]);
  });
});

describe('answerProblem and scoreOf', () => {
  it('refuses answers that do not fit the question', () => {
    const single = question('single', [answer(1, true), answer(2, false)]);
    expect(answerProblem(single, [1])).toBeNull();
    expect(answerProblem(single, [1, 2])).toMatch(/только один/);
    expect(answerProblem(single, [9])).toMatch(/такого ответа нет/);
    expect(answerProblem(single, 'x')).toMatch(/список/);
    expect(answerProblem(question('text', []), [1])).toMatch(/текст/);
    expect(answerProblem(question('match', [answer(1, true, { connectId: 'a' }), answer(2, true, { connectId: 'a' })]), [[1, 7]])).toMatch(/такого ответа нет/);
  });
  it('scores the percent of marks, rounded', () => {
    expect(scoreOf([1, 0.5, 0])).toBe(50);
    expect(scoreOf([1, 1, 0])).toBe(67);
    expect(scoreOf([])).toBe(0);
  });
});
