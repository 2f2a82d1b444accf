// Named prepared statements of the learner's hottest calls (decision 0084): the lesson page and
// the quiz answer save run a few fixed-shape queries on every call. Built once per database
// handle with placeholders, they skip Drizzle's SQL building in the process and, named,
// PostgreSQL's parsing and planning on every connection after its first few runs.
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userCourses } from '../../db/schema/index.ts';
import type { SignedInActor } from '../auth/actor.ts';

/**
 * studyScope (scopes.ts) with placeholders: `userId`, and `tokenCourse` — the one enrolment a
 * course token opens, null for an access token.
 */
export const preparedStudyScope: SQL = and(
  eq(userCourses.userId, sql.placeholder('userId')),
  eq(userCourses.isActive, true),
  or(isNull(userCourses.accessUntil), gt(userCourses.accessUntil, sql`now()`)),
  sql`(${sql.placeholder('tokenCourse')}::int is null or ${userCourses.id} = ${sql.placeholder('tokenCourse')}::int)`,
)!;

/** The values of preparedStudyScope's placeholders for an actor. */
export function studyScopeValues(actor: SignedInActor): { userId: number; tokenCourse: number | null } {
  return { userId: actor.user.id, tokenCourse: actor.userCourseId ?? null };
}

/** One prepared statement per database handle (tests open several), built on first use. */
export function perDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
