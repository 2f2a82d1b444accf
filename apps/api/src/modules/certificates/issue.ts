// Issuing certificates (decision 0085). A learner's progress is checked where it changes (a lesson
// completed, a test attempt finished, a name saved, the course's certificate switched on) and by a
// job for attempts the learning sweep finished: once the course's rule is met and the name is
// known, one certificate is issued — no read issues one (reading my certificates only says which
// wait for the name) —
// one per learner and course, however many checks run at once (a unique index over the current
// certificates; the losers of a race insert nothing), and its letter queued in the same transaction.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { certificateSettings, certificates, courses, students, testAttempts, userCourses, users, type Certificate, type CertificateSettings } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../lib/jobs.ts';
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
  | { state: 'off' }
  /** The name is known, so a look (`issue: false`) goes no further: nothing waits for it. */
  | { state: 'named' };

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
 * known (unless `issue` is false: a read only looks). Safe to call at any time and from several
 * requests at once.
 */
export async function checkCertificate(db: Db, links: CertificateLinks, enrolmentId: number, { issue = true }: { issue?: boolean } = {}): Promise<CheckResult> {
  const row = await enrolmentForCheck(db, enrolmentId);
  if (!row) return { state: 'off' };
  if (row.current !== null) return { state: 'exists' };
  const name = holderName(row.studentId === null ? row.userName : row.studentName);
  // A read only asks which enrolments wait for the name: with the name known, none does.
  if (!issue && name) return { state: 'named' };
  const outline = await loadOutline(db, { id: row.id, courseId: row.courseId });
  if (!ruleMet(row.settings, outline)) return { state: 'not_yet' };
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

/** Enrolments without a current certificate in courses whose certificate is on, narrowed by `where`. */
function withoutCertificate(db: Db, where: SQL) {
  return db
    .select({ id: userCourses.id })
    .from(userCourses)
    .innerJoin(certificateSettings, and(eq(certificateSettings.courseId, userCourses.courseId), eq(certificateSettings.enabled, true)))
    .where(
      and(
        where,
        sql`not exists (select 1 from ${certificates} c where c.course_id = ${userCourses.courseId} and c.user_id = ${userCourses.userId}
              and coalesce(c.student_id, 0) = coalesce(${userCourses.studentId}, 0) and c.replaced_at is null)`,
      ),
    );
}

/**
 * Checks every enrolment of the account in a course with certificates on and without a current
 * certificate. With `issue` (a name was saved) the earned ones are issued; without (reading my
 * certificates) nothing is written. Returns the enrolments that wait for the name.
 */
export async function checkAccount(db: Db, links: CertificateLinks, userId: number, { issue }: { issue: boolean }): Promise<number[]> {
  const waiting: number[] = [];
  for (const { id } of await withoutCertificate(db, eq(userCourses.userId, userId))) {
    const result = await checkCertificate(db, links, id, { issue });
    if (result.state === 'name_needed') waiting.push(id);
  }
  return waiting;
}

/**
 * Checks every enrolment of a course (its certificate switched on or its rule changed): those who
 * already meet the rule get theirs now, not at their next step. Returns how many were issued.
 */
export async function checkCourse(db: Db, links: CertificateLinks, courseId: number): Promise<number> {
  let issued = 0;
  for (const { id } of await withoutCertificate(db, eq(userCourses.courseId, courseId))) {
    if ((await checkCertificate(db, links, id)).state === 'issued') issued += 1;
  }
  return issued;
}

/** How far back the catch-up job looks for passed attempts: the sweep may finish one late. */
const CATCH_UP_HOURS = 24;

/**
 * Attempts the learning sweep finished (time ran out while nobody called) change progress with
 * no request to check it: this job, once per tick across processes, checks the enrolments with a
 * passed attempt finished in the last day and no certificate yet.
 */
export function certificateCatchUpJob(options: { db: Db; links: CertificateLinks; everyMs: number }): JobDefinition {
  const { db, links } = options;
  return {
    name: 'certificates.catch-up',
    everyMs: options.everyMs,
    run: async () => {
      const recent = sql`exists (select 1 from ${testAttempts} a where a.user_course_id = ${userCourses.id} and a.is_passed
        and a.finished_at > now() - make_interval(hours => ${CATCH_UP_HOURS}))`;
      let issued = 0;
      for (const { id } of await withoutCertificate(db, recent)) {
        if ((await checkCertificate(db, links, id)).state === 'issued') issued += 1;
      }
      return { issued };
    },
  };
}
