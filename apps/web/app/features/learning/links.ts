// The study pages' links and the outline's reading (lesson and test statuses). The
// addresses themselves are ui/paths.ts (shared with my courses and progress, outside the shell).
import type { ClosedBy, LearningPosition, MyCourse, ProgressStatus } from '@crema/contract';
import { coursePath, lessonPath, testPath } from '../../ui/paths.ts';

/** Fields a group's outline adds to an item (its timetable, decision 0031) or the owner's preview (draft, 0041); a course's outline has none. */
export interface Timed {
  /** false: tied to a session that has not started (a group's lesson or test, shown locked). */
  is_open?: boolean;
  /** When it opens (ISO 8601), for a closed item. */
  opens_at?: string | null;
  /** true: a draft the owner's preview shows marked (decision 0041); learners' outlines have none. */
  draft?: boolean;
  /** The homework that keeps the item closed until a curator accepts it (decision 0087). */
  closed_by?: ClosedBy | null;
}

/** The outline the study screens read: a course's (0028) or a group's, whose items may be closed. */
export interface StudyOutline {
  modules: { id: number; title: string; content: ({ id: number; title: string; type: 'lesson' | 'test'; status: ProgressStatus } & Timed)[] }[];
  final_tests: ({ id: number; title: string; status: ProgressStatus } & Timed)[];
}

/**
 * Where the study screens link to (decision 0032): the course's own addresses (`courseLinks`) or a
 * group's (`/user/group/{id}/schedule/{scheduleId}/lessons/…`, built by the group routes). The
 * layout, the outline, the lesson and the quiz screens take one of these instead of a course id, so
 * the same screens serve both and previous/next stay inside the paths they were opened from.
 */
export interface StudyLinks {
  /** The page the study screens lead back to: the course overview or the group's page. */
  home: string;
  /** What a link to `home` reads as after 'к …' ('содержанию курса', 'странице группы'). */
  homeName: string;
  /** The list above: '← Мое обучение' or '← Мои группы'. */
  back: { to: string; label: string };
  lesson: (lessonId: number, page?: number) => string;
  test: (testId: number) => string;
}

/** The study links of a course (the enrolment `id`). */
export function courseLinks(id: number): StudyLinks {
  return {
    home: coursePath(id),
    homeName: 'содержанию курса',
    back: { to: '/user/courses/', label: '← Мое обучение' },
    lesson: (lessonId, page) => lessonPath(id, lessonId, page),
    test: (testId) => testPath(id, testId),
  };
}

/** A test's place in the outline: its module (null: a final test), or null when the outline has no such test. */
export function findTest(outline: StudyOutline, testId: number): { moduleId: number | null; title: string } | null {
  for (const module of outline.modules) {
    const item = module.content.find((entry) => entry.type === 'test' && entry.id === testId);
    if (item) return { moduleId: module.id, title: item.title };
  }
  const final = outline.final_tests.find((test) => test.id === testId);
  return final ? { moduleId: null, title: final.title } : null;
}

/** The place after a test in course order (modules' items, then the final tests); null after the last. */
export function placeAfterTest(outline: StudyOutline, testId: number): { type: 'lesson' | 'test'; id: number; title: string } | null {
  const items = [
    ...outline.modules.flatMap((module) => module.content.map((item) => ({ type: item.type, id: item.id, title: item.title }))),
    ...outline.final_tests.map((test) => ({ type: 'test' as const, id: test.id, title: test.title })),
  ];
  const index = items.findIndex((item) => item.type === 'test' && item.id === testId);
  return index === -1 ? null : (items[index + 1] ?? null);
}

/** The place a study page shows, from its address: a lesson or a test, with its module (null: a final test). */
export function currentPlace(
  outline: StudyOutline,
  params: { lessonId?: string; testId?: string },
): { type: 'lesson' | 'test'; id: number; moduleId: number | null } | null {
  if (params.testId !== undefined) {
    const id = Number(params.testId);
    const test = findTest(outline, id);
    return test ? { type: 'test', id, moduleId: test.moduleId } : null;
  }
  if (params.lessonId === undefined) return null;
  const id = Number(params.lessonId);
  const module = outline.modules.find((entry) => entry.content.some((item) => item.type === 'lesson' && item.id === id));
  return module ? { type: 'lesson', id, moduleId: module.id } : null;
}

/**
 * The outline with the lesson on screen marked opened: the layout reads the outline beside the
 * lesson's loader, which records the opening (an opened lesson is done in the sidebar).
 */
