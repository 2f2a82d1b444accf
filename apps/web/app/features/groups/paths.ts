// The group pages' addresses and what they show in words. Here, not
// in lib/paths.ts: that file is in the shell every public page loads first (decision 0008).
import type { GroupLearner, GroupModules } from '@crema/contract';
import { HOUR_FORMS, MINUTE_FORMS, formatCount, formatDate, formatTime, type PluralForms } from '@crema/contract/format';

// The contract's formatters live in the shell chunk every public page loads first (vite.config.ts),
// which carries every export any browser code uses: what only the server needs (Moscow today, day
// headings) is in schedule.server.ts, and no new formatter is imported here.
const NBSP = '\u00a0';

/** /user/group/: my groups. */
export const groupsPath = () => '/user/group/';
/** /user/group/{id}/: one group, its timetable and programme. */
export const groupPath = (id: number) => `/user/group/${id}/`;
/** /user/group/{id}/schedule/{scheduleId}/: one session. */
export const sessionPath = (id: number, scheduleId: number) => `/user/group/${id}/schedule/${scheduleId}/`;

// A group's study pages: `/user/group/{id}/schedule/{scheduleId}/lessons/{lessonId}/` for an item
// tied to a session (the first session of this group with it), `/user/group/{id}/schedule/lessons/…`
// (the optional `{scheduleId?}` left out) for one tied to none: one address per item.
const stepPath = (id: number, scheduleId: number | null) => `/user/group/${id}/schedule/${scheduleId === null ? '' : `${scheduleId}/`}`;

/** A lesson of the group; page 1 has no query. */
export const groupLessonPath = (id: number, scheduleId: number | null, lessonId: number, page = 1) =>
  `${stepPath(id, scheduleId)}lessons/${lessonId}/${page > 1 ? `?page=${page}` : ''}`;
/** A test of the group (module or final). */
export const groupTestPath = (id: number, scheduleId: number | null, testId: number) => `${stepPath(id, scheduleId)}testing/${testId}/`;

/** The session an item of the group's outline is tied to (its address's `{scheduleId}`), or null. */
export function sessionOf(outline: Pick<GroupModules, 'modules' | 'final_tests'>, type: 'lesson' | 'test', itemId: number): number | null {
  for (const module of outline.modules) {
    const item = module.content.find((entry) => entry.type === type && entry.id === itemId);
    if (item) return item.session?.id ?? null;
  }
  if (type === 'test') return outline.final_tests.find((test) => test.id === itemId)?.session?.id ?? null;
  return null;
}

/**
 * The study screens' links inside a group (the learning feature's StudyLinks, decision 0032): back to
 * the group's page, lessons and tests at the group's addresses, so previous/next stay in the group.
 */
export function groupStudyLinks(id: number, outline: Pick<GroupModules, 'modules' | 'final_tests'>) {
  return {
    home: groupPath(id),
    homeName: 'странице группы',
    back: { to: groupsPath(), label: '← Мои группы' },
    lesson: (lessonId: number, page?: number) => groupLessonPath(id, sessionOf(outline, 'lesson', lessonId), lessonId, page),
    test: (testId: number) => groupTestPath(id, sessionOf(outline, 'test', testId), testId),
  };
}

export const MEMBER_FORMS = ['участник', 'участника', 'участников'] as const satisfies PluralForms;

/** Whose it is: 'Вы', a child's first name, or both ('Вы и Маша'). */
export function whoseText(learners: GroupLearner[]): string {
  const names = learners.map((learner) => (learner.student ? learner.student.first_name : 'Вы'));
  const unique = [...new Set(names)].sort((a, b) => (a === 'Вы' ? -1 : b === 'Вы' ? 1 : 0));
  return unique.length > 1 ? `${unique.slice(0, -1).join(', ')} и ${unique.at(-1)}` : (unique[0] ?? '');
}

/** 'Имя Фамилия' of a teacher or a learner. */
export const personName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

/** A session's duration: '45 минут', '2 часа', '1 ч 30 мин' (a no-break space before the unit). */
export function durationText(startsAt: string, endsAt: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000));
  if (minutes < 60) return formatCount(minutes, MINUTE_FORMS);
  if (minutes % 60 === 0) return formatCount(minutes / 60, HOUR_FORMS);
  return `${Math.floor(minutes / 60)}${NBSP}ч ${minutes % 60}${NBSP}мин`;
}

/** 'HH:MM–HH:MM' in Moscow. */
export const timeRange = (startsAt: string, endsAt: string) => `${formatTime(startsAt)}–${formatTime(endsAt)}`;

/** 'dd.mm.yyyy, HH:MM–HH:MM (МСК)'. */
export const sessionWhen = (startsAt: string, endsAt: string) => `${formatDate(startsAt)}, ${timeRange(startsAt, endsAt)} (МСК)`;
