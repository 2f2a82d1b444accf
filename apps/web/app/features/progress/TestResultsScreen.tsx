import { Link } from 'react-router';
import { formatDateTime } from '@crema/contract/format';
import { progressHref } from './query.ts';
import { testResultPath } from '../../ui/paths.ts';
import './progress.css';

// /user/progress/test-results/: every finished attempt of the account and of its
// students, newest first, each leading to its result page.

/** One finished attempt as the list shows it. */
export interface ResultRow {
  attemptId: number;
  at: string;
  test: string;
  course: string;
  /** Whose attempt: null — the account holder's. */
  learner: string | null;
  score: number;
  passed: boolean;
}

export function TestResultsScreen({ rows, failed }: { rows: ResultRow[]; failed: boolean }) {
  const someoneElse = rows.some((row) => row.learner !== null);
  return (
    <main className="account__page progress">
      <p className="progress-back">
        <Link to={progressHref({})}>← Успеваемость</Link>
      </p>
      <h1 className="account__title">Результаты тестов</h1>
      {failed ? (
        <p className="progress-unavailable" role="status">
          Часть результатов сейчас недоступна — попробуйте обновить страницу позже.
        </p>
      ) : null}
      {rows.length ? (
        <ol className="progress-results" reversed>
          {rows.map((row) => (
            <li key={row.attemptId} className="progress-result">
              <div className="progress-result__main">
                <Link to={testResultPath(row.attemptId)}>{row.test}</Link>
                <span className="progress-result__meta">
                  {row.course}
                  {someoneElse ? ` · ${row.learner ?? 'Я'}` : ''} · {formatDateTime(row.at)}
                </span>
              </div>
              <span className="progress-result__score">
                {row.score}%<span className={`progress-badge${row.passed ? ' progress-badge--passed' : ''}`}>{row.passed ? 'Сдан' : 'Не сдан'}</span>
              </span>
            </li>
          ))}
        </ol>
      ) : failed ? null : (
        <div className="progress-empty">
          <p>Завершённых тестов пока нет.</p>
          <Link className="button button--primary" to="/user/courses/">
            К моему обучению
          </Link>
        </div>
      )}
    </main>
  );
}
