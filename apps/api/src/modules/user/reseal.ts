import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDocuments } from '../../db/schema/index.ts';
import { createSealedBox, keyIdOf, type KeyRing } from '../../lib/sealed.ts';
import { DOCUMENT_COLUMNS, contextOf, type DocumentField } from './service.ts';

// `npm run keys:reseal` (decision 0019): every sealed value not under the current key is opened
// and sealed again with it, a batch of rows at a time, so SECRET_KEY_PREVIOUS can be dropped.

export interface ResealResult {
  /** Rows looked at. */
  scanned: number;
  /** Rows whose values were re-sealed. */
  resealed: number;
  /** Rows changed by someone else between reading and writing (left; a next run takes them). */
  skipped: number;
}

/**
 * Re-seals the document values of `user_documents` with the ring's current key, in batches of
 * `batchSize` rows (keyset by user id). A row is written only if none of its values changed since
 * it was read, so a concurrent edit is never overwritten.
 */
export async function resealDocuments(db: Db, ring: KeyRing, options: { batchSize?: number; onBatch?: (result: ResealResult) => void } = {}): Promise<ResealResult> {
  const box = createSealedBox(ring);
  const batchSize = options.batchSize ?? 500;
  const result: ResealResult = { scanned: 0, resealed: 0, skipped: 0 };
  let after = 0;
  for (;;) {
    const rows = await db.select().from(userDocuments).where(gt(userDocuments.userId, after)).orderBy(asc(userDocuments.userId)).limit(batchSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      result.scanned += 1;
      const changes: Record<string, string> = {};
      const unchanged = [eq(userDocuments.userId, row.userId)];
      for (const [field, column] of Object.entries(DOCUMENT_COLUMNS) as [DocumentField, (typeof DOCUMENT_COLUMNS)[DocumentField]][]) {
        const sealed = row[column];
        if (sealed === null || keyIdOf(sealed) === ring.current) continue;
        const context = contextOf(row.userId, field);
        changes[column] = box.seal(box.open(sealed, context), context);
        unchanged.push(eq(userDocuments[column], sealed));
      }
      if (Object.keys(changes).length === 0) continue;
      const written = await db
        .update(userDocuments)
        .set({ ...changes, updatedAt: sql`${userDocuments.updatedAt}` })
        .where(and(...unchanged))
        .returning({ userId: userDocuments.userId });
      if (written.length > 0) result.resealed += 1;
      else result.skipped += 1;
    }
    after = rows.at(-1)!.userId;
    options.onBatch?.({ ...result });
  }
  return result;
}
