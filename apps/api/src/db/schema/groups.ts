import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { courseFormatEnum, courses, teachers } from './catalog.ts';
import { createdAt, updatedAt } from './columns.ts';
import { lessons, tests, userCourses } from './learning.ts';

/** A study group: one run of a course with a start date, a teacher and a timetable. */
export const groups = pgTable(
  'groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }),
    /** Places in the group; null = unlimited (online). */
    capacity: integer(),
    teacherId: integer().references(() => teachers.id, { onDelete: 'set null' }),
    format: courseFormatEnum().notNull().default('offline'),
    /** Where the group meets, e.g. the studio address. */
    location: text(),
    isPublished: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.courseId, t.startsOn),
    index().on(t.startsOn),
    index().on(t.teacherId),
    check('groups_dates_order', sql`${t.endsOn} >= ${t.startsOn}`),
    check('groups_capacity_positive', sql`${t.capacity} > 0`),
  ],
);

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

export type Group = typeof groups.$inferSelect;
export type GroupMember = typeof groupMembers.$inferSelect;
export type GroupSchedule = typeof groupSchedules.$inferSelect;
