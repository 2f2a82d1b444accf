import { useState } from 'react';
import type { QuizState } from '@crema/contract';
import { Question, Terms } from './QuizScreen.tsx';
import { isAnswered, type Answer, type Answers } from './quiz.ts';
import { DraftNote } from './PreviewFrame.tsx';

// A test in the preview (decision 0041): its terms and every question as the quiz renders them (the
// learners' own Question). Answers may be chosen to try the questions out; they stay on this screen:
// nothing is sent, saved or checked (no attempt exists, and the right answers are the editor's to show).

export function PreviewTest({ quiz, draft }: { quiz: QuizState; draft: boolean }) {
  const [answers, setAnswers] = useState<Answers>({});
  const questions = quiz.attempt?.questions ?? [];
  const total = questions.length;
  const answered = questions.filter((question) => isAnswered(question, answers[String(question.id)])).length;
  const change = (questionId: number, answer: Answer) => setAnswers((now) => ({ ...now, [String(questionId)]: answer }));
  return (
    <article className="quiz" aria-labelledby="quiz-title">
      <p className="lesson__module">{quiz.test.is_final ? 'Итоговый тест' : 'Тест модуля'}</p>
      <h1 className="lesson__title" id="quiz-title">
        {quiz.test.title}
      </h1>
      <DraftNote draft={draft} />
      <div className="quiz-panel">
        {quiz.test.description ? <p className="quiz-description">{quiz.test.description}</p> : null}
        <Terms quiz={quiz} />
        <p className="learn-note preview-quiz__note">
          В предпросмотре показаны все вопросы теста; ответы можно выбрать, но они не сохраняются и не проверяются.
        </p>
      </div>
      {total ? (
        <form className="quiz-form" aria-describedby="quiz-progress" onSubmit={(event) => event.preventDefault()}>
          <ol className="quiz-questions">
            {questions.map((question, index) => (
              <li key={question.id}>
                <Question question={question} index={index} total={total} answer={answers[String(question.id)]} onChange={change} />
              </li>
            ))}
          </ol>
          <div className="quiz-bar">
            <p className="quiz-bar__progress" id="quiz-progress">
              Отвечено {answered} из {total}
              <progress max={total} value={answered} aria-hidden="true" />
            </p>
            <p className="quiz-bar__save">Предпросмотр: ответы не сохраняются</p>
          </div>
        </form>
      ) : (
        <p className="learn-note">В тесте пока нет вопросов.</p>
      )}
    </article>
  );
}
