import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgEnum, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { students, users } from './users.ts';

/**
 * What a consent is to (152-ФЗ, decision 0018): processing of personal data, the privacy policy,
 * advertising mailings, a parent's consent for a child (decision 0046) — each a versioned
 * document — and `data_refusal`, the recorded refusal to give document data (no document behind it).
 */
export const consentKindEnum = pgEnum('consent_kind', ['personal_data', 'privacy_policy', 'advertising', 'child_personal_data', 'data_refusal']);

/**
 * The documents a consent refers to, one row per version; the current version of a kind is the
 * newest published one. Version 1 of each is written by the migration that made the table.
 */
export const consentDocuments = pgTable(
  'consent_documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: consentKindEnum().notNull(),
    version: integer().notNull(),
    title: text().notNull(),
    /** The site page where the text of this version is, e.g. '/privacy-policy/'. */
    url: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('consent_documents_kind_version_unique').on(t.kind, t.version),
    check('consent_documents_kind_has_document', sql`${t.kind} <> 'data_refusal'`),
    check('consent_documents_version_positive', sql`${t.version} > 0`),
  ],
);

/**
 * Consents as records: written once, never changed except by the withdrawal fields. A user has at
 * most one live (not withdrawn) consent per kind and student.
 */
export const consents = pgTable(
  'consents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: consentKindEnum().notNull(),
    /** The version of the document agreed to; null for data_refusal. */
    version: integer(),
    /** A child or other student the account holder consents for as their legal representative. */
    studentId: integer().references(() => students.id, { onDelete: 'set null' }),
    /** The student's name when the consent was given (the record outlives the student row). */
    studentName: text(),
    givenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text(),
    userAgent: text(),
    withdrawnAt: timestamp({ withTimezone: true }),
    withdrawnIp: text(),
    withdrawnUserAgent: text(),
  },
  (t) => [
    index().on(t.userId, t.givenAt),
    index().on(t.studentId),
    uniqueIndex('consents_live_unique')
      .on(t.userId, t.kind, sql`coalesce(${t.studentId}, 0)`)
      .where(sql`${t.withdrawnAt} is null`),
    foreignKey({
      name: 'consents_document_fk',
      columns: [t.kind, t.version],
      foreignColumns: [consentDocuments.kind, consentDocuments.version],
    }),
    check('consents_version_matches_kind', sql`(${t.kind} = 'data_refusal') = (${t.version} is null)`),
    // Only a consent for someone else names a student; a child's consent is always for a student
    // (the link becomes null only when the student row is deleted, the name stays).
    check('consents_student_kind', sql`${t.studentId} is null or ${t.kind} in ('personal_data', 'child_personal_data')`),
  ],
);

/**
 * The audit trail of deleted accounts (decision 0018): who (the id of the now anonymised row),
 * when, from where. The address itself is not kept, only its keyed hash.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    /** HMAC-SHA256 of the lower-cased address (key derived from SECRET_KEY, purpose 'deleted-email'). */
    emailHash: text().notNull(),
    deletedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index().on(t.userId), index().on(t.emailHash)],
);

/**
 * The kinds of legal documents with pages of their own (decision 0043): the three
 * consent documents above and the child consent, the offer and the cookie policy.
 */
export const legalDocumentKindEnum = pgEnum('legal_document_kind', [
  'privacy_policy',
  'personal_data',
  'advertising',
  'child_personal_data',
  'offer',
  'cookie_policy',
]);

/**
 * The texts of the legal documents, one row per version, never changed once written. The current
 * version of a kind is the newest one in force (`published_at <= now()`); a version for a consent
 * kind has its twin row in consent_documents (same kind and number), written in one transaction.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: legalDocumentKindEnum().notNull(),
    version: integer().notNull(),
    title: text().notNull(),
    /** Plain text: paragraphs split by a blank line, '## ' starts a heading, '- ' a list item. */
    body: text().notNull(),
    /** When the version comes into force (its effective date). */
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The staff member who published it; null for the migration's and the seed's versions. */
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('legal_documents_kind_version_unique').on(t.kind, t.version),
    check('legal_documents_version_positive', sql`${t.version} > 0`),
  ],
);

export type LegalDocumentRow = typeof legalDocuments.$inferSelect;
export type ConsentDocument = typeof consentDocuments.$inferSelect;
export type Consent = typeof consents.$inferSelect;
export type AccountDeletion = typeof accountDeletions.$inferSelect;
