import { svedenContentSchema } from '@crema/contract';
import type { Executor } from '../client.ts';
import { svedenSections, users } from '../schema/index.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { DEMO_PASSWORD } from './data/site.ts';
import { svedenContent } from './data/sveden.ts';

/** The demo school staff member who keeps 'Сведения' up to date (staff: /api/sveden/ edits). */
export const DEMO_STAFF_EMAIL = 'staff@crema.local';

/**
 * The demo school's 'Сведения' (decision 0042), each subsection through the contract's schema, saved
 * by a demo staff account (`staff@crema.local`, the demo password).
 */
export async function seedSveden(tx: Executor): Promise<void> {
  const [staff] = await tx
    .insert(users)
    .values({ email: DEMO_STAFF_EMAIL, firstName: 'Ирина', lastName: 'Власова', isStaff: true, emailVerifiedAt: new Date(), passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  const rows = Object.entries(svedenContent).map(([key, content]) => ({ key, content: svedenContentSchema.parse(content), updatedBy: staff!.id }));
  if (rows.length) await tx.insert(svedenSections).values(rows);
}
