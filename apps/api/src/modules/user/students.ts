import { and, asc, eq, inArray } from 'drizzle-orm';
import { ACCOUNT_TEXTS, type FieldErrors, type StudentCreateBody, type StudentItem, type StudentPatchBody } from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { orderStudents, orders, students, userCourses, type Student } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { clientOf, type SignedInActor } from '../auth/actor.ts';
import { withdrawStudentConsents } from './consents.ts';

// The students an account manages. Every query names
// the caller's id next to the student's, so another account's student is a 404 like a missing one.

const STUDENT_NOT_FOUND = 'Ученик не найден.';
/** Orders that count as money taken: their students are kept for accounting. */
const PAID_STATUSES = ['paid', 'refunded'] as const;

export function toStudentItem(row: Student): StudentItem {
  return {
    id: row.id,
    student_type: row.studentType,
    last_name: row.lastName,
    first_name: row.firstName,
    patronymic: row.patronymic,
    phone: row.phone,
    email: row.email,
    date_birth: row.dateBirth,
  };
}

export type StudentValues = Required<{ [K in keyof StudentCreateBody]: Exclude<StudentCreateBody[K], undefined> | null }>;

/** The add-student rules on a whole student (after a patch is laid over the stored one), per field. */
export function checkStudent(values: StudentValues): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (values.student_type === null) add('student_type', ACCOUNT_TEXTS.studentTypeRequired);
  if (values.last_name === null) add('last_name', ACCOUNT_TEXTS.lastNameRequired);
  if (values.first_name === null) add('first_name', ACCOUNT_TEXTS.firstNameRequired);
  if (values.student_type === 'child' && values.date_birth === null) add('date_birth', ACCOUNT_TEXTS.childBirthRequired);
  if (values.student_type === 'adult') {
    if (values.phone === null) add('phone', ACCOUNT_TEXTS.phoneRequired);
    if (values.email === null) add('email', ACCOUNT_TEXTS.emailRequired);
  }
  return errors;
}

/** The caller's student, locked for the rest of the transaction (concurrent edits apply in turn), or 404. */
function ownStudentForUpdate(db: Executor, userId: number, id: number) {
  return findOne(
    db
      .select()
      .from(students)
      .where(and(eq(students.id, id), eq(students.userId, userId)))
      .for('update'),
    STUDENT_NOT_FOUND,
  );
}

export async function listStudents(db: Db, actor: SignedInActor): Promise<StudentItem[]> {
  const userId = actor.user.id;
  const rows = await db.select().from(students).where(eq(students.userId, userId)).orderBy(asc(students.id));
  return rows.map(toStudentItem);
}

export function toRow(values: StudentValues) {
  return {
    studentType: values.student_type!,
    lastName: values.last_name!,
    firstName: values.first_name!,
    patronymic: values.patronymic,
    phone: values.phone,
    email: values.email,
    dateBirth: values.date_birth,
  };
}

/** `base` with the fields `body` sends laid over it (undefined keeps, null clears). */
export function laidOver(base: StudentValues, body: StudentPatchBody): StudentValues {
  const values = { ...base };
  for (const key of Object.keys(values) as (keyof StudentValues)[]) {
    const sent = body[key];
    if (sent !== undefined) (values as Record<keyof StudentValues, unknown>)[key] = sent;
  }
  return values;
}

export const NO_STUDENT: StudentValues = {
  student_type: null,
  last_name: null,
  first_name: null,
  patronymic: null,
  phone: null,
  email: null,
  date_birth: null,
};

/** The whole student, checked by the add-student rules, or a 400 with every problem per field. */
function checked(values: StudentValues): StudentValues {
  const errors = checkStudent(values);
  if (Object.keys(errors).length > 0) throw ApiError.fields(errors);
  return values;
}

export async function createStudent(db: Db, actor: SignedInActor, body: StudentCreateBody): Promise<StudentItem> {
  const userId = actor.user.id;
  const values = checked(laidOver(NO_STUDENT, body));
  const [row] = await db
    .insert(students)
    .values({ userId, ...toRow(values) })
    .returning();
  return toStudentItem(row!);
}

export async function patchStudent(db: Db, actor: SignedInActor, id: number, body: StudentPatchBody): Promise<StudentItem> {
  const userId = actor.user.id;
  return db.transaction(async (tx) => {
    const { id: _id, ...current } = toStudentItem(await ownStudentForUpdate(tx, userId, id));
    const values = checked(laidOver(current, body));
    const [row] = await tx
      .update(students)
      .set(toRow(values))
      .where(and(eq(students.id, id), eq(students.userId, userId)))
      .returning();
    return toStudentItem(row!);
  });
}

/**
 * Deletes a student unless they have courses or paid orders (kept for the school's accounting).
 * The consents given for the student are withdrawn first; their records stay (decision 0018).
 */
export async function deleteStudent(db: Db, actor: SignedInActor, id: number): Promise<void> {
  const userId = actor.user.id;
  const client = clientOf(actor);
  await db.transaction(async (tx) => {
    // The lock also waits for an enrolment or order being written for this student (their
    // foreign keys lock the row too), so the checks below see it.
    await ownStudentForUpdate(tx, userId, id);
    const [course] = await tx.select({ id: userCourses.id }).from(userCourses).where(eq(userCourses.studentId, id)).limit(1);
    const [paid] = await tx
      .select({ id: orders.id })
      .from(orderStudents)
      .innerJoin(orders, eq(orders.id, orderStudents.orderId))
      .where(and(eq(orderStudents.studentId, id), inArray(orders.status, [...PAID_STATUSES])))
      .limit(1);
    const inUse = course ?? paid;
    if (inUse) throw new ApiError('conflict', ACCOUNT_TEXTS.studentHasCourses);
    await withdrawStudentConsents(tx, userId, id, client);
    await tx.delete(students).where(and(eq(students.id, id), eq(students.userId, userId)));
  });
}
