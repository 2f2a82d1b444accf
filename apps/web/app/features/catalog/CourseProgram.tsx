import type { CourseProgram as Program } from '@crema/contract';
import { formatCount, LESSON_FORMS, MODULE_FORMS, TEST_FORMS } from '@crema/contract/format';

const lessonIcon = (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M10 9.5v5l4-2.5z" />
  </svg>
);
const testIcon = (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M9 4h6v3H9z" />
    <path d="M8 5.5H6a1 1 0 0 0-1 1V20a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V6.5a1 1 0 0 0-1-1h-2" />
    <path d="M9 14l2 2 4-4" />
  </svg>
);

function contentSummary(lessons: number, tests: number): string {
  return [lessons ? formatCount(lessons, LESSON_FORMS) : '', tests ? formatCount(tests, TEST_FORMS) : ''].filter(Boolean).join(', ');
}

/** The course program: each module folds open (`<details>`, no script), then the final tests. */
export function CourseProgram({ program, headingId }: { program: Program; headingId: string }) {
  const all = program.modules.flatMap((module) => module.content);
  const lessons = all.filter((item) => item.type === 'lesson').length;
  const tests = all.filter((item) => item.type === 'test').length + program.final_tests.length;
  return (
    <>
      <p className="program__summary">
        {[program.modules.length ? formatCount(program.modules.length, MODULE_FORMS) : '', contentSummary(lessons, tests)]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <ol className="program" aria-labelledby={headingId}>
        {program.modules.map((module, index) => {
          const moduleLessons = module.content.filter((item) => item.type === 'lesson').length;
          return (
            <li key={module.id} className="program__module">
              <details open={index === 0}>
                <summary className="program__summary-row">
                  <span className="program__number" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <span className="program__title">
                    <span className="visually-hidden">Модуль {index + 1}: </span>
                    {module.title}
                  </span>
                  <span className="program__meta">{contentSummary(moduleLessons, module.content.length - moduleLessons)}</span>
                </summary>
                <ul className="program__items">
                  {module.content.map((item) => (
                    <li key={`${item.type}-${item.id}`} className={`program__item program__item--${item.type}`}>
                      {item.type === 'test' ? testIcon : lessonIcon}
                      <span>
                        {item.type === 'test' ? <span className="visually-hidden">Тест: </span> : null}
                        {item.title}
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          );
        })}
      </ol>
      {program.final_tests.length > 0 ? (
        <div className="program__final">
          <h3 className="program__final-title">Итоговое тестирование</h3>
          <ul className="program__items">
            {program.final_tests.map((test) => (
              <li key={test.id} className="program__item program__item--test">
                {testIcon}
                <span>{test.title}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
