// The learning sweep (sweep.ts), called directly: overdue attempts finished at their deadline
// exactly once, attempts still in time left alone, expired course sessions deleted.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuizState } from '@crema/contract';
import { courseSessions, testAttempts } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCourse, buildEnrolment, buildModule, buildQuestion, buildTest, buildUser, signInAs } from '../../test/factories.ts';
import { ATTEMPT_GRACE_S } from './quiz.ts';
import { sweepLearning } from './sweep.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.database.db;

/** A learner with an attempt started (over HTTP) at a test of two single questions, the first answered right. */
async function startedAttempt(timeLimitMinutes: number | null) {
  const course = await buildCourse(db());
  const module = await buildModule(db(), { courseId: course.id });
  const test = await buildTest(db(), { courseId: course.id, moduleId: module.id, passScore: 50, timeLimitMinutes });
  const first = await buildQuestion(db(), { testId: test.id, type: 'single', sort: 1, answers: [{ isCorrect: true }, {}] });
  await buildQuestion(db(), { testId: test.id, type: 'single', sort: 2, answers: [{ isCorrect: true }, {}] });
  const user = await buildUser(db());
  const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
  const session = await signInAs(t.app, user);
  const url = `/api/user/course/${enrolment.id}/testing/${test.id}/`;
  const started = await t.app.inject({ method: 'GET', url: `${url}?clear=true`, headers: session.headers });
  const attempt = started.json<QuizState>().attempt!;
  // The attempt's own id of the right answer (answer ids are per attempt, decision 0050).
  const right = attempt.questions[0]!.answers.find((a) => a.text === first.answers[0]!.text)!.id;
  const saved = await t.app.inject({ method: 'POST', url, headers: session.headers, payload: { selected_answers: { [first.id]: [right] } } });
  expect(saved.statusCode).toBe(200);
  return { attemptId: attempt.id, enrolmentId: enrolment.id };
}

const attemptRow = async (id: number) => (await db().select().from(testAttempts).where(eq(testAttempts.id, id)))[0]!;

describe('sweepLearning', () => {
  it('finishes an attempt past its time and grace at its deadline, once, even when two sweeps run at once', async () => {
    const overdue = await startedAttempt(10);
    const inGrace = await startedAttempt(10);
    const untimed = await startedAttempt(null);
    const deadline = new Date(Date.now() - (ATTEMPT_GRACE_S + 60) * 1000);
    await db().update(testAttempts).set({ deadlineAt: deadline }).where(eq(testAttempts.id, overdue.attemptId));
    await db()
      .update(testAttempts)
      .set({ deadlineAt: new Date(Date.now() - (ATTEMPT_GRACE_S - 5) * 1000) })
      .where(eq(testAttempts.id, inGrace.attemptId));

    const runs = await Promise.all([sweepLearning(db()), sweepLearning(db())]);
    expect(runs.reduce((sum, r) => sum + r.attemptsFinished, 0)).toBe(1);

    expect(await attemptRow(overdue.attemptId)).toMatchObject({ status: 'completed', score: 50, isPassed: true, finishedAt: deadline });
    expect(await attemptRow(inGrace.attemptId)).toMatchObject({ status: 'in_progress', finishedAt: null });
    expect(await attemptRow(untimed.attemptId)).toMatchObject({ status: 'in_progress', finishedAt: null });
    expect((await sweepLearning(db())).attemptsFinished).toBe(0);
  });

  it('deletes course sessions past their expiry and keeps the live ones', async () => {
    const { enrolmentId } = await startedAttempt(null);
    const rows = await db()
      .insert(courseSessions)
      .values([
        { userCourseId: enrolmentId, tokenHash: randomUUID(), authSessionId: randomUUID(), expiresAt: new Date(Date.now() - 1000) },
        {
          userCourseId: enrolmentId,
          tokenHash: randomUUID(),
          authSessionId: randomUUID(),
          expiresAt: new Date(Date.now() - 3_600_000),
          finishedAt: new Date(Date.now() - 7_200_000),
        },
        { userCourseId: enrolmentId, tokenHash: randomUUID(), authSessionId: randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) },
      ])
      .returning({ id: courseSessions.id });
    const result = await sweepLearning(db());
    expect(result.sessionsDeleted).toBe(2);
    const left = await db().select({ id: courseSessions.id }).from(courseSessions).where(inArray(courseSessions.id, rows.map((r) => r.id)));
    expect(left).toEqual([{ id: rows[2]!.id }]);
  });
});
