import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
import { courseFormatEnum, courses, teachers } from './catalog.ts';
import { createdAt, updatedAt } from './columns.ts';

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
    /** Seats held by orders (unpaid and paid, not cancelled); taken with a conditional update. */
    seatsHeld: integer().notNull().default(0),
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
    check('groups_seats_held_non_negative', sql`${t.seatsHeld} >= 0`),
  ],
);

export type Group = typeof groups.$inferSelect;
