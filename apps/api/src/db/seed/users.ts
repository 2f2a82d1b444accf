// The demo accounts: two course owners and a student, all with the demo password; the student's
// documents (sealed), an adult student and consents.
import { eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import * as s from '../schema/index.ts';
import { DEMO_PASSWORD, demoOwner, demoOwner2, demoStudent } from './data/site.ts';
import { required } from './helpers.ts';
import { createSealedBox, personalDataKeyRing } from '../../lib/sealed.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { sealedDocumentColumns } from '../../modules/user/service.ts';

/** Creates the demo owners and student; returns their ids. */
export async function seedDemoAccounts(tx: Executor): Promise<{ ownerId: number; owner2Id: number; studentId: number }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [owner] = await tx.insert(s.users).values({ ...demoOwner, passwordHash }).returning({ id: s.users.id });
  const [owner2] = await tx.insert(s.users).values({ ...demoOwner2, passwordHash }).returning({ id: s.users.id });
  const [student] = await tx
    .insert(s.users)
    .values({ ...demoStudent.profile, passwordHash })
    .returning({ id: s.users.id });
  const ownerId = required(owner).id;
  const studentId = required(student).id;
  return { ownerId, owner2Id: required(owner2).id, studentId };
}

/**
 * The demo student's complete profile: documents sealed with the key the app derives from the same
 * SECRET_KEY, an adult student, and consent records — the holder's own (personal data, privacy
 * policy) and the consent for each student: a parent's for the child, the adult's personal-data one.
 */
export async function seedDemoPersonalData(tx: Executor, studentId: number, secretKey: string): Promise<void> {
  const box = createSealedBox(personalDataKeyRing(secretKey));
  await tx.insert(s.userDocuments).values({ userId: studentId, ...sealedDocumentColumns(box, studentId, demoStudent.documents) });
  await tx.insert(s.students).values({ userId: studentId, studentType: 'adult', ...demoStudent.adult });
  const managed = await tx
    .select({
      id: s.students.id,
      type: s.students.studentType,
      lastName: s.students.lastName,
      firstName: s.students.firstName,
      patronymic: s.students.patronymic,
    })
    .from(s.students)
    .where(eq(s.students.userId, studentId));
  await tx.insert(s.consents).values([
    { userId: studentId, kind: 'personal_data', version: 1 },
    { userId: studentId, kind: 'privacy_policy', version: 1 },
    ...managed.map((student) => ({
      userId: studentId,
      // A parent's consent for a child is a document of its own (decision 0046).
      kind: student.type === 'child' ? ('child_personal_data' as const) : ('personal_data' as const),
      version: 1,
      studentId: student.id,
      studentName: [student.lastName, student.firstName, student.patronymic].filter(Boolean).join(' '),
    })),
  ]);
}
