import { describe, expect, it } from 'vitest';
import { canonicalStudyPath, continueTarget, courseLinks, isDone, positionPath } from './links.ts';
import { lessonPath } from '../../ui/paths.ts';
import { outline } from './outline.fixture.ts';


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

describe('continue in a group', () => {
  it('passes over the items its timetable keeps closed (decision 0031)', () => {
    const group = {
      modules: [
        {
          id: 1,
          title: 'Эспрессо',
          content: [
            { id: 11, title: 'Рецепт', type: 'lesson' as const, status: 'completed' as const, is_open: true },
            { id: 12, title: 'Помол', type: 'lesson' as const, status: 'not_started' as const, is_open: false, opens_at: '2026-12-01T16:00:00Z' },
            { id: 13, title: 'Вкус', type: 'lesson' as const, status: 'not_started' as const, is_open: true },
          ],
        },
      ],
      final_tests: [{ id: 99, title: 'Итоговый', status: 'not_started' as const, is_open: false }],
    };
    expect(continueTarget(group)).toEqual({ type: 'lesson', id: 13 });
    group.modules[0]!.content[2]!.status = 'completed';
    expect(continueTarget(group)).toBeNull();
  });
});

describe('study links and marks', () => {
  it('page 1 has no query, others do; a test position leads to the testing page', () => {
    expect(lessonPath(5, 7)).toBe('/user/courses/5/lessons/7/');
    expect(lessonPath(5, 7, 1)).toBe('/user/courses/5/lessons/7/');
    expect(lessonPath(5, 7, 3)).toBe('/user/courses/5/lessons/7/?page=3');
    expect(positionPath(courseLinks(5), { type: 'test', id: 9, module_id: null, title: 'Итоговый', page: null })).toBe('/user/courses/5/testing/9/');
  });

  it('an opened lesson counts as done; a test only once completed', () => {
    expect(isDone('lesson', 'partially_completed')).toBe(true);
    expect(isDone('lesson', 'not_started')).toBe(false);
    expect(isDone('test', 'partially_completed')).toBe(false);
    expect(isDone('test', 'completed')).toBe(true);
  });
});

describe('old and other addresses of the study pages lead to the canonical one', () => {
  it('maps the "also seen" lesson and quiz paths: course, module, lesson or test', () => {
    expect(canonicalStudyPath('/user/courses/lesson/7/3/41/')).toBe('/user/courses/7/lessons/41/');
    expect(canonicalStudyPath('/user/courses/quiz/7/3/52/')).toBe('/user/courses/7/testing/52/');
    expect(canonicalStudyPath('/user/courses/quiz/7/60/')).toBe('/user/courses/7/testing/60/');
  });

  it('maps every legacy /user-old/ path', () => {
    expect(canonicalStudyPath('/user-old/account/')).toBe('/user/account/');
    expect(canonicalStudyPath('/user-old/courses/')).toBe('/user/courses/');
    expect(canonicalStudyPath('/user-old/courses/lessons/')).toBe('/user/courses/');
    expect(canonicalStudyPath('/user-old/courses/7/lessons/')).toBe('/user/courses/7/lessons/');
    expect(canonicalStudyPath('/user-old/courses/7/lessons/41/')).toBe('/user/courses/7/lessons/41/');
    expect(canonicalStudyPath('/user-old/courses/lesson/7/3/41/')).toBe('/user/courses/7/lessons/41/');
    expect(canonicalStudyPath('/user-old/courses/quiz/7/3/52/')).toBe('/user/courses/7/testing/52/');
    expect(canonicalStudyPath('/user-old/courses/quiz/7/60/')).toBe('/user/courses/7/testing/60/');
    expect(canonicalStudyPath('/user-old/courses/7/')).toBe('/user/courses/7/');
  });

  it('keeps a lesson page beyond the first, and nothing else of the query', () => {
    expect(canonicalStudyPath('/user-old/courses/7/lessons/41/', '?page=3&utm=x')).toBe('/user/courses/7/lessons/41/?page=3');
    expect(canonicalStudyPath('/user/courses/lesson/7/3/41/', '?page=1')).toBe('/user/courses/7/lessons/41/');
    expect(canonicalStudyPath('/user/courses/lesson/7/3/41/', '?page=abc')).toBe('/user/courses/7/lessons/41/');
    expect(canonicalStudyPath('/user/courses/quiz/7/60/', '?page=3')).toBe('/user/courses/7/testing/60/');
  });

  it('answers null for anything else: unknown shapes, ids that are not ids', () => {
    for (const path of ['/user-old/', '/user-old/orders/', '/user/courses/lesson/7/3/', '/user/courses/quiz/7/', '/user/courses/lesson/a/b/c/', '/user-old/courses/0/', '/user-old/courses/7/lessons/41/x/']) {
      expect(canonicalStudyPath(path), path).toBeNull();
    }
  });
});
