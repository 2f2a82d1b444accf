// Test data built per test, so API tests say what they need instead of leaning on the demo seed.
// Every builder takes the database (or a transaction) and overrides, fills the rest with valid,
// unique values, inserts, and returns the row as Drizzle reads it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';
import {
  categories,
  courses,
  userCourses,
  users,
  type Category,
  type Course,
  type User,
  type UserCourse,
} from '../db/schema/index.ts';
import { csrfTokenFor } from '../modules/auth/plugin.ts';
import { AccessTokens, issueRefreshToken } from '../modules/auth/tokens.ts';

let sequence = 0;
/** A value unique within the test run (and across files: the random part). */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}`;
}

/** A person with an account (no password: code sign-in only unless `passwordHash` is given). */
export async function buildUser(db: Executor, overrides: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  const [row] = await db
    .insert(users)
    .values({ email: `${unique('user')}@example.ru`, emailVerifiedAt: new Date(), ...overrides })
    .returning();
  return row!;
}

/** A course owner: may use /api/admin/ for the courses they own. */
export function buildOwner(db: Executor, overrides: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  return buildUser(db, { isCourseOwner: true, ...overrides });
}

/** A catalogue category. */
export async function buildCategory(db: Executor, overrides: Partial<typeof categories.$inferInsert> = {}): Promise<Category> {
  const slug = overrides.slug ?? unique('category');
  const [row] = await db
    .insert(categories)
    .values({ name: `Категория ${slug}`, slug, audience: 'adult', ...overrides })
    .returning();
  return row!;
}

export interface CourseOverrides extends Partial<typeof courses.$inferInsert> {
  /** Shorthand for `isPublished` (default true: most tests look at public courses). */
  published?: boolean;
}

/** A course (published unless `published: false`), in a new category unless `categoryId` is given. */
export async function buildCourse(db: Executor, overrides: CourseOverrides = {}): Promise<Course> {
  const { published = true, ...rest } = overrides;
  const categoryId = rest.categoryId ?? (await buildCategory(db, { audience: rest.isKids ? 'kids' : 'adult' })).id;
  const slug = rest.slug ?? unique('course');
  const [row] = await db
    .insert(courses)
    .values({ title: `Курс ${slug}`, slug, isPublished: published, priceKopecks: 1_000_000, ...rest, categoryId })
    .returning();
  return row!;
}

/** Access of a user to a course (an enrolment), as a paid order or an invitation would grant it. */
export async function buildEnrolment(
  db: Executor,
  values: { userId: number; courseId: number } & Partial<typeof userCourses.$inferInsert>,
): Promise<UserCourse> {
  const [row] = await db.insert(userCourses).values(values).returning();
  return row!;
}

/** What `signInAs` returns: headers to spread into `app.inject` and the session's id. */
export interface TestSession {
  /** `JWT-ACCESS-TOKEN: Bearer …`, as API clients send it. */
  headers: Record<string, string>;
  /** The site's way: session cookies plus the CSRF header unsafe calls need. */
  cookieHeaders: Record<string, string>;
  sessionId: string;
  access: string;
  refresh: string;
}

/** Opens a real session for `user` (a refresh-token family and an access token), as a sign-in would. */
export async function signInAs(app: FastifyInstance, user: Pick<User, 'id'>): Promise<TestSession> {
  const { config, db } = app.deps;
  const refresh = await issueRefreshToken(db, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  const access = await new AccessTokens(config).issue({ userId: user.id, sessionId: refresh.familyId });
  const csrf = csrfTokenFor(config, refresh.familyId);
  return {
    headers: { 'jwt-access-token': `Bearer ${access}` },
    cookieHeaders: {
      cookie: `crema_access=${access}; crema_refresh=${refresh.token}; crema_csrf=${csrf}`,
      'x-csrf-token': csrf,
    },
    sessionId: refresh.familyId,
    access,
    refresh: refresh.token,
  };
}
