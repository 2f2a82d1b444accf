// Attendance of a group's sessions (decision 0088): the marks and their Russian words, for the
// server and the browser alike.

/** The marks a session's list takes, in the order the toggles show them. */
export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** What each mark is called on the curator's list and in the learner's timetable. */
export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  present: 'Присутствие',
  late: 'Опоздание',
  absent: 'Пропуск',
  excused: 'Пропуск по уважительной причине',
};

/** The short words of the toggles and the table's cells. */
export const ATTENDANCE_SHORT: Record<AttendanceStatus, string> = {
  present: 'Был(а)',
  late: 'Опоздание',
  absent: 'Пропуск',
  excused: 'Уважит.',
};

/** Marks that count as attending (the rate's numerator) and as missing (a missed session's lesson is offered). */
export const ATTENDED_STATUSES: readonly AttendanceStatus[] = ['present', 'late'];
export const MISSED_STATUSES: readonly AttendanceStatus[] = ['absent', 'excused'];

/** The longest note of a mark. */
export const ATTENDANCE_NOTE_MAX = 300;

/** A stale save of a session's list. */
export const ATTENDANCE_CONFLICT =
  'Список этого занятия уже изменил другой куратор. Обновите страницу, чтобы увидеть его отметки, — ваши не сохранены.';
