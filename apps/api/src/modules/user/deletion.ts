import { createHmac } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { DELETION_TEXTS, normaliseEmail, type CodeSent } from '@crema/contract';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import {
  accountDeletions,
  calendarFeeds,
  consents,
  courses,
  feedbackSubmissions,
  mailOutbox,
  orderStudents,
  scheduleVisits,
  socialAccounts,
  students,
  userCourses,
  userDocuments,
  users,
} from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { NOT_SIGNED_IN } from '../auth/plugin.ts';
import { deriveKey } from '../../lib/keys.ts';
import type { SignedInActor } from '../auth/actor.ts';
import type { AuthService } from '../auth/service.ts';
import { clientOf } from '../auth/service.ts';
import type { ClientInfo } from '../auth/tokens.ts';
import { revokeUserSessions } from '../auth/tokens.ts';
import { withdrawAllConsents } from './consents.ts';

// Account deletion (decision 0018): confirmed by a code mailed to the account's address, done in
// one transaction, logged in account_deletions without the address in clear.

/** The address a deleted account is left with: unique, and undeliverable by definition (RFC 2606). */
export const deletedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

/** What the name fields of a student kept for accounting say once the account is deleted. */
const ANONYMISED_NAME = 'Удалён';

export class AccountDeletionService {
  private readonly emailKey: Buffer;

  constructor(
    private readonly deps: AppDeps,
    private readonly auth: AuthService,
  ) {
    this.emailKey = deriveKey(deps.config.secretKey, 'deleted-email');
  }

  /** A keyed hash of a lower-cased address: tells "this address was deleted" without keeping it. */
  emailHash(email: string): string {
    return createHmac('sha256', this.emailKey).update(normaliseEmail(email)).digest('hex');
  }

  /** POST /api/user/delete/code/: the code goes to the account's own address. */
  async sendCode(actor: SignedInActor): Promise<CodeSent> {
    await ensureNoOwnCourses(this.deps.db, actor.user.id);
    const sent = await this.auth.sendActionCode('account_delete', normaliseEmail(actor.user.email), actor);
    return { ...sent, detail: DELETION_TEXTS.codeSent };
  }

  /** POST /api/user/delete/: checks the code, then anonymises the account in one transaction. */
  async deleteAccount(actor: SignedInActor, code: string): Promise<void> {
    // Said before any guess is counted; checked again under the row lock below.
    await ensureNoOwnCourses(this.deps.db, actor.user.id);
    await this.auth.withActionCode('account_delete', normaliseEmail(actor.user.email), code, actor, (tx) =>
      this.anonymise(tx, actor.user.id, clientOf(actor)),
    );
  }

  /**
   * Anonymises the account in the caller's transaction: by its owner (after the code), or by staff
   * carrying out a deletion request (`client` is then the staff member's, written on the withdrawn
   * consents and the deletion record).
   */
  async anonymise(tx: Executor, userId: number, client: ClientInfo): Promise<void> {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new ApiError('unauthenticated', NOT_SIGNED_IN);
    await ensureNoOwnCourses(tx, userId);

    // Consents: withdrawn, and kept as records of what was agreed to, without the students' names.
    await withdrawAllConsents(tx, userId, client);
    await tx.update(consents).set({ studentName: null }).where(eq(consents.userId, userId));

    // Students named in orders or enrolments stay (accounting, learning records), without personal fields.
    const usedByOrder = sql`exists (select 1 from ${orderStudents} where ${orderStudents.studentId} = ${students.id})`;
    const usedByCourse = sql`exists (select 1 from ${userCourses} where ${userCourses.studentId} = ${students.id})`;
    await tx
      .update(students)
      .set({
        lastName: ANONYMISED_NAME,
        firstName: ANONYMISED_NAME,
        patronymic: null,
        phone: null,
        email: null,
        dateBirth: null,
        anonymisedAt: sql`now()`,
      })
      .where(and(eq(students.userId, userId), or(usedByOrder, usedByCourse)));
    await tx.delete(students).where(and(eq(students.userId, userId), isNull(students.anonymisedAt)));

    await tx.delete(userDocuments).where(eq(userDocuments.userId, userId));
    await tx.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
    // The personal calendar's secret URL ends with the account (decision 0031).
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    await tx.delete(scheduleVisits).where(eq(scheduleVisits.userId, userId));
    await tx.delete(feedbackSubmissions).where(eq(feedbackSubmissions.userId, userId));
    // The mail log to the address (letters already handled; a pending one is still delivered).
    await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${user.email}) and ${mailOutbox.status} <> 'pending'`);
    await tx
      .update(users)
      .set({
        email: deletedEmail(userId),
        passwordHash: null,
        lastName: null,
        firstName: null,
        patronymic: null,
        phone: null,
        address: null,
        birthDate: null,
        gender: null,
        isCourseOwner: false,
        isQuestionnaireCompleted: false,
        dataRefusal: false,
        emailVerifiedAt: null,
        lastLoginAt: null,
      })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
    await tx.insert(accountDeletions).values({
      userId,
      emailHash: this.emailHash(user.email),
      ip: client.ip ?? null,
      userAgent: client.userAgent ?? null,
    });
  }
}

/** A course owner with courses cannot delete the account: the courses need an owner (409). */
export async function ensureNoOwnCourses(db: Executor, userId: number): Promise<void> {
  const [owned] = await db.select({ id: courses.id }).from(courses).where(eq(courses.ownerId, userId)).limit(1);
  if (owned) throw new ApiError('conflict', DELETION_TEXTS.ownerHasCourses);
}
