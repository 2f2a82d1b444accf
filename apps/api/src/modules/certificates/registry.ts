// The certificates of a course for its owner and staff (decision 0085): the list with a search by
// number or name, revoking with a reason, reissuing after the holder's name changed. Every change
// is audited in its transaction. Another owner's course, or a certificate of another course, is a 404.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { CertificateStatus } from '@crema/contract/rules';
import { CERTIFICATE_TEXTS } from '@crema/contract/rules';
import type { IssuedCertificate, Paginated } from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { certificates, students, users, type Certificate } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { holderName } from './names.ts';
import { sendIssuedLetter, type CertificateLinks } from './issue.ts';
import { ownedSettings } from './settings.ts';
import { newCertificateNumber } from './numbers.ts';

export const PAGE_SIZE = 20;

export function statusOf(c: Pick<Certificate, 'revokedAt' | 'replacedAt'>): CertificateStatus {
  if (c.replacedAt) return 'replaced';
  if (c.revokedAt) return 'revoked';
  return 'valid';
}

const printed = (c: Pick<Certificate, 'lastName' | 'firstName' | 'patronymic'>) => [c.lastName, c.firstName, c.patronymic].filter(Boolean).join(' ');

/** The certificate's learner's name as their personal data says now (the student's for a student's enrolment). */
const currentName = {
  lastName: sql<string | null>`case when ${certificates.studentId} is null then ${users.lastName} else ${students.lastName} end`,
  firstName: sql<string | null>`case when ${certificates.studentId} is null then ${users.firstName} else ${students.firstName} end`,
  patronymic: sql<string | null>`case when ${certificates.studentId} is null then ${users.patronymic} else ${students.patronymic} end`,
};

function nameChanged(c: Certificate, now: { lastName: string | null; firstName: string | null; patronymic: string | null }): boolean {
  const name = holderName(now);
  return name !== null && (name.lastName !== c.lastName || name.firstName !== c.firstName || name.patronymic !== c.patronymic);
}

function toIssued(c: Certificate, now: { lastName: string | null; firstName: string | null; patronymic: string | null }): IssuedCertificate {
  const status = statusOf(c);
  return {
    id: c.id,
    number: c.number,
    status,
    holder: printed(c),
    issued_at: c.issuedAt.toISOString(),
    revoked_at: c.revokedAt?.toISOString() ?? null,
    revoked_reason: c.revokedReason,
    replaced_at: c.replacedAt?.toISOString() ?? null,
    name_changed: status === 'valid' && nameChanged(c, now),
  };
}

/** GET /api/admin/courses/{id}/certificates/: newest first, PAGE_SIZE a page. */
export async function listCertificates(
  db: Db,
  actor: SignedInActor,
  courseId: number,
  query: { search?: string; page: number },
  url: string,
): Promise<Paginated<IssuedCertificate>> {
  await ownedSettings(db, actor, courseId);
  const search = query.search?.trim();
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(certificates.courseId, courseId),
    like
      ? sql`(${certificates.number} ilike ${like} or concat_ws(' ', ${certificates.lastName}, ${certificates.firstName}, ${certificates.patronymic}) ilike ${like})`
      : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(certificates).where(where),
    db
      .select({ certificate: certificates, now: currentName })
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      .leftJoin(students, eq(students.id, certificates.studentId))
      .where(where)
      .orderBy(desc(certificates.issuedAt), desc(certificates.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
  ]);
  const n = total?.n ?? 0;
  return { count: n, ...pageLinks(url, query.page, PAGE_SIZE, n), results: rows.map((r) => toIssued(r.certificate, r.now)) };
}

/** One certificate of the actor's course, locked for the change, with the holder's name now and address. */
async function lockedCertificate(tx: Executor, actor: SignedInActor, courseId: number, certificateId: number) {
  const { course } = await ownedSettings(tx, actor, courseId);
  const row = await findOne(
    tx
      .select({ certificate: certificates, now: currentName, email: users.email })
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      .leftJoin(students, eq(students.id, certificates.studentId))
      .where(and(eq(certificates.id, certificateId), eq(certificates.courseId, courseId)))
      .for('update', { of: certificates }),
    CERTIFICATE_TEXTS.notFound,
  );
  return { course, ...row };
}

/** POST …/certificates/{certificateId}/revoke/: a valid certificate becomes revoked, with the reason (not shown publicly). */
export async function revokeCertificate(db: Db, actor: SignedInActor, courseId: number, certificateId: number, reason: string): Promise<IssuedCertificate> {
  return db.transaction(async (tx) => {
    const { course, certificate, now } = await lockedCertificate(tx, actor, courseId, certificateId);
    if (statusOf(certificate) !== 'valid') throw new ApiError('conflict', CERTIFICATE_TEXTS.notRevocable);
    const [revoked] = await tx
      .update(certificates)
      .set({ revokedAt: sql`now()`, revokedReason: reason, revokedById: actor.user.id })
      .where(eq(certificates.id, certificate.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'certificate.revoke',
      entity: 'certificate',
      entityId: certificate.number,
      courseId,
      summary: `${certificate.number}, ${course.title}`,
      before: { status: 'valid' },
      after: { status: 'revoked', reason },
    });
    return toIssued(revoked!, now);
  });
}

/**
 * POST …/certificates/{certificateId}/reissue/: after the holder's name changed, a new certificate
 * (a new number, today's date, the name as it is now) replaces the valid one, which is marked
 * replaced; the letter goes again. The old number's page says only that it was replaced.
 */
export async function reissueCertificate(db: Db, links: CertificateLinks, actor: SignedInActor, courseId: number, certificateId: number): Promise<IssuedCertificate> {
  return db.transaction(async (tx) => {
    const { course, certificate, now, email } = await lockedCertificate(tx, actor, courseId, certificateId);
    if (statusOf(certificate) !== 'valid') throw new ApiError('conflict', CERTIFICATE_TEXTS.notReissuable);
    const name = holderName(now);
    if (!name) throw new ApiError('conflict', CERTIFICATE_TEXTS.noName);
    if (!nameChanged(certificate, now)) throw new ApiError('conflict', CERTIFICATE_TEXTS.sameName);
    // Replaced first: the unique index allows one current certificate per learner and course.
    await tx.update(certificates).set({ replacedAt: sql`now()` }).where(eq(certificates.id, certificate.id));
    const [fresh] = await tx
      .insert(certificates)
      .values({
        number: newCertificateNumber(),
        courseId,
        userId: certificate.userId,
        studentId: certificate.studentId,
        userCourseId: certificate.userCourseId,
        ...name,
        courseTitle: certificate.courseTitle,
        title: certificate.title,
        hours: certificate.hours,
      })
      .returning();
    await tx.update(certificates).set({ replacedById: fresh!.id }).where(eq(certificates.id, certificate.id));
    await sendIssuedLetter(tx, links, email, fresh!);
    await recordAudit(tx, actor, {
      action: 'certificate.reissue',
      entity: 'certificate',
      entityId: fresh!.number,
      courseId,
      summary: `${certificate.number} → ${fresh!.number}, ${course.title}`,
      before: { number: certificate.number, last_name: certificate.lastName, first_name: certificate.firstName, patronymic: certificate.patronymic },
      after: { number: fresh!.number, last_name: name.lastName, first_name: name.firstName, patronymic: name.patronymic },
    });
    return toIssued(fresh!, now);
  });
}