export function withOpened(outline: StudyOutline, lessonId: number | null): StudyOutline {
  if (lessonId === null) return outline;
  return {
    ...outline,
    modules: outline.modules.map((module) => ({
      ...module,
      content: module.content.map((item) =>
        item.type === 'lesson' && item.id === lessonId && item.status === 'not_started' ? { ...item, status: 'partially_completed' as const } : item,
      ),
    })),
  };
}

/** Where a previous/next position of the lesson call leads. */
export const positionPath = (links: StudyLinks, position: LearningPosition) =>
  position.type === 'lesson' ? links.lesson(position.id, position.page ?? 1) : links.test(position.id);

/** A lesson is done in the sidebar once opened (partially_completed); a test once completed. */
export function isDone(type: 'lesson' | 'test', status: ProgressStatus): boolean {
  return type === 'lesson' ? status !== 'not_started' : status === 'completed';
}

/** What a status reads as beside an item. */
export function statusText(type: 'lesson' | 'test', status: ProgressStatus): string {
  if (status === 'completed') return type === 'lesson' ? 'Пройден' : 'Сдан';
  if (status === 'partially_completed') return type === 'lesson' ? 'Начат' : 'Не сдан';
  return 'Не начат';
}

/**
 * Where 'Продолжить' leads: the first lesson, in course order, not completed yet (an opened one is
 * continued); with every lesson completed, the first test not passed (a final test last); null when
 * all is done.
 */
export function continueTarget(outline: StudyOutline): { type: 'lesson' | 'test'; id: number } | null {
  // A group's items still closed by its timetable are not a place to continue at.
  const items = outline.modules.flatMap((module) => module.content).filter((item) => item.is_open !== false && !item.closed_by);
  const lesson = items.find((item) => item.type === 'lesson' && item.status !== 'completed');
  if (lesson) return { type: 'lesson', id: lesson.id };
  const test = [...items.filter((item) => item.type === 'test'), ...outline.final_tests.filter((item) => item.is_open !== false && !item.closed_by)].find(
    (item) => item.status !== 'completed',
  );
  return test ? { type: 'test', id: test.id } : null;
}

export interface StudyCourse {
  /** The enrolment (user course): every study path's `{id}`. */
  id: number;
  title: string;
  /** Whoever studies it when it is not the account's holder (a child). */
  student: MyCourse['student'];
  outline: StudyOutline;
}

const ID = '([1-9]\\d{0,9})';
/** Old and other-client addresses of the study pages → the canonical one. */
const LEGACY: [RegExp, (ids: string[]) => string][] = [
  // /user/courses/lesson/{courseId}/{moduleId}/{lessonId}/ (the course-study route's course, module, lesson).
  [new RegExp(`^/user(?:-old)?/courses/lesson/${ID}/${ID}/${ID}/$`), ([id, , lessonId]) => `/user/courses/${id}/lessons/${lessonId}/`],
  // /user/courses/quiz/{courseId}/{moduleId}/{testId}/ and /user/courses/quiz/{courseId}/{finalTestId}/.
  [new RegExp(`^/user(?:-old)?/courses/quiz/${ID}/${ID}/${ID}/$`), ([id, , testId]) => `/user/courses/${id}/testing/${testId}/`],
  [new RegExp(`^/user(?:-old)?/courses/quiz/${ID}/${ID}/$`), ([id, testId]) => `/user/courses/${id}/testing/${testId}/`],
  // /user-old/account/, /user-old/courses/, /user-old/courses/{id?}/lessons/{lessonId?}/, /user-old/courses/{id}/.
  [/^\/user-old\/account\/$/, () => '/user/account/'],
  [/^\/user-old\/courses\/(?:lessons\/)?$/, () => '/user/courses/'],
  [new RegExp(`^/user-old/courses/${ID}/lessons/(?:${ID}/)?$`), ([id, lessonId]) => `/user/courses/${id}/lessons/${lessonId ? `${lessonId}/` : ''}`],
  [new RegExp(`^/user-old/courses/${ID}/$`), ([id]) => `/user/courses/${id}/`],
];

/**
 * The canonical study address of an "also seen" or legacy one, `?page=n` kept for a
 * lesson; null when the address is none of them (the 404 page).
 */
export function canonicalStudyPath(pathname: string, search = ''): string | null {
  for (const [pattern, target] of LEGACY) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const path = target(match.slice(1));
    const page = new URLSearchParams(search).get('page');
    const paged = /\/lessons\/\d+\/$/.test(path) && page !== null && page !== '1' && /^[1-9]\d{0,4}$/.test(page);
    return paged ? `${path}?page=${page}` : path;
  }
  return null;
}
