// Certificates of completion (decision 0085): a course's settings, and the certificates issued to
// its learners, each with a random number anyone may verify on the site.
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { courses } from './catalog.ts';
import { updatedAt } from './columns.ts';
import { userCourses } from './learning.ts';
import { students, users } from './users.ts';

/**
 * When a learner earns the certificate: `all_done` — every published lesson completed and every
 * final test passed; `tests_share` — at least `min_share` percent of the course's published tests
 * (module and final) passed.
 */
export const certificateRuleEnum = pgEnum('certificate_rule', ['all_done', 'tests_share']);

/** A course's certificate: off until the owner switches it on; the texts and pictures of its PDF. */
export const certificateSettings = pgTable(
  'certificate_settings',
  {
    courseId: integer()
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    enabled: boolean().notNull().default(false),
    rule: certificateRuleEnum().notNull().default('all_done'),
    /** Percent of the tests passed, for `tests_share`. */
    minShare: integer().notNull().default(80),
    title: text().notNull().default('Сертификат о прохождении курса'),
    /** Academic hours printed on the certificate; null prints none. */
    hours: integer(),
    /** The school's details (name, licence, address), several lines of text. */
    schoolDetails: text().notNull().default(''),
    /** Storage keys of uploads (admin uploads, kind image). */
    signatureImage: text(),
    stampImage: text(),
    backgroundImage: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('certificate_settings_min_share_range', sql`${t.minShare} between 1 and 100`),
    check('certificate_settings_hours_range', sql`${t.hours} is null or ${t.hours} between 1 and 10000`),
  ],
);

/**
 * An issued certificate. What it says (the holder's name, the course's title, the hours) is kept
 * as it was at issue. One current certificate per learner and course: a unique index over the
 * rows not replaced (a reissue marks the old one replaced first, in the same transaction).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** 'CR-XXXX-XXXX-XXXX' from unambiguous characters, random: numbers cannot be walked. */
    number: text().notNull(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The account that studied (or manages the student who did). */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: integer().references(() => students.id, { onDelete: 'cascade' }),
    userCourseId: integer().references(() => userCourses.id, { onDelete: 'set null' }),
    lastName: text().notNull(),
    firstName: text().notNull(),
    patronymic: text(),
    courseTitle: text().notNull(),
    title: text().notNull(),
    hours: integer(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Staff's or the owner's words; shown to them, never on the public page. */
    revokedReason: text(),
    revokedById: integer().references(() => users.id, { onDelete: 'set null' }),
    replacedAt: timestamp({ withTimezone: true }),
    replacedById: integer(),
  },
  (t) => [
    uniqueIndex('certificates_number_unique').on(t.number),
    uniqueIndex('certificates_one_current')
      .on(t.courseId, t.userId, sql`coalesce(${t.studentId}, 0)`)
      .where(sql`${t.replacedAt} is null`),
    foreignKey({ name: 'certificates_replaced_by_id_fk', columns: [t.replacedById], foreignColumns: [t.id] }).onDelete('set null'),
    index('certificates_course_issued_idx').on(t.courseId, t.issuedAt, t.id),
    index().on(t.userId),
  ],
);

export type CertificateSettings = typeof certificateSettings.$inferSelect;
export type Certificate = typeof certificates.$inferSelect;
