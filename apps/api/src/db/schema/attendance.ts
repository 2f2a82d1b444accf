// Attendance of a group's sessions (decision 0088): one mark per session and member, written by
// the staff, the course's owner or a curator of the course or of the group, a whole list at a time.
import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { groupSchedules } from './group-sessions.ts';
import { userCourses } from './learning.ts';
import { users } from './users.ts';

/** present — was there; late — came late; absent — missed it; excused — missed it for a reason the school accepts. */
export const attendanceStatusEnum = pgEnum('attendance_status', ['present', 'late', 'absent', 'excused']);

/** A session's list as a whole: the version a save is made at (a stale save is a 409), who saved it last. */
export const attendanceSheets = pgTable('attendance_sheets', {
  scheduleId: integer()
    .primaryKey()
    .references(() => groupSchedules.id, { onDelete: 'cascade' }),
  /** Bumped by every save of the list. */
  version: integer().notNull().default(1),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One member's mark at one session. */
export const attendanceMarks = pgTable(
  'attendance_marks',
  {
    scheduleId: integer()
      .notNull()
      .references(() => groupSchedules.id, { onDelete: 'cascade' }),
    userCourseId: integer()
      .notNull()
      .references(() => userCourses.id, { onDelete: 'cascade' }),
    status: attendanceStatusEnum().notNull(),
    /** A short note ('заболел', 'ушёл раньше'); empty when none. */
    note: text().notNull().default(''),
    markedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** When this mark (status or note) last changed. */
    markedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.userCourseId] }), index().on(t.userCourseId)],
);

export type AttendanceMark = typeof attendanceMarks.$inferSelect;
