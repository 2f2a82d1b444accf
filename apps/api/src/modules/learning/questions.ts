// A test's questions with their answers: read by the quiz, the learning content cache, the
// statistics and the seed; apart from quiz.ts so the cache need not import the quiz.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { answers, questions } from '../../db/schema/index.ts';
import type { GradedQuestion } from './grading.ts';

/** The test's questions with their answers (two queries), by id. */
export async function loadQuestions(db: Executor, testId: number): Promise<Map<number, GradedQuestion & { probability: number }>> {
  // One after the other: loaded in transactions too, whose one connection takes one query at a time.
  const questionRows = await db
    .select({ id: questions.id, type: questions.type, text: questions.text, image: questions.image, sort: questions.sort, probability: questions.probability })
    .from(questions)
    .where(eq(questions.testId, testId));
  const answerRows = await db
    .select({
      id: answers.id,
      questionId: answers.questionId,
      text: answers.text,
      image: answers.image,
      isCorrect: answers.isCorrect,
      connectId: answers.connectId,
      sort: answers.sort,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(eq(questions.testId, testId))
    .orderBy(asc(answers.sort), asc(answers.id));
  const map = new Map(questionRows.map((q) => [q.id, { ...q, answers: [] as GradedQuestion['answers'] }]));
  for (const { questionId, ...answer } of answerRows) map.get(questionId)?.answers.push(answer);
  return map;
}
