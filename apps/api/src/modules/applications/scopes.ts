// Who an application may be given to: the school's active staff (the role read as data, as the
// people screens do; access itself is the routes' level).
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';

/** Active staff members: an application's possible assignees. */
export const assignableStaff = and(eq(users.isStaff, true), isNull(users.blockedAt));
