import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AccountExport } from '@crema/contract';
import type { Db } from '../../db/client.ts';
import {
  courses,
  feedbackSubmissions,
  groupMembers,
  lessonProgress,
  mailOutbox,
  orderStudents,
  orders,
  refreshTokens,
  socialAccounts,
  students,
  testAttempts,
  userCourses,
  users,
} from '../../db/schema/index.ts';
import { findOne } from '../../db/find.ts';
import type { SealedBox } from '../../lib/sealed.ts';
import { toCurrentUser } from '../auth/service.ts';
import { consentRecords } from './consents.ts';
import { readDocuments } from './service.ts';
import { toStudentItem } from './students.ts';

// GET /api/user/export/: everything the school holds about the caller, as one JSON file
// (decision 0018). Every query is keyed by the caller's id (or by rows that are).

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => value?.toISOString() ?? null;

/** Codes in letter subjects ('Код для входа: 1234') are hidden: the file may be kept or sent on. */
export function hideCodes(subject: string): string {
  return subject.replace(/\d{4,}/g, (digits) => '*'.repeat(digits.length));
}

/** `userId`: the signed-in person's own, or the one staff carry out a data request for. */
export async function exportAccount(db: Db, box: SealedBox, userId: number): Promise<AccountExport> {
  const user = await findOne(db.select().from(users).where(eq(users.id, userId)));
  const documents = await readDocuments(db, box, userId);
  const studentRows = await db.select().from(students).where(eq(students.userId, userId)).orderBy(asc(students.id));
  const social = await db
    .select({ provider: socialAccounts.provider, createdAt: socialAccounts.createdAt })
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId))
    .orderBy(asc(socialAccounts.id));

  const orderRows = await db
    .select({ order: orders, courseTitle: courses.title })
    .from(orders)
    .innerJoin(courses, eq(courses.id, orders.courseId))
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.id));
  const orderIds = orderRows.map((r) => r.order.id);
  const orderStudentRows = orderIds.length
    ? await db.select().from(orderStudents).where(inArray(orderStudents.orderId, orderIds)).orderBy(asc(orderStudents.id))
    : [];

  const enrolments = await db
    .select({ enrolment: userCourses, courseTitle: courses.title })
    .from(userCourses)
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .where(eq(userCourses.userId, userId))
    .orderBy(asc(userCourses.id));
  const enrolmentIds = enrolments.map((r) => r.enrolment.id);
  const [memberships, progress, attempts] = enrolmentIds.length
    ? await Promise.all([
        db.select().from(groupMembers).where(inArray(groupMembers.userCourseId, enrolmentIds)).orderBy(asc(groupMembers.createdAt)),
        db.select().from(lessonProgress).where(inArray(lessonProgress.userCourseId, enrolmentIds)).orderBy(asc(lessonProgress.id)),
        db.select().from(testAttempts).where(inArray(testAttempts.userCourseId, enrolmentIds)).orderBy(asc(testAttempts.id)),
      ])
    : [[], [], []];

  // A session is a family of refresh tokens: one sign-in, rotated on every use (tokens are never shown).
  const sessions = await db
    .select({
      createdAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
      lastUsedAt: sql<Date>`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
      expiresAt: sql<Date>`max(${refreshTokens.expiresAt})`.mapWith(refreshTokens.expiresAt),
      endedAt: sql<Date | null>`max(${refreshTokens.revokedAt})`.mapWith(refreshTokens.revokedAt),
      userAgent: sql<string | null>`(array_agg(${refreshTokens.userAgent} order by ${refreshTokens.id} desc))[1]`,
      ip: sql<string | null>`(array_agg(${refreshTokens.ip} order by ${refreshTokens.id} desc))[1]`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .groupBy(refreshTokens.familyId)
    .orderBy(sql`min(${refreshTokens.createdAt})`);

  const submissions = await db
    .select()
    .from(feedbackSubmissions)
    .where(eq(feedbackSubmissions.userId, userId))
    .orderBy(asc(feedbackSubmissions.id));
  const letters = await db
    .select({ subject: mailOutbox.subject, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${user.email})`)
    .orderBy(asc(mailOutbox.id));

  return {
    exported_at: new Date().toISOString(),
    profile: {
      ...toCurrentUser(user),
      email_verified_at: isoOrNull(user.emailVerifiedAt),
      last_login_at: isoOrNull(user.lastLoginAt),
      created_at: iso(user.createdAt),
    },
    documents,
    students: studentRows.map((row) => ({ ...toStudentItem(row), created_at: iso(row.createdAt) })),
    consents: await consentRecords(db, userId),
    social_accounts: social.map((row) => ({ provider: row.provider, created_at: iso(row.createdAt) })),
    orders: orderRows.map(({ order, courseTitle }) => ({
      id: order.id,
      code: order.code,
      course_id: order.courseId,
      course_title: courseTitle,
      group_id: order.groupId,
      status: order.status,
      amount_kopecks: order.amountKopecks,
      payer_last_name: order.payerLastName,
      payer_first_name: order.payerFirstName,
      payer_patronymic: order.payerPatronymic,
      payer_phone: order.payerPhone,
      payer_email: order.payerEmail,
      study_for_self: order.studyForSelf,
      consent_privacy: order.consentPrivacy,
      consent_personal_data: order.consentPersonalData,
      consent_advertising: order.consentAdvertising,
      consent_child_personal_data: order.consentChildPersonalData,
      students: orderStudentRows
        .filter((s) => s.orderId === order.id)
        .map((s) => ({ student_id: s.studentId, full_name: s.fullName, phone: s.phone, email: s.email, birth_date: s.birthDate })),
      created_at: iso(order.createdAt),
      confirmed_at: isoOrNull(order.confirmedAt),
      paid_at: isoOrNull(order.paidAt),
    })),
    enrolments: enrolments.map(({ enrolment, courseTitle }) => ({
      id: enrolment.id,
      course_id: enrolment.courseId,
      course_title: courseTitle,
      student_id: enrolment.studentId,
      order_id: enrolment.orderId,
      is_active: enrolment.isActive,
      access_until: isoOrNull(enrolment.accessUntil),
      created_at: iso(enrolment.createdAt),
    })),
    group_memberships: memberships.map((m) => ({ group_id: m.groupId, enrolment_id: m.userCourseId, created_at: iso(m.createdAt) })),
    lesson_progress: progress.map((p) => ({
      enrolment_id: p.userCourseId,
      lesson_id: p.lessonId,
      status: p.status,
      completed_at: isoOrNull(p.completedAt),
      updated_at: iso(p.updatedAt),
    })),
    test_attempts: attempts.map((a) => ({
      id: a.id,
      enrolment_id: a.userCourseId,
      test_id: a.testId,
      status: a.status,
      score: a.score,
      is_passed: a.isPassed,
      started_at: iso(a.startedAt),
      finished_at: isoOrNull(a.finishedAt),
    })),
    sessions: sessions.map((s) => ({
      created_at: iso(s.createdAt),
      last_used_at: iso(s.lastUsedAt),
      expires_at: iso(s.expiresAt),
      ended_at: isoOrNull(s.endedAt),
      user_agent: s.userAgent,
      ip: s.ip,
    })),
    form_submissions: submissions.map((f) => ({ id: f.id, form_id: f.formId, data: f.data, created_at: iso(f.createdAt) })),
    letters: letters.map((l) => ({ subject: hideCodes(l.subject), created_at: iso(l.createdAt), sent_at: isoOrNull(l.sentAt) })),
  };
}
