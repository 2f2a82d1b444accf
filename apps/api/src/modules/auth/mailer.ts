// The one place sign-in sends mail through, so a change of the mail module touches one file.
import type { Executor } from '../../db/client.ts';
import { sendTemplate, type TemplateMail } from '../mail/service.ts';

/**
 * Queues a sign-in letter inside the caller's transaction: a code or link exists exactly when
 * its letter does.
 */
export async function sendAuthMail(tx: Executor, message: TemplateMail): Promise<void> {
  await sendTemplate(tx, message);
}
