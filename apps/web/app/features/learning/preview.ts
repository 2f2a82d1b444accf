// The owner's course preview (decision 0041): the learners' study screens fed from the admin reads.
// What it shares and can test without a browser: its addresses, the outline the learners' sidebar
// would show (drafts included and marked), the previous/next positions of a lesson page as the
// learning API orders them (learning/outline.ts `neighbours`), and a question as the quiz shows it.
import type { AdminModule, AdminQuestion, AdminTest, LearningPosition, QuizState } from '@crema/contract';
import type { QuizQuestion } from './quiz.ts';
import type { StudyLinks, StudyOutline } from './links.ts';

/** The words beside every draft lesson or test in the preview. */
export const DRAFT_TEXT = 'Черновик — ученики не видят';

/** /admin/courses/{id}/preview/…: the preview's own addresses (page 1 has no query). */
export const previewPaths = {
  home: (courseId: number) => `/admin/courses/${courseId}/preview/`,
  lesson: (courseId: number, lessonId: number, page = 1) =>
    `/admin/courses/${courseId}/preview/lessons/${lessonId}/${page > 1 ? `?page=${page}` : ''}`,
  test: (courseId: number, testId: number) => `/admin/courses/${courseId}/preview/tests/${testId}/`,
};

/** The study links of the preview: the learners' screens lead only to the preview's own pages. */
export function previewLinks(courseId: number): StudyLinks {
  return {
    home: previewPaths.home(courseId),
    homeName: 'содержанию курса',
    back: { to: `/admin/courses/${courseId}/`, label: '← К программе курса' },
    lesson: (lessonId, page) => previewPaths.lesson(courseId, lessonId, page),
    test: (testId) => previewPaths.test(courseId, testId),
  };
}

/** One place of the course in learners' order, drafts included. */
export interface PreviewItem {
  type: 'lesson' | 'test';
  id: number;
  title: string;
  /** null: a final test. */
  moduleId: number | null;
  /** Pages of a lesson (at least 1); 1 for a test. */
  pageCount: number;
  draft: boolean;
}

type Sorted = PreviewItem & { sort: number };
/** A module's lessons and tests interleave by `sort`, a lesson before a test of the same sort (as the learning API). */
const order = (a: Sorted, b: Sorted) => a.sort - b.sort || (a.type === b.type ? 0 : a.type === 'lesson' ? -1 : 1) || a.id - b.id;
const strip = ({ sort: _sort, ...item }: Sorted): PreviewItem => item;

/** Every lesson and test in the order learners step through them: modules' items, then the final tests. */
export function previewItems(modules: readonly AdminModule[], finals: readonly Pick<AdminTest, 'id' | 'name' | 'is_published'>[]): PreviewItem[] {
  const items: PreviewItem[] = [];
  for (const module of [...modules].sort((a, b) => a.sort - b.sort || a.id - b.id)) {
    const own: Sorted[] = [
      ...module.lessons.map((lesson) => ({
        type: 'lesson' as const,
        id: lesson.id,
        title: lesson.title,
        moduleId: module.id,
        pageCount: Math.max(1, lesson.pages_count),
        draft: !lesson.is_published,
        sort: lesson.sort,
      })),
      ...module.tests.map((test) => ({ type: 'test' as const, id: test.id, title: test.title, moduleId: module.id, pageCount: 1, draft: !test.is_published, sort: test.sort })),
    ];
    items.push(...own.sort(order).map(strip));
  }
  items.push(...finals.map((test) => ({ type: 'test' as const, id: test.id, title: test.name, moduleId: null, pageCount: 1, draft: !test.is_published })));
  return items;
}

/** The outline the learners' sidebar shows, every item not started (the preview records nothing). */
export function previewOutline(modules: readonly AdminModule[], items: readonly PreviewItem[]): StudyOutline {
  return {
    modules: [...modules]
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((module) => ({
        id: module.id,
        title: module.title,
        content: items
          .filter((item) => item.moduleId === module.id)
          .map((item) => ({ id: item.id, title: item.title, type: item.type, status: 'not_started' as const, draft: item.draft })),
      })),
    final_tests: items
      .filter((item) => item.moduleId === null)
      .map((item) => ({ id: item.id, title: item.title, status: 'not_started' as const, draft: item.draft })),
  };
}

/** The positions before and after a lesson page: across pages, lessons, tests and modules (learning/outline.ts). */
export function previewNeighbours(items: readonly PreviewItem[], lessonId: number, page: number): { previous: LearningPosition | null; next: LearningPosition | null } {
  const index = items.findIndex((item) => item.type === 'lesson' && item.id === lessonId);
  const item = items[index];
  if (!item) return { previous: null, next: null };
  const at = (place: PreviewItem, p: number | null): LearningPosition => ({ type: place.type, id: place.id, module_id: place.moduleId, title: place.title, page: p });
  const before = items[index - 1];
  const after = items[index + 1];
  const previous = page > 1 ? at(item, page - 1) : before ? at(before, before.type === 'lesson' ? before.pageCount : null) : null;
  const next = page < item.pageCount ? at(item, page + 1) : after ? at(after, after.type === 'lesson' ? 1 : null) : null;
  return { previous, next };
}

/**
 * A question as the quiz shows it (learning/quiz.ts `attemptView`): no right answers; a match
 * question's left column is the first answer of each pair (by `connect_id`), the right column the
 * rest, ordered by text so that it tells nothing about the pairs.
 */
export function quizQuestion(question: AdminQuestion): QuizQuestion {
  const answers = [...question.answers].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const plain = (answer: AdminQuestion['answers'][number]) => ({ id: answer.id, text: answer.text, image: answer.image?.url ?? null });
  const base = { id: question.id, type: question.type, text: question.text, image: question.image?.url ?? null };
  if (question.type === 'match') {
    const seen = new Set<string>();
    const left: typeof answers = [];
    const right: typeof answers = [];
    for (const answer of answers) {
      if (answer.connect_id && !seen.has(answer.connect_id)) {
        seen.add(answer.connect_id);
        left.push(answer);
      } else right.push(answer);
    }
    return { ...base, answers: left.map(plain), options: right.sort((a, b) => a.text.localeCompare(b.text, 'ru') || a.id - b.id).map(plain) };
  }
  return { ...base, answers: question.type === 'text' ? [] : answers.map(plain), options: [] };
}

/**
 * The test as the quiz's terms show it before a first attempt, with every question of the test in
 * one attempt that exists only on this screen (learners get those a question's probability picks).
 */
export function quizState(test: AdminTest, questions: readonly AdminQuestion[]): QuizState {
  const shown = [...questions].sort((a, b) => a.sort - b.sort || a.id - b.id).map(quizQuestion);
  return {
    test: {
      id: test.id,
      title: test.name,
      description: test.description,
      module_id: test.module?.id ?? null,
      is_final: test.is_final,
      pass_score: test.pass_score,
      time_limit_minutes: test.time_limit_minutes,
      attempts_limit: test.attempts_limit,
      attempts_used: 0,
      attempts_left: test.attempts_limit,
      review: test.review,
      grading: test.grading,
    },
    status: 'not_started',
    grade: null,
    attempt: {
      id: 0,
      number: 1,
      status: 'in_progress',
      started_at: test.updated_at,
      deadline_at: null,
      finished_at: null,
      seconds_left: null,
      questions: shown,
      selected_answers: {},
      result: null,
    },
  };
}
