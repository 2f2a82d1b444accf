import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { courses } from './catalog.ts';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** Field types of a dynamic form (text, phone, e-mail, date). */
export const formFieldTypeEnum = pgEnum('form_field_type', ['text', 'phone', 'email', 'date']);

/** A dynamic form read by key (GET /api/feedback/{key}/): 'course_form', 'course_kids_form' … */
export const feedbackForms = pgTable('feedback_forms', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  key: text().notNull().unique(),
  title: text().notNull(),
  description: text(),
  /** Text of the success modal after sending. */
  successMessage: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A field of a dynamic form. */
export const feedbackFormFields = pgTable(
  'feedback_form_fields',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    formId: integer()
      .notNull()
      .references(() => feedbackForms.id, { onDelete: 'cascade' }),
    /** The key the value is sent under, e.g. 'student_name'. */
    name: text().notNull(),
    /** The label. */
    title: text().notNull(),
    placeholder: text(),
    required: boolean().notNull().default(false),
    type: formFieldTypeEnum().notNull().default('text'),
    sort: integer().notNull().default(0),
  },
  (t) => [unique('feedback_form_fields_form_id_name_unique').on(t.formId, t.name), index().on(t.formId, t.sort)],
);

/** An application's state in the staff's inbox (decision 0066). */
export const applicationStatusEnum = pgEnum('application_status', ['new', 'in_work', 'done', 'spam']);

/** A consent given in a form, with the version of the document agreed to (decision 0022). */
export interface SubmissionConsent {
  kind: 'personal_data' | 'privacy_policy' | 'advertising' | 'child_personal_data';
  version: number | null;
}

/** What someone sent through a dynamic form (an application, a lead). */
export const feedbackSubmissions = pgTable(
  'feedback_submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    formId: integer()
      .notNull()
      .references(() => feedbackForms.id, { onDelete: 'restrict' }),
    /** Field name → value, normalised (phones as digits, dates as YYYY-MM-DD, e-mail lower-cased). */
    data: jsonb().$type<Record<string, string>>().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The course the application is about (course_slug), when one was named. */
    courseId: integer().references(() => courses.id, { onDelete: 'set null' }),
    /** A guest's session key; null for a signed-in caller. */
    sessionKey: text(),
    /**
     * What makes a repeat the same application (decision 0022): a hash of the form, the sender and
     * the client's request_id or the payload. A repeat within the window is answered, not stored.
     */
    dedupeKey: text(),
    /** Consents ticked in the form with their document versions (a guest's only record of them). */
    consents: jsonb().$type<SubmissionConsent[]>().notNull().default([]),
    ip: text(),
    userAgent: text(),
    /** The contacts as sent (the fields 'name', 'email', 'phone' or the first of their type), for the staff's search. */
    name: text(),
    email: text(),
    phone: text(),
    /** Where staff are with it (decision 0066). */
    status: applicationStatusEnum().notNull().default('new'),
    /** The staff member handling it. */
    assigneeId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.formId, t.createdAt),
    index().on(t.userId),
    index().on(t.dedupeKey, t.createdAt),
    index().on(t.courseId),
    index().on(t.status, t.createdAt),
    index().on(t.assigneeId),
    index().on(t.createdAt),
  ],
);

/** A staff-only note on an application, with its author and time (decision 0066). */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    submissionId: integer()
      .notNull()
      .references(() => feedbackSubmissions.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The author's name or e-mail as it was when they wrote it (kept when the account goes). */
    authorName: text().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.submissionId, t.createdAt)],
);

export type FeedbackForm = typeof feedbackForms.$inferSelect;
export type FeedbackFormField = typeof feedbackFormFields.$inferSelect;
export type FeedbackSubmission = typeof feedbackSubmissions.$inferSelect;
export type ApplicationNote = typeof applicationNotes.$inferSelect;
