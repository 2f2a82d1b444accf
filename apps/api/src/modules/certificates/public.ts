// What learners and everyone else see of certificates (decision 0085): the learner's own list and
// PDFs, and the public verification answer — the course, the date, the holder as initials and
// surname, and whether it is valid, revoked (with the date, never the reason) or replaced (no
// word of the new one). An unknown number and a malformed one get the same 404.
import { and, asc, eq } from 'drizzle-orm';
import { holderInitials, type CertificateVerification, type MyCertificates } from '@crema/contract';
import { CERTIFICATE_TEXTS, normaliseCertificateNumber } from '@crema/contract/rules';
import type { Db } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { certificateSettings, certificates, type Certificate } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { hitRateLimit, networkOf, type RateRule } from '../../lib/rate-limit.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { checkAccount, pdfPath, verifyPath, type CertificateLinks } from './issue.ts';
import { isCertificateNumber } from './numbers.ts';
import { statusOf } from './registry.ts';
import { renderCertificatePdf } from './pdf.ts';
import { settingsImages } from './settings.ts';
import type { Storage } from '../media/storage.ts';

/** GET /api/user/certificates/: the account's certificates, and the courses whose certificate waits for the name (a read: it issues nothing). */
export async function myCertificates(db: Db, links: CertificateLinks, actor: SignedInActor): Promise<MyCertificates> {
  const nameNeeded = await checkAccount(db, links, actor.user.id, { issue: false });
  const rows = await db.select().from(certificates).where(eq(certificates.userId, actor.user.id)).orderBy(asc(certificates.issuedAt), asc(certificates.id));
  return {
    certificates: rows.map((c) => ({
      course_id: c.courseId,
      user_course_id: c.userCourseId,
      number: c.number,
      status: statusOf(c),
      issued_at: c.issuedAt.toISOString(),
      pdf_url: pdfPath(c.number),
      verify_url: `${links.publicUrl}${verifyPath(c.number)}`,
    })),
    name_needed: nameNeeded,
  };
}

/** GET /api/user/certificates/{number}/pdf/: the holder's own valid certificate as a PDF; anything else a 404. */
export async function myCertificatePdf(db: Db, storage: Storage, links: CertificateLinks, actor: SignedInActor, number: string): Promise<{ certificate: Certificate; pdf: Uint8Array }> {
  const wanted = normaliseCertificateNumber(number);
  if (!isCertificateNumber(wanted)) throw ApiError.notFound(CERTIFICATE_TEXTS.notFound);
  const row = await findOne(
    db
      .select({ certificate: certificates, settings: certificateSettings })
      .from(certificates)
      .leftJoin(certificateSettings, eq(certificateSettings.courseId, certificates.courseId))
      .where(and(eq(certificates.number, wanted), eq(certificates.userId, actor.user.id))),
    CERTIFICATE_TEXTS.notFound,
  );
  const { certificate, settings } = row;
  if (statusOf(certificate) !== 'valid') throw ApiError.notFound(CERTIFICATE_TEXTS.notFound);
  const pdf = await renderCertificatePdf({
    number: certificate.number,
    title: certificate.title,
    lastName: certificate.lastName,
    firstName: certificate.firstName,
    patronymic: certificate.patronymic,
    courseTitle: certificate.courseTitle,
    hours: certificate.hours,
    issuedAt: certificate.issuedAt,
    schoolDetails: settings?.schoolDetails ?? '',
    verifyUrl: `${links.publicUrl}${verifyPath(certificate.number)}`,
    images: settings ? await settingsImages(storage, settings) : { background: null, signature: null, stamp: null },
  });
  return { certificate, pdf };
}

/** How many numbers one network may look up: enough for people, far too few for guessing 31^12. */
export const VERIFY_LIMIT: RateRule = { limit: 30, windowS: 600 };

/**
 * GET /api/certificates/{number}/: counted per network first (a malformed number too), so the
 * answer to guessing is the same 404 until the limit, then 429.
 */
export async function verifyCertificate(db: Db, ip: string, number: string, rule: RateRule = VERIFY_LIMIT): Promise<CertificateVerification> {
  const rate = await hitRateLimit(db, `certificate_verify:${networkOf(ip)}`, rule);
  if (!rate.allowed) throw new ApiError('too_many_requests', CERTIFICATE_TEXTS.tooMany, { retryAfterS: rate.retryAfterS });
  const wanted = normaliseCertificateNumber(number);
  if (!isCertificateNumber(wanted)) throw ApiError.notFound(CERTIFICATE_TEXTS.notFound);
  const certificate = await findOne(db.select().from(certificates).where(eq(certificates.number, wanted)), CERTIFICATE_TEXTS.notFound);
  return {
    number: certificate.number,
    status: statusOf(certificate),
    course_title: certificate.courseTitle,
    title: certificate.title,
    issued_at: certificate.issuedAt.toISOString(),
    holder: holderInitials({ last_name: certificate.lastName, first_name: certificate.firstName, patronymic: certificate.patronymic }),
    revoked_at: certificate.revokedAt?.toISOString() ?? null,
    replaced_at: certificate.replacedAt?.toISOString() ?? null,
  };
}
