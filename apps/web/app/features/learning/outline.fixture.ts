// Test data shared by the learning unit tests (no app code imports it).
import type { CourseModules, ProgressStatus } from '@crema/contract';

/** Module 1: two lessons and a test; module 2: one lesson; a final test. */
export const outline = (lessons: ProgressStatus[], test: ProgressStatus, final: ProgressStatus): CourseModules => ({
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
