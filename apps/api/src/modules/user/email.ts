import { eq, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_TEXTS, normaliseEmail, type CodeSent, type Personal } from '@crema/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ApiError } from '../../errors.ts';
import { NOT_SIGNED_IN } from '../auth/plugin.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { sendAuthMail } from '../auth/mailer.ts';
import type { AuthService } from '../auth/service.ts';
import { getPersonal } from './service.ts';

// Changing the sign-in address (decision 0018): a code goes to the NEW address; the old one gets a
// notice once the change is made. Whether an address is taken is not told before the code is
// entered (the letter to a taken address says so instead of carrying a code).

const taken = () => ApiError.fields({ email: [EMAIL_CHANGE_TEXTS.taken] });

/** POST /api/user/email/: a code to the new address (CodeSent, the same answer for a taken one). */
export async function requestEmailChange(db: Db, auth: AuthService, actor: SignedInActor, email: string): Promise<CodeSent> {
  if (email === normaliseEmail(actor.user.email)) throw ApiError.fields({ email: [EMAIL_CHANGE_TEXTS.sameAddress] });
  const [holder] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
  return auth.sendActionCode('email_change', email, actor, Boolean(holder));
}

/** POST /api/user/email/confirm/: the right code moves the login to the new address. */
export async function confirmEmailChange(db: Db, auth: AuthService, actor: SignedInActor, email: string, code: string): Promise<Personal> {
  if (email === normaliseEmail(actor.user.email)) throw ApiError.fields({ email: [EMAIL_CHANGE_TEXTS.sameAddress] });
  try {
    await auth.withActionCode('email_change', email, code, actor, async (tx) => {
      const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.user.id)).for('update');
      if (!current) throw new ApiError('unauthenticated', NOT_SIGNED_IN);
      const [holder] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
      if (holder) throw taken();
      await tx.update(users).set({ email, emailVerifiedAt: sql`now()` }).where(eq(users.id, actor.user.id));
      await sendAuthMail(tx, { to: current.email, template: 'email_changed', data: { newEmail: email } });
    });
  } catch (error) {
    // Two accounts confirming the same address at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return getPersonal(db, actor);
}
