import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CONSENT_TEXTS,
  RECONSENT_ACTIONS,
  consentKindTitle,
  legalDocumentPath,
  legalSlugOf,
  type ConsentCreateBody,
  type ConsentDocumentKind,
  type ConsentItem,
  type Consents,
  type PendingConsent,
  type ReconsentKind,
} from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { consentDocuments, consents, students, type Consent } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { clientOf, type SignedInActor } from '../auth/actor.ts';
import type { ClientInfo } from '../auth/tokens.ts';

// Consents as records (152-ФЗ, decision 0018). A record is written once; only its withdrawal
// fields are set later. Every query names the caller's id, so another account's record is a 404.

type CurrentDocument = { kind: ConsentDocumentKind; title: string; version: number; url: string; publishedAt: Date };

/** The current (newest published) version of each consent document, in the order of CONSENT_DOCUMENT_KINDS. */
export async function currentDocuments(db: Executor): Promise<CurrentDocument[]> {
  const rows = await db
    .selectDistinctOn([consentDocuments.kind], {
      kind: consentDocuments.kind,
      title: consentDocuments.title,
      version: consentDocuments.version,
      url: consentDocuments.url,
      publishedAt: consentDocuments.publishedAt,
    })
    .from(consentDocuments)
    .where(sql`${consentDocuments.publishedAt} <= now()`)
    .orderBy(consentDocuments.kind, desc(consentDocuments.version));
  return rows.filter((row): row is CurrentDocument => row.kind !== 'data_refusal');
}

async function currentDocument(db: Executor, kind: ConsentDocumentKind): Promise<CurrentDocument> {
  const found = (await currentDocuments(db)).find((d) => d.kind === kind);
  if (!found) throw new ApiError('conflict', CONSENT_TEXTS.documentMissing);
  return found;
}

function toItem(row: Consent, current: CurrentDocument[]): ConsentItem {
  const currentVersion = current.find((d) => d.kind === row.kind)?.version;
  return {
    id: row.id,
    kind: row.kind,
    title: consentKindTitle(row.kind),
    version: row.version,
    student_id: row.studentId,
    student_name: row.studentName,
    given_at: row.givenAt.toISOString(),
    withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
    is_current_version: row.version === null || row.version === currentVersion,
  };
}

/** The caller's records, newest first, with the current documents (GET /api/user/consents/). */
export async function listConsents(db: Db, actor: SignedInActor): Promise<Consents> {
  const userId = actor.user.id;
  const documents = await currentDocuments(db);
  const rows = await db.select().from(consents).where(eq(consents.userId, userId)).orderBy(desc(consents.givenAt), desc(consents.id));
  return {
    documents: documents.map(({ kind, title, version, url }) => ({ kind, title, version, url })),
    consents: rows.map((row) => toItem(row, documents)),
  };
}

const RECONSENT_KINDS = Object.keys(RECONSENT_ACTIONS) as ReconsentKind[];

/**
 * GET /api/user/consents/pending/ (decision 0046): the caller's live consents given to an older
 * version of a document that has a newer one in force — the consent to processing (their own and
 * each child's) to accept anew, the privacy policy to be told about. A withdrawn consent is not
 * asked again; nothing is taken away until the person answers.
 */
export async function pendingConsents(db: Executor, actor: SignedInActor): Promise<PendingConsent[]> {
  const userId = actor.user.id;
  const documents = await currentDocuments(db);
  const rows = await db
    .select()
    .from(consents)
    .where(and(eq(consents.userId, userId), inArray(consents.kind, RECONSENT_KINDS), isNull(consents.withdrawnAt)))
    .orderBy(consents.givenAt, consents.id);
  const order = (kind: string) => RECONSENT_KINDS.indexOf(kind as ReconsentKind);
  return rows
    .flatMap((row): PendingConsent[] => {
      const current = documents.find((d) => d.kind === row.kind);
      if (!current || row.version === null || row.version >= current.version) return [];
      const kind = row.kind as ReconsentKind;
      return [
        {
          kind,
          action: RECONSENT_ACTIONS[kind],
          title: current.title,
          consent_id: row.id,
          given_version: row.version,
          version: current.version,
          published_at: current.publishedAt.toISOString(),
          url: current.url,
          versions_url: legalDocumentPath(legalSlugOf(kind)),
          student_id: row.studentId,
          student_name: row.studentName,
        },
      ];
    })
    .sort((a, b) => order(a.kind) - order(b.kind));
}

/** The consent records of one user, as the data download shows them. */
export async function consentRecords(db: Executor, userId: number) {
  const documents = await currentDocuments(db);
  const rows = await db.select().from(consents).where(eq(consents.userId, userId)).orderBy(desc(consents.givenAt), desc(consents.id));
  return rows.map((row) => ({
    ...toItem(row, documents),
    ip: row.ip,
    user_agent: row.userAgent,
    withdrawn_ip: row.withdrawnIp,
    withdrawn_user_agent: row.withdrawnUserAgent,
  }));
}

const liveOf = (userId: number, kind: Consent['kind'], studentId: number | null) =>
  and(
    eq(consents.userId, userId),
    eq(consents.kind, kind),
    studentId === null ? isNull(consents.studentId) : eq(consents.studentId, studentId),
    isNull(consents.withdrawnAt),
  );

function withdrawal(client: ClientInfo) {
  return { withdrawnAt: sql`now()`, withdrawnIp: client.ip ?? null, withdrawnUserAgent: client.userAgent ?? null };
}

