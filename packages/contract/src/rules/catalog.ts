// Catalogue values the site shows and sends without zod (decision 0012).

export const COURSE_FORMATS = ['online', 'offline', 'blended'] as const;
export type CourseFormat = (typeof COURSE_FORMATS)[number];
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

/** How people read the enum values. */
export const COURSE_FORMAT_LABELS: Record<CourseFormat, string> = {
  online: 'Онлайн',
  offline: 'Очно',
  blended: 'Смешанный',
};
export const COURSE_LEVEL_LABELS: Record<CourseLevel, string> = {
  beginner: 'Для начинающих',
  intermediate: 'Средний',
  advanced: 'Продвинутый',
};

export const COURSE_ORDERINGS = ['sort', 'price', '-price', 'title', 'duration', '-created'] as const;
export type CourseOrdering = (typeof COURSE_ORDERINGS)[number];
/** Largest `page_size` of a list. */
export const PAGE_SIZE_MAX = 48;
/** Longest catalogue search text. */
export const COURSE_SEARCH_MAX = 100;
/** Bound of `min_duration` / `max_duration` (hours). */
export const COURSE_DURATION_MAX = 10_000;
/** A slug of a course or page (or a numeric id) as addresses and queries carry it. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,127}$/;

export const AUDIENCES = ['adult', 'kids'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const PAGE_KINDS = ['post', 'page'] as const;
export const PAGE_ORDERINGS = ['-publish_from', 'publish_from', 'title'] as const;

/** How someone got a course: an order, an invitation link, or an owner or staff by hand. */
export const ENROLMENT_SOURCES = ['order', 'invitation', 'manual'] as const;
export const ENROLMENT_SOURCE_LABELS: Record<(typeof ENROLMENT_SOURCES)[number], string> = {
  order: 'Заказ',
  invitation: 'Ссылка-приглашение',
  manual: 'Добавлен вручную',
};
