import type { QuizState } from '@crema/contract';
import { answerLines, markText, type Answer, type QuizAttempt } from './quiz.ts';

// A finished attempt, question by question: the learner's answer and, as the test's `review`
// allows, whether it was right and what the right answer is (decisions 0028, 0050: score,
// correctness, answers_when_done, answers — the API sends the right answers only when they may be
// shown). Shared by the test's own result and the result page of one attempt.

function Lines({ lines, empty }: { lines: string[]; empty: string }) {
  if (!lines.length) return <span className="quiz-review__none">{empty}</span>;
  if (lines.length === 1) return <span>{lines[0]}</span>;
  return (
    <ul className="quiz-review__lines">
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}

export function ScoreSummary({ attempt, passScore }: { attempt: QuizAttempt; passScore: number }) {
  const result = attempt.result;
  if (!result) return null;
  return (
    <div className={`quiz-score quiz-score--${result.passed ? 'passed' : 'failed'}`}>
      <p className="quiz-score__value">
        <span className="quiz-score__number">{result.score}%</span>
        <span className="quiz-score__verdict">{result.passed ? 'Тест сдан' : 'Тест не сдан'}</span>
      </p>
      <p className="quiz-score__note">
        Проходной балл — {passScore}%. {result.passed ? 'Поздравляем!' : 'Повторите материал и попробуйте ещё раз.'}
      </p>
    </div>
  );
}

export function QuizReview({ attempt, review }: { attempt: QuizAttempt; review: QuizState['test']['review'] }) {
  const results = attempt.result?.questions ?? null;
  if (!results) return <p className="learn-note">Разбор по вопросам в этом тесте не показывается: только итоговый балл.</p>;
  const byId = new Map(results.map((item) => [item.id, item]));
  const keyLater = review === 'answers_when_done' && results.every((item) => item.correct_answers === null);
  return (
    <>
      {keyLater ? <p className="learn-note">Правильные ответы появятся здесь, когда тест будет сдан или закончатся попытки.</p> : null}
      <ol className="quiz-review" aria-label="Разбор ответов">
        {attempt.questions.map((question, index) => {
          const result = byId.get(question.id);
          const mine = attempt.selected_answers[String(question.id)] as Answer | undefined;
          const mark = result ? markText(result.mark) : null;
          const state = !result ? '' : result.mark >= 1 ? 'right' : result.mark > 0 ? 'partly' : 'wrong';
          return (
            <li key={question.id} className={`quiz-review__item quiz-review__item--${state}`}>
              <p className="quiz-review__head">
                <span className="quiz-review__number">Вопрос {index + 1}</span>
                {mark ? <span className={`quiz-review__mark quiz-review__mark--${state}`}>{mark}</span> : null}
              </p>
              <p className="quiz-review__text">{question.text}</p>
              <div className="quiz-review__row">
                <span className="quiz-review__label">Ваш ответ:</span> <Lines lines={answerLines(question, mine)} empty="нет ответа" />
              </div>
              {result?.correct_answers && result.mark < 1 ? (
                <div className="quiz-review__row quiz-review__row--right">
                  <span className="quiz-review__label">{question.type === 'text' ? 'Верные ответы:' : 'Верный ответ:'}</span>{' '}
                  <Lines lines={answerLines(question, result.correct_answers)} empty="—" />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}
