import { asc, eq, sql } from 'drizzle-orm';
import {
  ACCOUNT_TEXTS,
  GENDERS,
  STUDENT_TYPES,
  missingProfileFields,
  normaliseEmail,
  type Documents,
  type DocumentsPatchBody,
  type Personal,
  type PersonalPatchBody,
  type PersonalPatchResult,
  type ReferenceBooks,
} from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { statisticsSources, userDocuments, users, type User } from '../../db/schema/index.ts';
import { findOne } from '../../db/find.ts';
import { ApiError } from '../../errors.ts';
import type { SealedBox } from '../../lib/sealed.ts';
import { toCurrentUser } from '../auth/service.ts';
import { clientOf, type SignedInActor } from '../auth/actor.ts';
import { recordConsent, withdrawLive } from './consents.ts';

// Personal data and documents of the signed-in user. Every query is
// keyed by the caller's own id: there is no way to name another person's row.

export const DOCUMENT_COLUMNS = {
  passport_series: 'passportSeries',
  passport_number: 'passportNumber',
  passport_given_code: 'passportGivenCode',
  passport_given_date: 'passportGivenDate',
  passport_given_location: 'passportGivenLocation',
  snils: 'snils',
} as const satisfies Record<string, SealedColumn>;
type SealedColumn = 'passportSeries' | 'passportNumber' | 'passportGivenCode' | 'passportGivenDate' | 'passportGivenLocation' | 'snils';
export type DocumentField = keyof typeof DOCUMENT_COLUMNS;
type PlainDocuments = Record<DocumentField, string | null>;

const EMPTY_DOCUMENTS: PlainDocuments = {
  passport_series: null,
  passport_number: null,
  passport_given_code: null,
  passport_given_date: null,
  passport_given_location: null,
  snils: null,
};

/** Associated data of a sealed document value: its table, column and owner. */
export const contextOf = (userId: number, field: DocumentField) => `user_documents.${field}:${userId}`;

/** The `user_documents` column values of plain document fields, sealed (the demo seed writes them this way). */
export function sealedDocumentColumns(box: SealedBox, userId: number, plain: Record<DocumentField, string>) {
  const values: Partial<Record<SealedColumn, string>> = {};
  for (const [field, column] of Object.entries(DOCUMENT_COLUMNS) as [DocumentField, SealedColumn][]) {
    values[column] = box.seal(plain[field], contextOf(userId, field));
  }
  return values;
}

/**
 * The document fields of `userId`, each passed through `read` (null stays null): `() => 'filled'`
 * says which are filled in without opening them (all the profile calls need), `box.open` reads them.
 */
async function documentFields(db: Executor, userId: number, read: (sealed: string, field: DocumentField) => string): Promise<PlainDocuments> {
  const [row] = await db.select().from(userDocuments).where(eq(userDocuments.userId, userId));
  const fields = { ...EMPTY_DOCUMENTS };
  if (!row) return fields;
  for (const [field, column] of Object.entries(DOCUMENT_COLUMNS) as [DocumentField, SealedColumn][]) {
    const sealed = row[column];
    fields[field] = sealed === null ? null : read(sealed, field);
  }
  return fields;
}

const documentPresence = (db: Executor, userId: number) => documentFields(db, userId, () => 'filled');
export const readDocuments = (db: Executor, box: SealedBox, userId: number) =>
  documentFields(db, userId, (sealed, field) => box.open(sealed, contextOf(userId, field)));

function completeness(user: User, documents: PlainDocuments) {
  const missing = missingProfileFields({
    last_name: user.lastName,
    first_name: user.firstName,
    patronymic: user.patronymic,
    birth_date: user.birthDate,
    phone: user.phone,
    email: user.email,
    ...documents,
  });
  return { is_complete: missing.length === 0, missing_fields: missing };
}

const loadUser = (db: Db, userId: number): Promise<User> => findOne(db.select().from(users).where(eq(users.id, userId)));

