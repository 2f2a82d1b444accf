import { describe, expect, it } from 'vitest';
import type { AdminModule } from '@crema/contract';
import { moduleItems } from './ProgrammeScreen.tsx';
import { courseIdOf } from './paths.ts';

const lesson = (id: number, sort: number) => ({ id, title: `Урок ${id}`, sort, is_published: true, blocks_count: 1, pages_count: 1 });
const test_ = (id: number, sort: number) => ({ id, title: `Тест ${id}`, sort, is_published: false, questions_count: 3 });

describe('the programme of a module', () => {
  it('interleaves lessons and tests by sort, lessons first on a tie, as the learner sees them', () => {
    const module: AdminModule = { id: 1, title: 'М', sort: 1, lessons: [lesson(10, 3), lesson(11, 1)], tests: [test_(20, 2), test_(21, 3)] };
    expect(moduleItems(module).map((item) => `${item.type}-${item.id}`)).toEqual(['lesson-11', 'test-20', 'lesson-10', 'test-21']);
    expect(moduleItems(module)[1]).toMatchObject({ note: '3\u00a0вопроса', is_published: false });
  });
});

describe('the course of an admin address', () => {
  it('is the id after /admin/courses/, not /add/', () => {
    expect(courseIdOf('/admin/courses/12/edit/')).toBe(12);
    expect(courseIdOf('/admin/courses/12/')).toBe(12);
    expect(courseIdOf('/admin/courses/add/')).toBeNull();
    expect(courseIdOf('/admin/courses/')).toBeNull();
    expect(courseIdOf('/admin/lessons/5/')).toBeNull();
  });
});
