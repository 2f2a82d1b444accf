import { describe, expect, it } from 'vitest';
import { currentPlace, findTest, placeAfterTest, withOpened } from './links.ts';
import { testResultPath } from '../../ui/paths.ts';
import { answerLines, formatClock, isAnswered, markText, pairedWith, withPair, type QuizQuestion } from './quiz.ts';
import { outline } from './outline.fixture.ts';

const q = (type: QuizQuestion['type'], answers: [number, string][] = [], options: [number, string][] = []): QuizQuestion => ({
  id: 1,
  type,
  text: 'Вопрос',
  image: null,
  answers: answers.map(([id, text]) => ({ id, text, image: null })),
  options: options.map(([id, text]) => ({ id, text, image: null })),
});

const match = q('match', [[1, 'Сушка'], [2, 'Майяр']], [[10, 'Влага уходит'], [20, 'Ароматы хлеба']]);

describe('an answer on the quiz screen', () => {
  it('counts as answered when a choice is made, text typed, or every left item paired', () => {
    expect(isAnswered(q('single', [[1, 'А']]), undefined)).toBe(false);
    expect(isAnswered(q('single', [[1, 'А']]), [])).toBe(false);
    expect(isAnswered(q('multiple', [[1, 'А']]), [1])).toBe(true);
    expect(isAnswered(q('text'), '   ')).toBe(false);
    expect(isAnswered(q('text'), ' соотношение ')).toBe(true);
    expect(isAnswered(match, [[1, 10]])).toBe(false);
    expect(isAnswered(match, [[1, 10], [2, 20]])).toBe(true);
  });

  it('keeps one pair per left item of a match; an empty choice removes it', () => {
    const one = withPair(undefined, 1, 10);
    expect(one).toEqual([[1, 10]]);
    const changed = withPair(withPair(one, 2, 20), 1, 20);
    expect(changed).toEqual([[2, 20], [1, 20]]);
    expect(pairedWith(changed, 1)).toBe(20);
    expect(withPair(changed, 2, null)).toEqual([[1, 20]]);
    expect(pairedWith([], 1)).toBeNull();
  });

  it('reads as the chosen texts, the typed text, or pairs in the left column’s order', () => {
    expect(answerLines(q('multiple', [[1, 'Свет'], [2, 'Влага']]), [2, 1])).toEqual(['Влага', 'Свет']);
    expect(answerLines(q('text'), '  соотношение ')).toEqual(['соотношение']);
    expect(answerLines(q('text'), ['соотношение', 'пропорция'])).toEqual(['соотношение', 'пропорция']);
    expect(answerLines(match, [[2, 20], [1, 10]])).toEqual(['Сушка — Влага уходит', 'Майяр — Ароматы хлеба']);
    expect(answerLines(match, undefined)).toEqual([]);
  });
});

describe('the countdown and the marks', () => {
  it('shows minutes and seconds, hours from an hour, never below zero', () => {
    expect(formatClock(1200)).toBe('20:00');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('says right, partly right or wrong', () => {
    expect(markText(1)).toBe('Верно');
    expect(markText(0.5)).toBe('Частично верно');
    expect(markText(0)).toBe('Неверно');
  });
});


describe('a test in the outline', () => {
  const o = outline(['completed', 'completed', 'completed'], 'completed', 'not_started');
  it('knows its module (null for a final test) and the place after it', () => {
    expect(findTest(o, 91)).toEqual({ moduleId: 1, title: 'Тест 1' });
    expect(findTest(o, 99)).toEqual({ moduleId: null, title: 'Итоговый' });
    expect(findTest(o, 11)).toBeNull();
    expect(placeAfterTest(o, 91)).toEqual({ type: 'lesson', id: 21, title: 'Урок 3' });
    expect(placeAfterTest(o, 99)).toBeNull();
    expect(testResultPath(7)).toBe('/user/progress/test-results/7/');
  });
});

describe('the course-study layout', () => {
  const o = outline(['not_started', 'not_started', 'not_started'], 'not_started', 'not_started');
  it('knows the place on screen from the address', () => {
    expect(currentPlace(o, { lessonId: '21' })).toEqual({ type: 'lesson', id: 21, moduleId: 2 });
    expect(currentPlace(o, { testId: '91' })).toEqual({ type: 'test', id: 91, moduleId: 1 });
    expect(currentPlace(o, { testId: '99' })).toEqual({ type: 'test', id: 99, moduleId: null });
    expect(currentPlace(o, { lessonId: '5' })).toBeNull();
    expect(currentPlace(o, {})).toBeNull();
  });

  it('marks the lesson on screen opened, and only that one', () => {
    const marked = withOpened(o, 12);
    expect(marked.modules[0]!.content.map((item) => item.status)).toEqual(['not_started', 'partially_completed', 'not_started']);
    expect(withOpened(outline(['completed', 'completed', 'completed'], 'completed', 'completed'), 12).modules[0]!.content[1]!.status).toBe('completed');
    expect(withOpened(o, null)).toBe(o);
  });
});