export async function getPersonal(db: Db, actor: SignedInActor): Promise<Personal> {
  const userId = actor.user.id;
  const user = await loadUser(db, userId);
  return { ...toCurrentUser(user), ...completeness(user, await documentPresence(db, userId)) };
}

/**
 * A partial update of the profile. The e-mail is the sign-in login: the same address is accepted
 * (forms send every field), another one is refused until it is confirmed by a code (decision 0017).
 * `data_refusal: true` erases the documents in the same transaction and records the refusal like a
 * consent (decision 0018); `false` withdraws that record.
 */
export async function patchPersonal(db: Db, actor: SignedInActor, body: PersonalPatchBody): Promise<PersonalPatchResult> {
  const userId = actor.user.id;
  const client = clientOf(actor);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!current) throw ApiError.notFound();
    if (body.email !== undefined && (body.email === null || normaliseEmail(body.email) !== normaliseEmail(current.email))) {
      throw ApiError.fields({ email: [ACCOUNT_TEXTS.emailChangeNeedsCode] });
    }
    const changes: Partial<typeof users.$inferInsert> = {};
    if (body.last_name !== undefined) changes.lastName = body.last_name;
    if (body.first_name !== undefined) changes.firstName = body.first_name;
    if (body.patronymic !== undefined) changes.patronymic = body.patronymic;
    if (body.phone !== undefined) changes.phone = body.phone;
    if (body.address !== undefined) changes.address = body.address;
    if (body.birth_date !== undefined) changes.birthDate = body.birth_date;
    if (body.gender !== undefined) changes.gender = body.gender;
    if (body.data_refusal !== undefined) changes.dataRefusal = body.data_refusal;
    let user = current;
    if (Object.keys(changes).length > 0) {
      const [updated] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
      user = updated!;
    }
    let erased = false;
    if (body.data_refusal === true) {
      const removed = await tx.delete(userDocuments).where(eq(userDocuments.userId, userId)).returning({ userId: userDocuments.userId });
      erased = removed.length > 0;
      await recordConsent(tx, userId, 'data_refusal', client);
    } else if (body.data_refusal === false) {
      await withdrawLive(tx, userId, 'data_refusal', client);
    }
    const documents = await documentPresence(tx, userId);
    return { ...toCurrentUser(user), ...completeness(user, documents), documents_erased: erased };
  });
}

export async function getDocuments(db: Db, box: SealedBox, actor: SignedInActor): Promise<Documents> {
  const userId = actor.user.id;
  const user = await loadUser(db, userId);
  const documents = await readDocuments(db, box, userId);
  return { ...documents, data_refusal: user.dataRefusal, ...completeness(user, documents) };
}

/** A partial update of the documents: the given fields are sealed and written, the rest kept. */
export async function patchDocuments(db: Db, box: SealedBox, actor: SignedInActor, body: DocumentsPatchBody): Promise<Documents> {
  const userId = actor.user.id;
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ dataRefusal: users.dataRefusal }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw ApiError.notFound();
    const values: Partial<Record<SealedColumn, string | null>> = {};
    for (const [field, column] of Object.entries(DOCUMENT_COLUMNS) as [DocumentField, SealedColumn][]) {
      const value = body[field];
      if (value === undefined) continue;
      values[column] = value === null ? null : box.seal(value, contextOf(userId, field));
    }
    if (Object.keys(values).length === 0) return;
    if (user.dataRefusal) throw new ApiError('conflict', ACCOUNT_TEXTS.documentsRefused);
    await tx
      .insert(userDocuments)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userDocuments.userId, set: { ...values, updatedAt: sql`now()` } });
  });
  return getDocuments(db, box, actor);
}

/** The lists the account and order forms choose from. */
export async function referenceBooks(db: Db): Promise<ReferenceBooks> {
  const sources = await db
    .select({ id: statisticsSources.id, title: statisticsSources.title })
    .from(statisticsSources)
    .orderBy(asc(statisticsSources.sort), asc(statisticsSources.id));
  return {
    genders: GENDERS.map(({ id, title }) => ({ id, title })),
    student_types: STUDENT_TYPES.map(({ id, title }) => ({ id, title })),
    sources,
  };
}
