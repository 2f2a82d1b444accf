import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ruText, updatedAt } from './columns.ts';

export const genderEnum = pgEnum('gender', ['male', 'female']);
/** A student is either a child (birth date required) or an adult (phone and e-mail required). */
export const studentTypeEnum = pgEnum('student_type', ['child', 'adult']);
/** Social sign-in providers (VK ID with PKCE and Yandex ID). */
export const socialProviderEnum = pgEnum('social_provider', ['vk', 'yandex']);

/** A person with an account: signs in by e-mail code or password; may own courses. */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Stored as entered; uniqueness and look-ups go through lower(email). */
    email: text().notNull(),
    /** Argon2id hash; null until the user sets a password (code-only accounts). */
    passwordHash: text(),
    lastName: ruText(),
    firstName: ruText(),
    patronymic: ruText(),
    /** Digits only with the country code, e.g. '79161234567'. */
    phone: text(),
    address: text(),
    birthDate: date({ mode: 'string' }),
    gender: genderEnum(),
    /** May use /admin/ for the courses they own. */
    isCourseOwner: boolean().notNull().default(false),
    /** School staff: may act on every course (support, moderation). */
    isStaff: boolean().notNull().default(false),
    /**
     * Names the user a curator of some course or group (decision 0087): kept with the curators table
     * in the same transaction, so the access layer reads it from the user without another query.
     */
    isCurator: boolean().notNull().default(false),
    /** The one-time questionnaire (Poll) has been answered. */
    isQuestionnaireCompleted: boolean().notNull().default(false),
    /** The user refused to give personal data. */
    dataRefusal: boolean().notNull().default(false),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** Blocked by staff: every session ended then, and sign-in is refused until unblocked. */
    blockedAt: timestamp({ withTimezone: true }),
    /** Why, in staff's words (shown to staff, not to the person). */
    blockedReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // The staff's people list: newest first, by last sign-in, and a search for any part of the
    // e-mail, phone or name (trigram indexes serve ILIKE '%…%').
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    index('users_last_login_at_idx').on(sql`${t.lastLoginAt} desc nulls last`, sql`${t.id} desc`),
    // The few with a role, or blocked: their filters of the list read only them.
    index('users_course_owner_idx').on(t.createdAt, t.id).where(sql`${t.isCourseOwner}`),
    index('users_staff_idx').on(t.createdAt, t.id).where(sql`${t.isStaff}`),
    index('users_blocked_idx').on(t.createdAt, t.id).where(sql`${t.blockedAt} is not null`),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    index('users_last_name_trgm_idx').using('gin', t.lastName.op('gin_trgm_ops')),
    index('users_first_name_trgm_idx').using('gin', t.firstName.op('gin_trgm_ops')),
    index('users_patronymic_trgm_idx').using('gin', t.patronymic.op('gin_trgm_ops')),
  ],
);

/**
 * Passport and SNILS of a user, one row per user, kept apart from the profile. Every value is
 * encrypted in the application (lib/sealed.ts, decisions 0017 and 0019): `<key id>:<nonce>:<tag>:<ciphertext>`;
 * the comments give the plain value.
 */
export const userDocuments = pgTable('user_documents', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Four digits, shown as '## ##'. */
  passportSeries: text(),
  /** Six digits. */
  passportNumber: text(),
  /** Issuing unit code, six digits shown as '### ###'. */
  passportGivenCode: text(),
  /** 'YYYY-MM-DD'. */
  passportGivenDate: text(),
  passportGivenLocation: text(),
  /** Eleven digits, shown as '###-###-### ##'. */
  snils: text(),
  updatedAt: updatedAt(),
});

/** A learner a user manages and applies for: their child or another adult. */
export const students = pgTable(
  'students',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The account that manages this student. */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentType: studentTypeEnum().notNull(),
    lastName: ruText().notNull(),
    firstName: ruText().notNull(),
    patronymic: ruText(),
    phone: text(),
    email: text(),
    dateBirth: date({ mode: 'string' }),
    /** Set when the account was deleted while the student had orders or courses: personal fields are gone. */
    anonymisedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId),
    check(
      'students_child_birth_date',
      sql`${t.studentType} <> 'child' or ${t.dateBirth} is not null or ${t.anonymisedAt} is not null`,
    ),
    check(
      'students_adult_contacts',
      sql`${t.studentType} <> 'adult' or (${t.phone} is not null and ${t.email} is not null) or ${t.anonymisedAt} is not null`,
    ),
  ],
);

/** A link between a user and an external identity (VK ID, Yandex ID). */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: socialProviderEnum().notNull(),
    /** The user's id at the provider. */
    providerUserId: text().notNull(),
    /** E-mail the provider reported, if any. */
    email: text(),
    createdAt: createdAt(),
  },
  (t) => [unique('social_accounts_provider_provider_user_id_unique').on(t.provider, t.providerUserId), index().on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserDocuments = typeof userDocuments.$inferSelect;
export type Student = typeof students.$inferSelect;
export type NewStudent = typeof students.$inferInsert;
export type SocialAccount = typeof socialAccounts.$inferSelect;
