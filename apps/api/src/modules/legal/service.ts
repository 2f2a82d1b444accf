// Legal documents with versions (decision 0043): the texts, their pages' data and the
// staff's publishing of a new version. A version is never changed once written; the current one
// of a kind is the newest in force (published_at <= now()); a later one can be prepared ahead.
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import {
  CONSENT_DOCUMENT_KINDS,
  LEGAL_DOCUMENTS,
  LEGAL_TEXTS,
  legalDocumentPath,
  legalSlugOf,
  legalVersionPath,
  type LegalDocument,
  type LegalDocumentKind,
  type LegalDocumentList,
  type LegalPublishBody,
} from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { consentDocuments, legalDocuments, type LegalDocumentRow } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';

const inForce = () => lte(legalDocuments.publishedAt, sql`now()`);

function kindOfSlug(slug: string): LegalDocumentKind {
  const found = LEGAL_DOCUMENTS.find((d) => d.slug === slug);
  if (!found) throw ApiError.notFound(LEGAL_TEXTS.notFound);
  return found.kind;
}

/** The current version of every document that has one, in the order of LEGAL_DOCUMENTS. */
export async function listLegalDocuments(db: Executor): Promise<LegalDocumentList> {
  const rows = await db
    .selectDistinctOn([legalDocuments.kind])
    .from(legalDocuments)
    .where(inForce())
    .orderBy(legalDocuments.kind, desc(legalDocuments.version));
  return LEGAL_DOCUMENTS.flatMap((doc) => {
    const row = rows.find((r) => r.kind === doc.kind);
    return row
      ? [{ kind: doc.kind, slug: doc.slug, title: row.title, version: row.version, published_at: row.publishedAt.toISOString(), url: legalDocumentPath(doc.slug) }]
      : [];
  });
}

/**
 * One document's page: the current version (version omitted) or the one asked for, with the list
 * of versions in force. A version not yet in force is a 404 to everyone: it is not published yet.
 */
export async function getLegalDocument(db: Executor, slug: string, version?: number): Promise<LegalDocument> {
  const kind = kindOfSlug(slug);
  const rows = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.kind, kind), inForce()))
    .orderBy(desc(legalDocuments.version));
  const current = rows[0];
  if (!current) throw ApiError.notFound(LEGAL_TEXTS.notFound);
  const row = version === undefined ? current : rows.find((r) => r.version === version);
  if (!row) throw ApiError.notFound(LEGAL_TEXTS.versionNotFound);
  return toDocument(row, current.version, rows);
}

function toDocument(row: LegalDocumentRow, currentVersion: number | null, rows: LegalDocumentRow[]): LegalDocument {
  const slug = legalSlugOf(row.kind);
  return {
    kind: row.kind,
    slug,
    version: row.version,
    title: row.title,
    body: row.body,
    published_at: row.publishedAt.toISOString(),
    url: legalVersionPath(slug, row.version),
    is_current: row.version === currentVersion,
    current_version: currentVersion,
    versions: rows.map((r) => ({ version: r.version, title: r.title, published_at: r.publishedAt.toISOString(), url: legalVersionPath(slug, r.version) })),
  };
}

const CONSENT_KINDS: readonly string[] = CONSENT_DOCUMENT_KINDS.map((k) => k.id);

/**
 * Writes the next version of a document. For a consent kind the consent register gets its twin
 * (same number, date and the version's page), so consents given from then on point to it.
 */
export async function publishVersion(
  db: Executor,
  input: LegalPublishBody & { createdBy?: number | null },
): Promise<LegalDocumentRow> {
  // One publisher at a time per kind: the next number is read under the lock.
  await db.execute(sql`select pg_advisory_xact_lock(727015, hashtext(${input.kind}))`);
  const [last] = await db
    .select({ version: legalDocuments.version })
    .from(legalDocuments)
    .where(eq(legalDocuments.kind, input.kind))
    .orderBy(desc(legalDocuments.version))
    .limit(1);
  const version = (last?.version ?? 0) + 1;
  const publishedAt = input.published_at ? new Date(input.published_at) : new Date();
  const [row] = await db
    .insert(legalDocuments)
    .values({ kind: input.kind, version, title: input.title, body: input.body, publishedAt, createdBy: input.createdBy ?? null })
    .returning();
  if (CONSENT_KINDS.includes(input.kind)) {
    await db.insert(consentDocuments).values({
      kind: input.kind as (typeof CONSENT_DOCUMENT_KINDS)[number]['id'],
      version,
      title: input.title,
      url: legalVersionPath(legalSlugOf(input.kind), version),
      publishedAt,
    });
  }
  return row!;
}

/** POST /api/admin/documents/: staff only (the route's `staff` level; a StaffActor says so here). */
export async function publishByStaff(db: Db, actor: StaffActor, body: LegalPublishBody): Promise<LegalDocument> {
  const row = await db.transaction(async (tx) => {
    const made = await publishVersion(tx, { ...body, createdBy: actor.user.id });
    await recordAudit(tx, actor, {
      action: 'legal.publish',
      entity: 'document',
      entityId: `${made.kind}/${made.version}`,
      summary: `${made.title}, редакция ${made.version}`,
      after: { kind: made.kind, version: made.version, title: made.title, published_at: made.publishedAt, body: made.body },
    });
    return made;
  });
  const rows = await db.select().from(legalDocuments).where(and(eq(legalDocuments.kind, row.kind), inForce())).orderBy(desc(legalDocuments.version));
  return toDocument(row, rows[0]?.version ?? null, rows);
}
