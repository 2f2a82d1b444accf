import { and, eq } from 'drizzle-orm';
import { CONSENT_DOCUMENT_KINDS } from '@crema/contract';
import type { Executor } from '../client.ts';
import { consentDocuments, legalDocuments } from '../schema/index.ts';
import { publishVersion } from '../../modules/legal/service.ts';
import { legalVersions } from './data/legal.ts';

const CONSENT_KINDS: readonly string[] = CONSENT_DOCUMENT_KINDS.map((k) => k.id);

/**
 * The demo texts of the legal documents (decision 0043): the first one of each kind fills the
 * migration's version 1 (and dates it, its consent twin too), later ones are published as new
 * versions, so the demo shows an earlier version of the privacy policy at its own address.
 */
export async function seedLegalDocuments(tx: Executor): Promise<void> {
  const seen = new Set<string>();
  for (const v of legalVersions) {
    const publishedAt = new Date(`${v.publishedOn}T00:00:00+03:00`);
    if (seen.has(v.kind)) {
      await publishVersion(tx, { kind: v.kind, title: v.title, body: v.body, published_at: publishedAt.toISOString() });
      continue;
    }
    seen.add(v.kind);
    await tx
      .update(legalDocuments)
      .set({ title: v.title, body: v.body, publishedAt })
      .where(and(eq(legalDocuments.kind, v.kind), eq(legalDocuments.version, 1)));
    if (CONSENT_KINDS.includes(v.kind)) {
      await tx
        .update(consentDocuments)
        .set({ publishedAt })
        .where(and(eq(consentDocuments.kind, v.kind as (typeof CONSENT_DOCUMENT_KINDS)[number]['id']), eq(consentDocuments.version, 1)));
    }
  }
}