/**
 * Writes a live record of `kind` for the current version of its document (or for data_refusal,
 * none). A live record for the current version is kept and returned (`created: false`); one for an
 * older version is withdrawn and superseded. Two concurrent calls end with one live record: the
 * partial unique index lets one insert through, the other reads it back.
 */
export async function recordConsent(
  tx: Executor,
  userId: number,
  kind: Consent['kind'],
  client: ClientInfo,
  student: { id: number; name: string } | null = null,
  expectedVersion?: number,
): Promise<{ row: Consent; created: boolean }> {
  const version = kind === 'data_refusal' ? null : (await currentDocument(tx, kind)).version;
  // The person read one version; if a newer one came into force meanwhile, they have not read it.
  if (expectedVersion !== undefined && expectedVersion !== version) throw new ApiError('conflict', CONSENT_TEXTS.versionOutdated);
  const where = liveOf(userId, kind, student?.id ?? null);
  const [live] = await tx.select().from(consents).where(where).for('update');
  if (live && live.version === version) return { row: live, created: false };
  if (live) await tx.update(consents).set(withdrawal(client)).where(eq(consents.id, live.id));
  const [inserted] = await tx
    .insert(consents)
    .values({
      userId,
      kind,
      version,
      studentId: student?.id ?? null,
      studentName: student?.name ?? null,
      ip: client.ip ?? null,
      userAgent: client.userAgent ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  // A concurrent call wrote the live record first (and has committed: the insert waited for it).
  const [winner] = await tx.select().from(consents).where(where);
  if (!winner) throw new Error('consent insert conflicted but no live record is there');
  return { row: winner, created: false };
}

/** Withdraws the live records of `kind` (for the holder, or for one student), e.g. when a refusal is taken back. */
export async function withdrawLive(tx: Executor, userId: number, kind: Consent['kind'], client: ClientInfo, studentId: number | null = null) {
  await tx.update(consents).set(withdrawal(client)).where(liveOf(userId, kind, studentId));
}

/** Withdraws every live record of one student of the user (the student is being deleted). */
export async function withdrawStudentConsents(tx: Executor, userId: number, studentId: number, client: ClientInfo) {
  await tx
    .update(consents)
    .set(withdrawal(client))
    .where(and(eq(consents.userId, userId), eq(consents.studentId, studentId), isNull(consents.withdrawnAt)));
}

/** Withdraws every live record of the user (the account is being deleted). */
export async function withdrawAllConsents(tx: Executor, userId: number, client: ClientInfo) {
  await tx
    .update(consents)
    .set(withdrawal(client))
    .where(and(eq(consents.userId, userId), isNull(consents.withdrawnAt)));
}

/**
 * POST /api/user/consents/: 201 with a new record, 200 with the live one for the current version.
 * For a student: a child gets the parent's consent (child_personal_data), an adult the consent to
 * processing given with their agreement (personal_data). `version`, when sent, must be the current one.
 */
export async function giveConsent(db: Db, actor: SignedInActor, body: ConsentCreateBody) {
  const userId = actor.user.id;
  const client = clientOf(actor);
  const studentId = body.student_id ?? null;
  if (studentId !== null && body.kind !== 'personal_data' && body.kind !== 'child_personal_data') {
    throw ApiError.fields({ student_id: [CONSENT_TEXTS.studentOnlyPersonalData] });
  }
  if (studentId === null && body.kind === 'child_personal_data') {
    throw ApiError.fields({ student_id: [CONSENT_TEXTS.childNeedsStudent] });
  }
  return db.transaction(async (tx) => {
    let student: { id: number; name: string } | null = null;
    if (studentId !== null) {
      // Shared lock: the student cannot be deleted until this consent is written.
      const row = await findOne(
        tx
          .select({
            id: students.id,
            type: students.studentType,
            lastName: students.lastName,
            firstName: students.firstName,
            patronymic: students.patronymic,
          })
          .from(students)
          .where(and(eq(students.id, studentId), eq(students.userId, userId), isNull(students.anonymisedAt)))
          .for('share'),
        'Ученик не найден.',
      );
      if (row.type === 'child' && body.kind !== 'child_personal_data') throw ApiError.fields({ kind: [CONSENT_TEXTS.childKindForChild] });
      if (row.type !== 'child' && body.kind === 'child_personal_data') throw ApiError.fields({ kind: [CONSENT_TEXTS.childKindOnlyChild] });
      student = { id: row.id, name: [row.lastName, row.firstName, row.patronymic].filter(Boolean).join(' ') };
    }
    const { row, created } = await recordConsent(tx, userId, body.kind, client, student, body.version);
    // An adult student turned into a child: the parent's consent supersedes the one given as an adult's.
    if (created && student && body.kind === 'child_personal_data') await withdrawLive(tx, userId, 'personal_data', client, student.id);
    return { item: toItem(row, await currentDocuments(tx)), created };
  });
}

/** POST /api/user/consents/{id}/withdraw/: the caller's live record gets its withdrawal; 409 if withdrawn already. */
export async function withdrawConsent(db: Db, actor: SignedInActor, id: number): Promise<ConsentItem> {
  const userId = actor.user.id;
  const client = clientOf(actor);
  return db.transaction(async (tx) => {
    const row = await findOne(
      tx
        .select()
        .from(consents)
        .where(and(eq(consents.id, id), eq(consents.userId, userId)))
        .for('update'),
      CONSENT_TEXTS.notFound,
    );
    if (row.withdrawnAt) throw new ApiError('conflict', CONSENT_TEXTS.alreadyWithdrawn);
    const [updated] = await tx.update(consents).set(withdrawal(client)).where(eq(consents.id, id)).returning();
    return toItem(updated!, await currentDocuments(tx));
  });
}
