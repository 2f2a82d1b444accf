import type { rootDataOf } from '../../lib/seo.ts';

/** An account page that is not built yet: its heading and an honest note (later issues fill them). */
export interface Section {
  title: string;
  text: string;
}

export const SECTIONS: Record<string, Section> = {
  '/admin/courses/': {
    title: 'Управление курсами',
    text: 'Здесь владельцы курсов будут создавать и редактировать курсы, уроки и тесты, управлять слушателями и ссылками-приглашениями.',
  },
};

/**
 * A study page's title with its course's, which the course-study layout has read (route id
 * 'user-study'; a group's, 'user-group-study', has the course and group as `title`).
 */
export function studyTitle(title: string, matches: Parameters<typeof rootDataOf>[0]): string {
  const course = (matches.find((match) => match?.id === 'user-study')?.data as { course?: { title: string } } | undefined)?.course;
  const group = (matches.find((match) => match?.id === 'user-group-study')?.data as { title?: string } | undefined)?.title;
  const within = course?.title ?? group;
  return within ? `${title} — ${within}` : title;
}
