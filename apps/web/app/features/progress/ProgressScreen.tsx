import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CourseProgress, GroupStatistic, ModulesStatistic, ProgressTest, Statistic } from '@crema/contract';
import { formatDate, formatDateTime, HOUR_FORMS, LESSON_FORMS, MINUTE_FORMS, pluralRu, TEST_FORMS } from '@crema/contract/format';
import { statisticExportUrl, type StatisticParams } from '../../api/client.ts';
import { PERIOD_OPTIONS, progressHref, readFilters } from './query.ts';
import { CourseProgressChart, ScoresChart } from './Charts.tsx';
import { coursePath, testPath, testResultPath, testResultsPath } from '../../ui/paths.ts';
import './progress.css';

// /user/progress/ (decision 0034): whose progress (tabs: 'Я' and each student with
// courses), the filters (a GET form: the address is the view), the exports, the summary tiles, the
// charts and, per course, its modules and the tests taken with each attempt's result page.

export interface ProgressData {
  filters: StatisticParams;
  statistic: Statistic | null;
  groups: GroupStatistic[] | null;
  courseOptions: { id: number; title: string }[];
  modules: Record<number, ModulesStatistic>;
  tests: ProgressTest[];
}


const UNAVAILABLE = 'Статистика сейчас недоступна. Остальное на странице работает — попробуйте обновить её позже.';

function Unavailable({ text = UNAVAILABLE }: { text?: string }) {
  return (
    <p className="progress-unavailable" role="status">
      {text}
    </p>
  );
}

/** 125 minutes → '2 часа 5 минут'. */
function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const parts = [];
  if (hours) parts.push(`${hours} ${pluralRu(hours, HOUR_FORMS)}`);
  if (minutes || !hours) parts.push(`${minutes} ${pluralRu(minutes, MINUTE_FORMS)}`);
  return parts.join(' ');
}

function LearnerTabs({ statistic, filters }: { statistic: Statistic; filters: StatisticParams }) {
  if (statistic.learners.length < 2) return null;
  return (
    <nav className="progress-learners" aria-label="Чья успеваемость">
      {statistic.learners.map((learner) => {
        const id = learner.student?.id;
        const current = (filters.student ?? undefined) === id;
        return (
          <Link
            key={id ?? 'me'}
            className={`progress-learners__tab${current ? ' progress-learners__tab--current' : ''}`}
            to={progressHref({ student: id, period: filters.period })}
            aria-current={current ? 'page' : undefined}
          >
            {learner.student ? `${learner.student.first_name} ${learner.student.last_name}` : 'Я'}
          </Link>
        );
      })}
    </nav>
  );
}

