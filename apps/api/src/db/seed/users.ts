// The demo accounts: a course owner and a student, both with the demo password.
import type { Executor } from '../client.ts';
import * as s from '../schema/index.ts';
import { DEMO_PASSWORD, demoOwner, demoStudent } from './data/site.ts';
import { required } from './helpers.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';

/** Creates the demo owner and student; returns their ids. */
export async function seedDemoAccounts(tx: Executor): Promise<{ ownerId: number; studentId: number }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [owner] = await tx.insert(s.users).values({ ...demoOwner, passwordHash }).returning({ id: s.users.id });
  const [student] = await tx
    .insert(s.users)
    .values({ ...demoStudent.profile, passwordHash })
    .returning({ id: s.users.id });
  const ownerId = required(owner).id;
  const studentId = required(student).id;
  return { ownerId, studentId };
}
