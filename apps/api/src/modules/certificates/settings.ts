// A course's certificate settings in the course builder (decision 0085): the owner's own courses
// (staff every course), another owner's course a 404; the sample PDF the builder previews.
import { and, count, eq, isNull } from 'drizzle-orm';
import type { CertificateSettingsOut, CertificateSettingsValues } from '@crema/contract';
import { CERTIFICATE_DEFAULT_TITLE } from '@crema/contract/rules';
import type { Db, Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { certificateSettings, courses, tests, type CertificateSettings } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { ADMIN_TEXTS, ownedBy } from '../admin/scopes.ts';
import { assertCourseKeys } from '../admin/uploads.ts';
import { readObject, type Storage } from '../media/storage.ts';
import type { CertificateLinks } from './issue.ts';
import { verifyPath } from './issue.ts';
import { renderCertificatePdf, type CertificateContent } from './pdf.ts';

type Settings = Omit<CertificateSettings, 'updatedAt'>;

const defaults = (courseId: number): Settings => ({
  courseId,
  enabled: false,
  rule: 'all_done',
  minShare: 80,
  title: CERTIFICATE_DEFAULT_TITLE,
  hours: null,
  schoolDetails: '',
  signatureImage: null,
  stampImage: null,
  backgroundImage: null,
});

/** The actor's course (404 otherwise) with its settings, or the defaults when none are saved. */
export async function ownedSettings(db: Executor, actor: SignedInActor, courseId: number): Promise<{ course: { id: number; title: string }; settings: Settings }> {
  const course = await findOne(
    db.select({ id: courses.id, title: courses.title }).from(courses).where(and(eq(courses.id, courseId), ownedBy(actor))),
    ADMIN_TEXTS.courseNotFound,
  );
  const [saved] = await db.select().from(certificateSettings).where(eq(certificateSettings.courseId, courseId));
  return { course, settings: saved ?? defaults(courseId) };
}

async function out(db: Executor, settings: Settings): Promise<CertificateSettingsOut> {
  const [all] = await db.select({ n: count() }).from(tests).where(and(eq(tests.courseId, settings.courseId), eq(tests.isPublished, true)));
  const [finals] = await db
    .select({ n: count() })
    .from(tests)
    .where(and(eq(tests.courseId, settings.courseId), eq(tests.isPublished, true), isNull(tests.moduleId)));
  return {
    course_id: settings.courseId,
    enabled: settings.enabled,
    rule: settings.rule,
    min_share: settings.minShare,
    title: settings.title,
    hours: settings.hours,
    school_details: settings.schoolDetails,
    signature_image: settings.signatureImage,
    stamp_image: settings.stampImage,
    background_image: settings.backgroundImage,
    tests_count: all?.n ?? 0,
    final_tests_count: finals?.n ?? 0,
  };
}

export async function getSettings(db: Db, actor: SignedInActor, courseId: number): Promise<CertificateSettingsOut> {
  const { settings } = await ownedSettings(db, actor, courseId);
  return out(db, settings);
}

const IMAGE_FIELDS = [
  ['signature_image', 'signatureImage'],
  ['stamp_image', 'stampImage'],
  ['background_image', 'backgroundImage'],
] as const;

/** Saves the settings (audited); pictures must be the actor's uploads or the ones the course already has. */
export async function saveSettings(db: Db, actor: SignedInActor, courseId: number, form: CertificateSettingsValues): Promise<CertificateSettingsOut> {
  return db.transaction(async (tx) => {
    const { course, settings: before } = await ownedSettings(tx, actor, courseId);
    const problems: Record<string, string[]> = {};
    for (const [field] of IMAGE_FIELDS) {
      const key = form[field];
      if (key && /^[a-z]+:/i.test(key)) problems[field] = ['Загрузите картинку: ссылки на другие сайты не подходят.'];
    }
    if (Object.keys(problems).length) throw ApiError.fields(problems);
    // A key the settings already hold stays; a new one must be the actor's upload (or the course's).
    await assertCourseKeys(
      tx,
      actor,
      courseId,
      IMAGE_FIELDS.map(([field, column]) => [field, form[field] === before[column] ? null : form[field]]),
    );
    const values = {
      enabled: form.enabled,
      rule: form.rule,
      minShare: form.min_share,
      title: form.title,
      hours: form.hours,
      schoolDetails: form.school_details,
      signatureImage: form.signature_image || null,
      stampImage: form.stamp_image || null,
      backgroundImage: form.background_image || null,
    };
    const [saved] = await tx
      .insert(certificateSettings)
      .values({ courseId, ...values })
      .onConflictDoUpdate({ target: certificateSettings.courseId, set: values })
      .returning();
    const { courseId: _c, ...was } = before;
    const { courseId: _d, updatedAt: _u, ...now } = saved!;
    await recordAudit(tx, actor, { action: 'certificate.settings', entity: 'course', entityId: courseId, courseId, summary: course.title, before: was, after: now });
    return out(tx, saved!);
  });
}

/** The settings' pictures, read from the uploads store (a missing or unreadable one is left out). */
export async function settingsImages(storage: Storage, settings: Pick<Settings, 'signatureImage' | 'stampImage' | 'backgroundImage'>): Promise<CertificateContent['images']> {
  const read = async (key: string | null) => {
    if (!key) return null;
    try {
      return await readObject(storage, key);
    } catch {
      return null;
    }
  };
  const [background, signature, stamp] = await Promise.all([read(settings.backgroundImage), read(settings.signatureImage), read(settings.stampImage)]);
  return { background, signature, stamp };
}


/** The preview's number: not of the numbers' alphabet, so no real certificate ever has it. */
export const SAMPLE_NUMBER = 'CR-ОБРА-ЗЕЦ0-0000';

/** The builder's preview: the course's certificate with a sample name and number, never issued. */
export async function previewPdf(db: Db, storage: Storage, links: CertificateLinks, actor: SignedInActor, courseId: number): Promise<Uint8Array> {
  const { course, settings } = await ownedSettings(db, actor, courseId);
  return renderCertificatePdf({
    number: SAMPLE_NUMBER,
    title: settings.title,
    lastName: 'Иванова',
    firstName: 'Ирина',
    patronymic: 'Петровна',
    courseTitle: course.title,
    hours: settings.hours,
    issuedAt: new Date(),
    schoolDetails: settings.schoolDetails,
    verifyUrl: `${links.publicUrl}${verifyPath(SAMPLE_NUMBER)}`,
    images: await settingsImages(storage, settings),
  });
}
