import { Link } from 'react-router';
import type { AttemptReport } from '@crema/contract';
import { formatDateTime } from '@crema/contract/format';
import { coursePath, testPath } from '../../ui/paths.ts';
import { QuizReview, ScoreSummary } from './QuizReview.tsx';
import './learning.css';
import './quiz.css';

// /user/progress/test-results/{activityId}/: one finished attempt in the account
// frame — the course, the test, when, the score and, as the test's review allows, each question.

export function TestResultScreen({ report }: { report: AttemptReport }) {
  const { attempt, test } = report;
  return (
    <main className="account__page test-result">
      <p className="learn-back">
        <Link to={coursePath(report.user_course_id)}>← {report.course.title}</Link>
      </p>
      <h1 className="account__title">Результат теста «{test.title}»</h1>
      <dl className="quiz-terms">
        <div>
          <dt>Курс</dt>
          <dd>{report.course.title}</dd>
        </div>
        <div>
          <dt>Попытка</dt>
          <dd>{attempt.number}</dd>
        </div>
        <div>
          <dt>Завершена</dt>
          <dd>{attempt.finished_at ? formatDateTime(attempt.finished_at) : '—'}</dd>
        </div>
      </dl>
      <ScoreSummary attempt={attempt} passScore={test.pass_score} />
      <h2 className="quiz-result__title">Ответы</h2>
      <QuizReview attempt={attempt} review={test.review} />
      <p>
        <Link className="button button--ghost" to={testPath(report.user_course_id, test.id)}>
          К тесту
        </Link>
      </p>
    </main>
  );
}
