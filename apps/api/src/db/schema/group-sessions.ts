// A group's members and timetable: the link between groups and learning, in a file of its own so
// that groups.ts need not import learning.ts (which imports orders.ts, which imports groups.ts).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { groups } from './groups.ts';
import { lessons, tests, userCourses } from './learning.ts';

/** Which enrolments study in a group. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userCourseId: integer()
      .notNull()
      .references(() => userCourses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userCourseId] }), index().on(t.userCourseId)],
);

/** One session of a group's timetable, optionally tied to the lesson or test worked on. */
export const groupSchedules = pgTable(
  'group_schedules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** Room or address; null for online sessions. */
    location: text(),
    lessonId: integer().references(() => lessons.id, { onDelete: 'set null' }),
    testId: integer().references(() => tests.id, { onDelete: 'set null' }),
    /** Video-call link for online sessions. */
    onlineUrl: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.groupId, t.startsAt),
    index().on(t.startsAt),
    index().on(t.lessonId),
    index().on(t.testId),
    check('group_schedules_time_order', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export type GroupMember = typeof groupMembers.$inferSelect;
export type GroupSchedule = typeof groupSchedules.$inferSelect;
