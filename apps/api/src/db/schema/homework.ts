// Homework and curators (decision 0087): who checks a course's or a group's homework, a learner's
// submission of one homework block (one per block and enrolment), its conversation and files.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { courses } from './catalog.ts';
import { createdAt, updatedAt } from './columns.ts';
import { groups } from './groups.ts';
import { lessonBlocks, lessons, userCourses } from './learning.ts';
import { users } from './users.ts';

/** sent — waiting; checking — a curator took it; returned — for rework; accepted — done. */
export const homeworkStatusEnum = pgEnum('homework_status', ['sent', 'checking', 'returned', 'accepted']);
export const homeworkAttachmentKindEnum = pgEnum('homework_attachment_kind', ['photo', 'video', 'file']);
/**
 * A video's phone copy: `pending` — waiting for the encoder (the original is played meanwhile);
 * `ready` — the copy and its poster are stored beside the original; `original` — the encoder could
 * not read it, so the original is all there is.
 */
export const homeworkVideoStateEnum = pgEnum('homework_video_state', ['pending', 'ready', 'original']);

/** A curator of a whole course (group_id null) or of one of its groups. */
export const curators = pgTable(
  'curators',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => groups.id, { onDelete: 'cascade' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('curators_user_course_group_unique').on(t.userId, t.courseId, t.groupId).nullsNotDistinct(),
    index().on(t.courseId),
    index().on(t.groupId),
  ],
);

/** A learner's homework of one block: its status, who is checking it, the version decisions are made at. */
export const homeworkSubmissions = pgTable(
  'homework_submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    blockId: integer()
      .notNull()
      .references(() => lessonBlocks.id, { onDelete: 'cascade' }),
    lessonId: integer()
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userCourseId: integer()
      .notNull()
      .references(() => userCourses.id, { onDelete: 'cascade' }),
    status: homeworkStatusEnum().notNull().default('sent'),
    grade: integer(),
    /** The curator who has taken it for checking (status checking), and since when. */
    reviewerId: integer().references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp({ withTimezone: true }),
    /** When the learner sent the answer now waiting (the queue's order: oldest first). */
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the deadline fell for this learner, fixed at the first answer; null without one. */
    deadlineAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
    /** Bumped by every change: a decision made at an older version is a 409. */
    version: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.blockId, t.userCourseId),
    index().on(t.userCourseId),
    index().on(t.status, t.sentAt),
    index().on(t.lessonId),
    check('homework_submissions_grade_range', sql`${t.grade} is null or ${t.grade} between 0 and 100`),
  ],
);

/** One message of a submission's conversation: the learner's answer or a curator's comment (with a decision). */
export const homeworkMessages = pgTable(
  'homework_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    submissionId: integer()
      .notNull()
      .references(() => homeworkSubmissions.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    role: text({ enum: ['learner', 'curator'] }).notNull(),
    text: text().notNull().default(''),
    decision: text({ enum: ['returned', 'accepted'] }),
    grade: integer(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.submissionId, t.createdAt)],
);

/**
 * A file uploaded for homework: first owned by its uploader alone (message_id null, swept after a
 * day), then part of a message. Stored under a private key that /media/ never serves.
 */
export const homeworkAttachments = pgTable(
  'homework_attachments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The public handle of an upload not yet attached (random, what the client sends back). */
    upload: text().notNull(),
    uploaderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The homework block it was uploaded for (a learner's answer or a curator's comment on it). */
    blockId: integer().references(() => lessonBlocks.id, { onDelete: 'cascade' }),
    messageId: integer().references(() => homeworkMessages.id, { onDelete: 'cascade' }),
    kind: homeworkAttachmentKindEnum().notNull(),
    storageKey: text().notNull(),
    name: text().notNull(),
    sizeBytes: integer().notNull(),
    contentType: text().notNull(),
    width: integer(),
    height: integer(),
    /** Videos only (null for the rest): whether the phone copy is made; its sides are then in width and height. */
    videoState: homeworkVideoStateEnum(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.upload),
    index().on(t.messageId),
    index().on(t.uploaderId, t.createdAt),
    // The encoder's queue: only the few videos still waiting.
    index('homework_attachments_video_pending_idx').on(t.id).where(sql`${t.videoState} = 'pending'`),
  ],
);

export type Curator = typeof curators.$inferSelect;
export type HomeworkSubmission = typeof homeworkSubmissions.$inferSelect;
export type HomeworkMessageRow = typeof homeworkMessages.$inferSelect;
export type HomeworkAttachmentRow = typeof homeworkAttachments.$inferSelect;
