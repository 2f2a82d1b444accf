// Whose statistics a call reads (decision 0033): the account holder's own enrolments, or one of
// their students' (children's). Built on learning's `heldBy` (a learner's past results stay theirs
// to read, hidden or ended courses included, as the attempt result page does, decision 0028):
// another account's student, course, test, lesson or group matches no row and answers 404.
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { students, userCourses } from '../../db/schema/index.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { heldBy } from '../learning/scopes.ts';

export const STUDENT_NOT_FOUND = 'Ученик не найден.';
export const STATISTIC_NOT_FOUND = 'Статистика не найдена: нет такого курса (группы) у вас или вашего ученика.';

export interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

/** Who is being reported on, and the condition on `user_courses` that keeps a query to their enrolments. */
export interface Learner {
  student: Person | null;
  scope: SQL;
}

/** `student` absent: the holder's own enrolments; else that student of the holder's (404 for anyone else's). */
export async function learnerOf(db: Executor, actor: SignedInActor, studentId: number | undefined): Promise<Learner> {
  if (studentId === undefined) return { student: null, scope: and(heldBy(actor), isNull(userCourses.studentId))! };
  const row = await findOne(
    db
      .select({ id: students.id, first_name: students.firstName, last_name: students.lastName })
      .from(students)
      .where(and(eq(students.id, studentId), eq(students.userId, actor.user.id))),
    STUDENT_NOT_FOUND,
  );
  return { student: row, scope: and(heldBy(actor), eq(userCourses.studentId, row.id))! };
}