function Filters({ data }: { data: ProgressData }) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const { filters, groups, courseOptions } = data;
  // The address is the view: each change goes to it at once, written as one address per view (a plain GET
  // form underneath, so without scripts 'Показать' sends the same; not react-router's <Form>, whose
  // submission code would otherwise ride in the router chunk every public page loads first).
  const onChange = () => {
    if (!form.current) return;
    const values = new URLSearchParams();
    for (const [key, value] of new FormData(form.current)) if (typeof value === 'string') values.append(key, value);
    void navigate(progressHref(readFilters(values)), { preventScrollReset: true, replace: true });
  };
  return (
    <form
      ref={form}
      method="get"
      action="/user/progress/"
      className="progress-filters"
      onChange={onChange}
      onSubmit={(event) => {
        event.preventDefault();
        onChange();
      }}
    >
      {filters.student ? <input type="hidden" name="student" value={filters.student} /> : null}
      <div className="progress-filters__field">
        <label htmlFor="progress-course">Курс</label>
        <select id="progress-course" name="course" defaultValue={filters.course ?? ''} key={`c${filters.course ?? ''}`}>
          <option value="">Все курсы</option>
          {courseOptions.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </select>
      </div>
      {groups && groups.length > 0 ? (
        <div className="progress-filters__field">
          <label htmlFor="progress-group">Группа</label>
          <select id="progress-group" name="group" defaultValue={filters.group ?? ''} key={`g${filters.group ?? ''}`}>
            <option value="">Все группы</option>
            {groups.map((item) => (
              <option key={item.group.id} value={item.group.id}>
                {item.group.title} — {item.course.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="progress-filters__field">
        <label htmlFor="progress-period">Период</label>
        <select id="progress-period" name="period" defaultValue={filters.period ?? 'all'} key={`p${filters.period ?? ''}`}>
          {PERIOD_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <button type="submit" className="button button--ghost">
          Показать
        </button>
      </noscript>
    </form>
  );
}

function Exports({ filters }: { filters: StatisticParams }) {
  return (
    <div className="progress-exports">
      <span className="progress-exports__label">Скачать:</span>
      <a className="button button--ghost progress-exports__link" href={statisticExportUrl(filters, 'xlsx')} download>
        Excel (XLSX)
      </a>
      <a className="button button--ghost progress-exports__link" href={statisticExportUrl(filters, 'csv')} download>
        CSV
      </a>
    </div>
  );
}

function Tiles({ overall }: { overall: Statistic['overall'] }) {
  const tiles = [
    { label: 'Курсы начаты', value: `${overall.courses_started} из ${overall.courses_total}` },
    { label: 'Курсы пройдены', value: `${overall.courses_finished} из ${overall.courses_total}` },
    { label: 'Уроки пройдены', value: `${overall.lessons_done} из ${overall.lessons_total}` },
    { label: 'Тесты сданы', value: `${overall.tests_passed} из ${overall.tests_total}` },
    { label: 'Средний балл', value: overall.average_score === null ? '—' : `${overall.average_score}%` },
    {
      label: 'Время занятий',
      value: formatMinutes(overall.time_spent.total_minutes),
      // Decision 0033: test time is measured, lesson time is the lessons' planned length.
      hint: `тесты ${formatMinutes(Math.round(overall.time_spent.tests_seconds / 60))}, уроки ${formatMinutes(overall.time_spent.lessons_minutes)} (по плану)`,
    },
  ];
  return (
    <dl className="progress-tiles">
      {tiles.map((tile) => (
        <div className="progress-tile" key={tile.label}>
          <dt>{tile.label}</dt>
          <dd>
            {tile.value}
            {'hint' in tile ? <span className="progress-tile__hint">{tile.hint}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Passed by the test's own grading (its grade against its pass score), as the statistics count it. */
function isPassed(test: ProgressTest): boolean {
  return test.grade !== null && test.grade >= test.test.pass_score;
}

function TestRow({ test, canStudy }: { test: ProgressTest; canStudy: boolean }) {
  // The finished attempts, the latest first.
  const finished = [...test.attempts].sort((a, b) => b.number - a.number);
  const passed = isPassed(test);
  const badge = passed ? 'Сдан' : finished.length ? 'Не сдан' : 'Не начат';
  return (
    <li className="progress-test">
      <div className="progress-test__head">
        <span className="progress-test__title">{test.test.title}</span>
        <span className={`progress-badge${passed ? ' progress-badge--passed' : finished.length ? '' : ' progress-badge--idle'}`}>{badge}</span>
      </div>
      {finished.length ? (
        <p className="progress-test__scores">
          Лучший балл: <strong>{test.best_score ?? '—'}%</strong> · последний: <strong>{test.last_score ?? '—'}%</strong> · проходной:{' '}
          {test.test.pass_score}%
        </p>
      ) : (
        <p className="progress-test__scores">
          Проходной балл: {test.test.pass_score}%
          {canStudy ? (
            <>
              {' · '}
              <Link to={testPath(test.user_course_id, test.test.id)}>Пройти тест</Link>
            </>
          ) : null}
        </p>
      )}
      {finished.length > 0 ? (
        <ul className="progress-attempts">
          {finished.map((attempt) => (
            <li key={attempt.id}>
              <Link to={testResultPath(attempt.id)}>
                Попытка {attempt.number}: {attempt.score}%, {formatDateTime(attempt.finished_at)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function CourseDetails({
  course,
  modules,
  tests,
}: {
  course: CourseProgress;
  modules: ModulesStatistic | undefined;
  tests: ProgressTest[];
}) {
  const headingId = `progress-course-${course.user_course_id}`;
  return (
    <section className="progress-course" aria-labelledby={headingId}>
      <h3 id={headingId} className="progress-course__title">
        {course.is_active ? <Link to={coursePath(course.user_course_id)}>{course.course.title}</Link> : course.course.title}
      </h3>
      <p className="progress-course__meta">
        {course.finished_at
          ? `Пройден ${formatDate(course.finished_at)}`
          : course.started_at
            ? `Начат ${formatDate(course.started_at)}`
            : 'Ещё не начат'}
        {' · '}
        {course.lessons_done} из {course.lessons_total} {pluralRu(course.lessons_total, LESSON_FORMS)}, {course.tests_passed} из{' '}
        {course.tests_total} {pluralRu(course.tests_total, TEST_FORMS)}
        {course.average_score !== null ? ` · средний балл ${course.average_score}%` : ''}
      </p>
      <Meter value={course.progress} label={`Пройдено курса «${course.course.title}»`} />
      {modules ? (
        <>
          <h4 className="progress-course__subtitle">Модули</h4>
          <ol className="progress-modules">
            {modules.modules.map((module) => (
              <li key={module.id} className="progress-module">
                <div className="progress-module__head">
                  <span>{module.title}</span>
                  <span className="progress-module__numbers">
                    {module.lessons_done} из {module.lessons_total} {pluralRu(module.lessons_total, LESSON_FORMS)}
                    {module.tests_total ? `, ${module.tests_passed} из ${module.tests_total} ${pluralRu(module.tests_total, TEST_FORMS)}` : ''}
                  </span>
                </div>
                <Meter value={module.progress} label={`Пройдено модуля «${module.title}»`} />
              </li>
            ))}
          </ol>
        </>
      ) : (
        <Unavailable text="Модули курса сейчас не загрузились." />
      )}
      {tests.length > 0 ? (
        <>
          <h4 className="progress-course__subtitle">Тесты</h4>
          <ul className="progress-tests">
            {tests.map((test) => (
              <TestRow key={test.test.id} test={test} canStudy={course.is_active} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function Meter({ value, label }: { value: number; label: string }) {
  return (
    <div className="progress-meter">
      <progress max={100} value={value} aria-label={label} />
      <span aria-hidden="true">{value}%</span>
    </div>
  );
}

function Groups({ groups }: { groups: GroupStatistic[] }) {
  if (!groups.length) return null;
  return (
    <section className="progress-section" aria-labelledby="progress-groups">
      <h2 id="progress-groups" className="progress-section__title">
        Группы
      </h2>
      <ul className="progress-groups">
        {groups.map((item) => (
          <li key={item.group.id} className="progress-group">
            <strong>{item.group.title}</strong>
            <span className="progress-group__course">{item.course.title}</span>
            <Meter value={item.progress} label={`Пройдено в группе «${item.group.title}»`} />
            <span className="progress-group__sessions">
              Занятий прошло: {item.sessions_past}, впереди: {item.sessions_left}
              {item.next_session_at ? ` · следующее ${formatDateTime(item.next_session_at)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EmptyState({ isMine }: { isMine: boolean }) {
  return (
    <div className="progress-empty">
      <p>{isMine ? 'У вас пока нет курсов — успеваемость появится, когда вы начнёте учиться.' : 'У ученика пока нет курсов.'}</p>
      <Link className="button button--primary" to="/courses/">
        Выбрать курс в каталоге
      </Link>
    </div>
  );
}

export function ProgressScreen(data: ProgressData) {
  const { statistic, filters, groups, modules, tests } = data;
  const isMine = !filters.student;
  const filtered = Boolean(filters.course || filters.group || (filters.period && filters.period !== 'all'));
  const whose = statistic?.student ? `${statistic.student.first_name} ${statistic.student.last_name}` : null;
  // The pass scores of the tests on the chart (the scores do not carry them; the tests read do).
  const charted = new Set(statistic?.scores.map((point) => point.test.id));
  const passScores = [...new Set(tests.filter((test) => charted.has(test.test.id)).map((test) => test.test.pass_score))];
  return (
    <main className="account__page progress">
      <h1 className="account__title">{whose ? `Успеваемость: ${whose}` : 'Успеваемость'}</h1>
      {statistic ? <LearnerTabs statistic={statistic} filters={filters} /> : null}
      {statistic && statistic.overall.courses_total === 0 && !filtered ? (
        <EmptyState isMine={isMine} />
      ) : (
        <>
          <div className="progress-toolbar">
            <Filters data={data} />
            <Exports filters={filters} />
          </div>
          {statistic ? (
            <>
              <Tiles overall={statistic.overall} />
              <div className="progress-charts">
                <section className="progress-section" aria-labelledby="progress-courses-chart">
                  <h2 id="progress-courses-chart" className="progress-section__title">
                    Прогресс по курсам
                  </h2>
                  {statistic.courses.length ? (
                    <CourseProgressChart
                      bars={statistic.courses.map((course) => ({
                        key: String(course.user_course_id),
                        label: course.course.title,
                        percent: course.progress,
                      }))}
                    />
                  ) : (
                    <p className="progress-note">Нет курсов для этих условий.</p>
                  )}
                </section>
                <section className="progress-section" aria-labelledby="progress-scores-chart">
                  <h2 id="progress-scores-chart" className="progress-section__title">
                    Баллы за тесты
                  </h2>
                  {statistic.scores.length ? (
                    <ScoresChart
                      points={statistic.scores.map((point) => ({
                        key: String(point.attempt_id),
                        at: point.date,
                        score: point.score,
                        test: point.test.title,
                        passed: point.passed,
                      }))}
                      passScores={passScores}
                    />
                  ) : (
                    <p className="progress-note">За этот период тестов не было.</p>
                  )}
                  <p className="progress-note">
                    <Link to={testResultsPath()}>Все результаты тестов</Link>
                  </p>
                </section>
              </div>
              {groups ? <Groups groups={groups} /> : null}
              <section className="progress-section" aria-labelledby="progress-by-course">
                <h2 id="progress-by-course" className="progress-section__title">
                  По курсам
                </h2>
                {statistic.courses.map((course) => (
                  <CourseDetails
                    key={course.user_course_id}
                    course={course}
                    modules={modules[course.user_course_id]}
                    tests={tests.filter((test) => test.user_course_id === course.user_course_id)}
                  />
                ))}
              </section>
            </>
          ) : (
            <Unavailable />
          )}
        </>
      )}
    </main>
  );
}
