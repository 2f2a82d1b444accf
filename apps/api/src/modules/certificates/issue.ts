// Issuing certificates (decision 0085). A learner's progress is checked where it changes (a lesson
// completed, a test attempt finished) and when they read their certificates (after setting their
// name, say): once the course's rule is met and the name is known, one certificate is issued —
// one per learner and course, however many checks run at once (a unique index over the current
// certificates; the losers of a race insert nothing), and its letter queued in the same transaction.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { certificateSettings, certificates, courses, students, userCourses, users, type Certificate, type CertificateSettings } from '../../db/schema/index.ts';
import { loadOutline, type Outline } from '../learning/outline.ts';
import { sendTemplate } from '../mail/service.ts';
import { newCertificateNumber } from './numbers.ts';
import { holderName } from './names.ts';

/** Where the letter's links point: the site's public address (PUBLIC_URL). */
export interface CertificateLinks {
  publicUrl: string;
}

export const verifyPath = (number: string) => `/certificates/${number}/`;
export const pdfPath = (number: string) => `/api/user/certificates/${number}/pdf/`;

/** Whether an outline meets the course's rule. */
export function ruleMet(settings: Pick<CertificateSettings, 'rule' | 'minShare'>, outline: Outline): boolean {
  const tests = outline.items.filter((i) => i.type === 'test');
  if (settings.rule === 'tests_share') {
    if (tests.length === 0) return false;
    const passed = tests.filter((t) => t.status === 'completed').length;
    return passed * 100 >= settings.minShare * tests.length;
  }
  const lessons = outline.items.filter((i) => i.type === 'lesson');
  const finals = tests.filter((t) => t.moduleId === null);
  if (lessons.length + finals.length === 0) return false;
  return lessons.every((l) => l.status === 'completed') && finals.every((t) => t.status === 'completed');
}

/** What a check found: issued now, had one already, waits for the name, not yet earned, or certificates off. */
export type CheckResult =
  | { state: 'issued'; certificate: Certificate }
  | { state: 'exists' }
  | { state: 'name_needed' }
  | { state: 'not_yet' }
  | { state: 'off' };

/** The enrolment with its course's certificate settings (switched on), the learner's name and the address to mail. */
async function enrolmentForCheck(db: Executor, enrolmentId: number) {
  const [row] = await db
    .select({
      id: userCourses.id,
      courseId: userCourses.courseId,
      userId: userCourses.userId,
      studentId: userCourses.studentId,
      courseTitle: courses.title,
      settings: certificateSettings,
      email: users.email,
      userName: { lastName: users.lastName, firstName: users.firstName, patronymic: users.patronymic },
      studentName: { lastName: students.lastName, firstName: students.firstName, patronymic: students.patronymic },
      current: certificates.id,
    })
    .from(userCourses)
    .innerJoin(certificateSettings, and(eq(certificateSettings.courseId, userCourses.courseId), eq(certificateSettings.enabled, true)))
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .innerJoin(users, eq(users.id, userCourses.userId))
    .leftJoin(students, eq(students.id, userCourses.studentId))
    .leftJoin(
      certificates,
      and(
        eq(certificates.courseId, userCourses.courseId),
        eq(certificates.userId, userCourses.userId),
        sql`coalesce(${certificates.studentId}, 0) = coalesce(${userCourses.studentId}, 0)`,
        isNull(certificates.replacedAt),
      ),
    )
    .where(eq(userCourses.id, enrolmentId));
  return row;
}

/**
 * Checks one enrolment and issues its certificate when the rule is met and the learner's name is
 * known. Safe to call at any time and from several requests at once.
 */
export async function checkCertificate(db: Db, links: CertificateLinks, enrolmentId: number): Promise<CheckResult> {
  const row = await enrolmentForCheck(db, enrolmentId);
  if (!row) return { state: 'off' };
  if (row.current !== null) return { state: 'exists' };
  const outline = await loadOutline(db, { id: row.id, courseId: row.courseId });
  if (!ruleMet(row.settings, outline)) return { state: 'not_yet' };
  const name = holderName(row.studentId === null ? row.userName : row.studentName);
  if (!name) return { state: 'name_needed' };
  for (let tries = 0; tries < 3; tries += 1) {
    const issued = await db.transaction(async (tx) => {
      const number = newCertificateNumber();
      // Any unique violation inserts nothing: the learner's current certificate (another check got
      // there first) or, once in a blue moon, a number already drawn.
      const [certificate] = await tx
        .insert(certificates)
        .values({
          number,
          courseId: row.courseId,
          userId: row.userId,
          studentId: row.studentId,
          userCourseId: row.id,
          ...name,
          courseTitle: row.courseTitle,
          title: row.settings.title,
          hours: row.settings.hours,
        })
        .onConflictDoNothing()
        .returning();
      if (!certificate) return null;
      await sendIssuedLetter(tx, links, row.email, certificate);
      return certificate;
    });
    if (issued) return { state: 'issued', certificate: issued };
    const again = await enrolmentForCheck(db, enrolmentId);
    if (!again || again.current !== null) return { state: 'exists' };
  }
  throw new Error('could not draw a free certificate number');
}

/** Queues the 'certificate_issued' letter for a certificate (in the issuing transaction). */
export async function sendIssuedLetter(db: Executor, links: CertificateLinks, to: string, certificate: Certificate): Promise<void> {
  await sendTemplate(db, {
    to,
    template: 'certificate_issued',
    data: {
      courseTitle: certificate.courseTitle,
      number: certificate.number,
      holder: [certificate.lastName, certificate.firstName, certificate.patronymic].filter(Boolean).join(' '),
      downloadUrl: `${links.publicUrl}${pdfPath(certificate.number)}`,
      verifyUrl: `${links.publicUrl}${verifyPath(certificate.number)}`,
    },
  });
}

/**
 * Checks every enrolment of the account in a course with certificates on and without a current
 * certificate (GET /api/user/certificates/: after the learner set their name, say). Returns the
 * enrolments that wait for the name.
 */
export async function checkAccount(db: Db, links: CertificateLinks, userId: number): Promise<number[]> {
  const pending = await db
    .select({ id: userCourses.id })
    .from(userCourses)
    .innerJoin(certificateSettings, and(eq(certificateSettings.courseId, userCourses.courseId), eq(certificateSettings.enabled, true)))
    .where(
      and(
        eq(userCourses.userId, userId),
        sql`not exists (select 1 from ${certificates} c where c.course_id = ${userCourses.courseId} and c.user_id = ${userCourses.userId}
              and coalesce(c.student_id, 0) = coalesce(${userCourses.studentId}, 0) and c.replaced_at is null)`,
      ),
    );
  const waiting: number[] = [];
  for (const { id } of pending) {
    const result = await checkCertificate(db, links, id);
    if (result.state === 'name_needed') waiting.push(id);
  }
  return waiting;
}
