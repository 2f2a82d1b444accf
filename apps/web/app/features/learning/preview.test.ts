import { describe, expect, it } from 'vitest';
import type { AdminModule, AdminQuestion } from '@crema/contract';
import { previewItems, previewLinks, previewNeighbours, previewOutline, quizQuestion } from './preview.ts';

const lesson = (id: number, sort: number, pages: number, published = true) => ({ id, title: `Урок ${id}`, sort, is_published: published, blocks_count: pages, pages_count: pages });
const test = (id: number, sort: number, published = true) => ({ id, title: `Тест ${id}`, sort, is_published: published, questions_count: 1 });
const modules: AdminModule[] = [
  // Given out of order: modules by sort, a module's lessons and tests interleaved by sort, a lesson first on a tie.
  { id: 20, title: 'Второй', sort: 2, lessons: [lesson(4, 1, 0, false)], tests: [] },
  { id: 10, title: 'Первый', sort: 1, lessons: [lesson(2, 3, 1), lesson(1, 1, 2)], tests: [test(7, 1), test(8, 4, false)] },
];
const finals = [{ id: 9, name: 'Итоговый', is_published: false }];

describe('the preview outline', () => {
  const items = previewItems(modules, finals);

  it('lists every lesson and test in learners’ order, drafts included and marked', () => {
    expect(items.map((item) => `${item.type}-${item.id}`)).toEqual(['lesson-1', 'test-7', 'lesson-2', 'test-8', 'lesson-4', 'test-9']);
    expect(items.filter((item) => item.draft).map((item) => item.id)).toEqual([8, 4, 9]);
    // A lesson without blocks still has its one page.
    expect(items.find((item) => item.id === 4)!.pageCount).toBe(1);
    const outline = previewOutline(modules, items);
    expect(outline.modules.map((module) => module.id)).toEqual([10, 20]);
    expect(outline.modules[0]!.content.map((item) => [item.id, item.status, item.draft])).toEqual([
      [1, 'not_started', false],
      [7, 'not_started', false],
      [2, 'not_started', false],
      [8, 'not_started', true],
    ]);
    expect(outline.final_tests).toEqual([{ id: 9, title: 'Итоговый', status: 'not_started', draft: true }]);
  });

  it('steps across pages, lessons, tests and modules as the learning API does', () => {
    expect(previewNeighbours(items, 1, 1)).toEqual({
      previous: null,
      next: { type: 'lesson', id: 1, module_id: 10, title: 'Урок 1', page: 2 },
    });
    expect(previewNeighbours(items, 1, 2)).toEqual({
      previous: { type: 'lesson', id: 1, module_id: 10, title: 'Урок 1', page: 1 },
      next: { type: 'test', id: 7, module_id: 10, title: 'Тест 7', page: null },
    });
    expect(previewNeighbours(items, 4, 1)).toEqual({
      previous: { type: 'test', id: 8, module_id: 10, title: 'Тест 8', page: null },
      next: { type: 'test', id: 9, module_id: null, title: 'Итоговый', page: null },
    });
    expect(previewNeighbours(items, 99, 1)).toEqual({ previous: null, next: null });
  });

  it('links only to the preview’s own pages', () => {
    const links = previewLinks(5);
    expect(links.home).toBe('/admin/courses/5/preview/');
    expect(links.lesson(1)).toBe('/admin/courses/5/preview/lessons/1/');
    expect(links.lesson(1, 2)).toBe('/admin/courses/5/preview/lessons/1/?page=2');
    expect(links.test(7)).toBe('/admin/courses/5/preview/tests/7/');
    expect(links.back.to).toBe('/admin/courses/5/');
  });
});

describe('a question as the quiz shows it', () => {
  const answer = (id: number, text: string, connect: string | null, sort: number) => ({ id, connect_id: connect, text, image: null, image_key: null, is_correct: true, sort });
  const question = (type: AdminQuestion['type'], answers: AdminQuestion['answers']): AdminQuestion => ({
    id: 1,
    type,
    text: 'Вопрос',
    probability: 100,
    sort: 0,
    image: null,
    image_key: null,
    answers,
    problems: [],
  });

  it('tells nothing about the right answers', () => {
    const shown = quizQuestion(question('single', [answer(2, 'Б', null, 2), answer(1, 'А', null, 1)]));
    expect(shown).toEqual({ id: 1, type: 'single', text: 'Вопрос', image: null, answers: [{ id: 1, text: 'А', image: null }, { id: 2, text: 'Б', image: null }], options: [] });
    expect(quizQuestion(question('text', [answer(1, 'ответ', null, 1)])).answers).toEqual([]);
  });

  it('splits a match question into its columns, the right one by text', () => {
    const shown = quizQuestion(
      question('match', [answer(1, 'Эспрессо', 'a', 1), answer(2, '30 мл', 'a', 2), answer(3, 'Лунго', 'b', 3), answer(4, '110 мл', 'b', 4)]),
    );
    expect(shown.answers.map((a) => a.text)).toEqual(['Эспрессо', 'Лунго']);
    expect(shown.options.map((a) => a.text)).toEqual(['110 мл', '30 мл']);
  });
});
