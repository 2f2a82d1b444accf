// The learners' evening's data, in the run's own database: a course with a lesson and a module
// test of 16 single-choice questions, and N learners enrolled in it, each with a password. Rows go
// in by the thousand; the password's argon2 hash is computed once and shared.
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../apps/api/src/db/client.ts';
import { testAttempts, userCourses, users } from '../../apps/api/src/db/schema/index.ts';
import { hashPassword } from '../../apps/api/src/modules/auth/passwords.ts';
import { buildCourse, buildLesson, buildLessonBlock, buildModule, buildQuestion, buildTest, buildUser } from '../../apps/api/src/test/factories.ts';

export const QUESTIONS = 16;
export const LOAD_PASSWORD = 'load-evening-2026';

export interface Learner {
  index: number;
  email: string;
  userId: number;
  enrolmentId: number;
}

export interface Evening {
  courseId: number;
  moduleId: number;
  lessonId: number;
  testId: number;
  learners: Learner[];
}

const CHUNK = 1000;

export async function createEvening(db: Executor, count: number): Promise<Evening> {
  const owner = await buildUser(db, { isCourseOwner: true, email: 'load-owner@example.ru' });
  const course = await buildCourse(db, { ownerId: owner.id, title: 'Вечерний курс: эспрессо' });
  const module = await buildModule(db, { courseId: course.id, title: 'Модуль 1. Экстракция' });
  const lesson = await buildLesson(db, { moduleId: module.id, title: 'Урок 1. Помол и время' });
  for (let i = 0; i < 3; i++) {
    await buildLessonBlock(db, {
      lessonId: lesson.id,
      sort: i,
      data: { html: `<p>Абзац ${i + 1}: эспрессо готовят 25–30 секунд при давлении 9 бар; помол подбирают под время пролива.</p>` },
    });
  }
  const test = await buildTest(db, { courseId: course.id, moduleId: module.id, name: 'Тест по модулю 1', passScore: 60 });
  for (let i = 0; i < QUESTIONS; i++) {
    await buildQuestion(db, {
      testId: test.id,
      type: 'single',
      sort: i,
      text: `Вопрос ${i + 1}: сколько секунд длится пролив эспрессо?`,
      answers: [
        { text: '5–10', isCorrect: false },
        { text: '25–30', isCorrect: true },
        { text: '60–90', isCorrect: false },
        { text: '120', isCorrect: false },
      ],
    });
  }

  const passwordHash = await hashPassword(LOAD_PASSWORD);
  const learners: Learner[] = [];
  for (let from = 0; from < count; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - from) }, (_, i) => ({
      email: learnerEmail(from + i),
      emailVerifiedAt: new Date(),
      passwordHash,
      firstName: 'Ученик',
      lastName: `Вечерний ${from + i + 1}`,
    }));
    const made = await db.insert(users).values(rows).returning({ id: users.id, email: users.email });
    const enrolled = await db
      .insert(userCourses)
      .values(made.map((u) => ({ userId: u.id, courseId: course.id })))
      .returning({ id: userCourses.id, userId: userCourses.userId });
    const byUser = new Map(enrolled.map((e) => [e.userId, e.id]));
    for (const u of made) learners.push({ index: learners.length, email: u.email, userId: u.id, enrolmentId: byUser.get(u.id)! });
  }
  return { courseId: course.id, moduleId: module.id, lessonId: lesson.id, testId: test.id, learners };
}

export function learnerEmail(index: number): string {
  return `load-learner-${String(index + 1).padStart(5, '0')}@example.ru`;
}

/** What each learner was told was saved: per attempt, question id → the `seq` acknowledged, and a finish acknowledged. */
export interface Acknowledged {
  attemptId: number;
  saves: Map<number, number>;
  finished: boolean;
}

export interface Verification {
  savesExpected: number;
  savesFound: number;
  finishedExpected: number;
  finishedFound: number;
  /** A few of the mismatches, described. */
  mismatches: string[];
}

/** Reads the attempts back: every acknowledged save is its question's answer (by its seq), every acknowledged finish completed. */
export async function verifyEvening(db: Executor, acknowledged: Acknowledged[]): Promise<Verification> {
  const ids = acknowledged.map((a) => a.attemptId);
  const rows = new Map<number, { selectedAnswers: Record<string, unknown>; answerSeqs: Record<string, number>; status: string }>();
  for (let from = 0; from < ids.length; from += CHUNK) {
    const part = await db
      .select({ id: testAttempts.id, selectedAnswers: testAttempts.selectedAnswers, answerSeqs: testAttempts.answerSeqs, status: testAttempts.status })
      .from(testAttempts)
      .where(inArray(testAttempts.id, ids.slice(from, from + CHUNK)));
    for (const r of part) rows.set(r.id, { selectedAnswers: r.selectedAnswers as Record<string, unknown>, answerSeqs: r.answerSeqs, status: r.status });
  }
  const result: Verification = { savesExpected: 0, savesFound: 0, finishedExpected: 0, finishedFound: 0, mismatches: [] };
  const miss = (text: string) => {
    if (result.mismatches.length < 10) result.mismatches.push(text);
  };
  for (const a of acknowledged) {
    const row = rows.get(a.attemptId);
    for (const [question, seq] of a.saves) {
      result.savesExpected++;
      const key = String(question);
      if (row && key in row.selectedAnswers && row.answerSeqs[key] === seq) result.savesFound++;
      else miss(`попытка ${a.attemptId}, вопрос ${question}: ждали seq ${seq}, в базе ${row ? String(row.answerSeqs[key]) : 'нет попытки'}`);
    }
    if (a.finished) {
      result.finishedExpected++;
      if (row?.status === 'completed') result.finishedFound++;
      else miss(`попытка ${a.attemptId}: завершение подтверждено, в базе ${row?.status ?? 'нет попытки'}`);
    }
  }
  return result;
}

/** Rows of the run, for the report. */
export async function countAttempts(db: Executor, testId: number): Promise<{ attempts: number; completed: number }> {
  const [row] = (
    await db.execute<{ attempts: number; completed: number }>(
      sql`select count(*)::int as attempts, count(*) filter (where status = 'completed')::int as completed from test_attempts where test_id = ${testId}`,
    )
  ).rows;
  return row ?? { attempts: 0, completed: 0 };
}
