import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { AdminCourse, AdminTest } from '@crema/contract';
import { adminBrowserApi } from '../../api/admin.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { adminPaths } from './TestEditor.tsx';
import './admin-tests.css';
import { FormMessages } from '../../ui/FormMessages.tsx';

const questionsWord = (n: number) => {
  const tens = n % 100;
  const ones = n % 10;
  if (tens >= 11 && tens <= 14) return `${n} вопросов`;
  if (ones === 1) return `${n} вопрос`;
  if (ones >= 2 && ones <= 4) return `${n} вопроса`;
  return `${n} вопросов`;
};

/** /admin/courses/{id}/test/: the course's final tests — the list, a new one, a link to each test's page. */
export function FinalTests({ course, initialTests }: { course: Pick<AdminCourse, 'id' | 'title'>; initialTests: AdminTest[] }) {
  const [tests, setTests] = useState(initialTests);
  const [name, setName] = useState('');
  const form = useApiForm(['name']);
  // 'Дублировать' (decision 0040): the copy lands right after the original.
  const copying = useApiForm();
  const [copied, setCopied] = useState<AdminTest | null>(null);
  const id = useId();
  return (
    <div className="account__page at-page">
      <nav className="at-crumbs" aria-label="Где вы">
        <Link to={adminPaths.course(course.id)}>{course.title}</Link>
      </nav>
      <h1 className="account__title">Итоговые тесты курса</h1>
      <p className="at-hint">Итоговый тест ученик проходит в конце курса, после всех модулей. Тесты модулей — на странице курса, в своих модулях.</p>
      <section className="at-card" aria-labelledby={`${id}-list`}>
        <h2 className="at-card__title" id={`${id}-list`}>
          Тесты ({tests.length})
        </h2>
        {tests.length ? (
          <ul className="at-tests">
            {tests.map((test) => (
              <li key={test.id}>
                <Link to={adminPaths.test(test.id)}>{test.name}</Link>
                <span className="at-hint">
                  {questionsWord(test.questions_count)} · {test.is_published ? 'опубликован' : 'черновик'}
                  {test.publish_problems.length && !test.is_published ? ' · есть что исправить' : ''}
                </span>
                <button
                  type="button"
                  className="button button--ghost at-small"
                  disabled={copying.busy}
                  aria-label={`Дублировать тест «${test.name}»`}
                  onClick={() =>
                    void copying.run(async () => {
                      const copy = await adminBrowserApi.duplicateTest(test.id);
                      setTests((list) => list.flatMap((each) => (each.id === test.id ? [each, copy] : [each])));
                      setCopied(copy);
                    })
                  }
                >
                  Дублировать
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="at-hint">Итоговых тестов пока нет.</p>
        )}
        {copied ? (
          <p className="at-hint" role="status">
            Копия «{copied.name}» добавлена сразу после оригинала как черновик.
          </p>
        ) : null}
        <FormMessages look="test-editor" messages={copying.problems.general} />
        <form
          className="at-add"
          onSubmit={form.onSubmit(async () => {
            const created = await adminBrowserApi.addAdminFinalTest(course.id, name);
            setTests((list) => [...list, created]);
            setName('');
          })}
        >
          <div className="at-field">
            <label className="at-field__label" htmlFor={`${id}-name`}>
              Название нового теста
            </label>
            <input
              id={`${id}-name`}
              className="at-input"
              value={name}
              maxLength={200}
              placeholder="Например, Итоговый тест по латте-арту"
              aria-invalid={form.errorsOf('name').length ? true : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            <FormMessages look="test-editor" messages={form.errorsOf('name')} />
          </div>
          <button type="submit" className="button button--primary at-small" disabled={form.busy}>
            Добавить тест
          </button>
        </form>
        <FormMessages look="test-editor" messages={form.problems.general} />
      </section>
    </div>
  );
}
