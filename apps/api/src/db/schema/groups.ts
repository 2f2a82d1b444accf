import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
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
    /** Video-call link of an online group; only its members see it (their sessions, schedule and calendar). */
    onlineUrl: text(),
    /** What to bring to the first session, for the letter on its eve (decision 0086); null — nothing said. */
    bring: text(),
    isPublished: boolean().notNull().default(false),
    /** When staff closed the group: off the public schedule, no new orders; members keep their timetable. */
    closedAt: timestamp({ withTimezone: true }),
    /** The staff form's version: each edit of the group's own fields adds one; a stale edit answers 409. */
    version: integer().notNull().default(1),
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
