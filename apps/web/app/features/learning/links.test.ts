import { describe, expect, it } from 'vitest';
import type { CourseModules } from '@crema/contract';
import { continueTarget, isDone, lessonPath, positionPath } from './links.ts';

const outline = (lessons: CourseModules['modules'][number]['content'][number]['status'][], test: 'not_started' | 'completed', final: 'not_started' | 'completed'): CourseModules => ({
  modules: [
    {
      id: 1,
      title: 'Первый',
      content: [
        { id: 11, title: 'Урок 1', type: 'lesson', status: lessons[0]! },
        { id: 12, title: 'Урок 2', type: 'lesson', status: lessons[1]! },
        { id: 91, title: 'Тест 1', type: 'test', status: test },
      ],
    },
    { id: 2, title: 'Второй', content: [{ id: 21, title: 'Урок 3', type: 'lesson', status: lessons[2]! }] },
  ],
  final_tests: [{ id: 99, title: 'Итоговый', status: final }],
});

describe('continue where the learner stopped', () => {
  it('is the first lesson not completed, an opened one included', () => {
    expect(continueTarget(outline(['not_started', 'not_started', 'not_started'], 'not_started', 'not_started'))).toEqual({ type: 'lesson', id: 11 });
    expect(continueTarget(outline(['completed', 'partially_completed', 'not_started'], 'not_started', 'not_started'))).toEqual({ type: 'lesson', id: 12 });
    expect(continueTarget(outline(['completed', 'completed', 'not_started'], 'completed', 'not_started'))).toEqual({ type: 'lesson', id: 21 });
  });

  it('with every lesson completed, is the first test not passed, the final test last; null when all is done', () => {
    expect(continueTarget(outline(['completed', 'completed', 'completed'], 'not_started', 'not_started'))).toEqual({ type: 'test', id: 91 });
    expect(continueTarget(outline(['completed', 'completed', 'completed'], 'completed', 'not_started'))).toEqual({ type: 'test', id: 99 });
    expect(continueTarget(outline(['completed', 'completed', 'completed'], 'completed', 'completed'))).toBeNull();
  });
});

describe('study links and marks', () => {
  it('page 1 has no query, others do; a test position leads to the testing page', () => {
    expect(lessonPath(5, 7)).toBe('/user/courses/5/lessons/7/');
    expect(lessonPath(5, 7, 1)).toBe('/user/courses/5/lessons/7/');
    expect(lessonPath(5, 7, 3)).toBe('/user/courses/5/lessons/7/?page=3');
    expect(positionPath(5, { type: 'test', id: 9, module_id: null, title: 'Итоговый', page: null })).toBe('/user/courses/5/testing/9/');
  });

  it('an opened lesson counts as done; a test only once completed (spec §4)', () => {
    expect(isDone('lesson', 'partially_completed')).toBe(true);
    expect(isDone('lesson', 'not_started')).toBe(false);
    expect(isDone('test', 'partially_completed')).toBe(false);
    expect(isDone('test', 'completed')).toBe(true);
  });
});
