import { useEffect, useId, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { QuizState } from '@crema/contract';
import { MINUTE_FORMS, formatCount } from '@crema/contract/format';
import { ApiRequestError } from '../../api/client.ts';
import { browserApi } from '../../api/browser.ts';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { attemptDraft, browserStorage, dropStaleDrafts, type Draft } from '../../api/quiz-draft.ts';
import { SaveQueue, type SaveState } from './save-queue.ts';
import { type StudyLinks } from './links.ts';
import { testResultPath } from '../../ui/paths.ts';
import { QuizReview, ScoreSummary } from './QuizReview.tsx';
import { formatClock, isAnswered, pairedWith, withPair, type Answer, type Answers, type QuizAttempt, type QuizQuestion } from './quiz.ts';
import './learning.css';
import './quiz.css';

// /user/courses/{id}/testing/{testId}/ (decision 0030): a module test or a final
// test in the course-study layout (routes/user/study.tsx). Before an attempt: what the test is and 'Начать тест'. During
// one: every question on one page (what reads best on a phone: scroll, no hidden questions), a
// progress line, the server's countdown, and answers that autosave per question as the learner
// goes (decision 0060: a choice at once, typed text after a pause, one save at a time, unsent
// answers kept on the device over a reload; a 429 waits Retry-After, a lost connection
// retries). 'Завершить тест' asks first. After: the score, the review as the test
// allows, 'Пройти ещё раз' while attempts remain, and 'Далее' to the next place in the course.

export interface QuizPlace {
  /** The test's module; null for a final test. */
  moduleId: number | null;
  testId: number;
  title: string;
  /** The place after this test (the course overview when null). */
  next: { type: 'lesson' | 'test'; id: number; title: string } | null;
}

const ATTEMPT_FORMS = ['попытка', 'попытки', 'попыток'] as const;
/** A finish that did not reach the server: nothing on screen is lost. */
const FINISH_OFFLINE = 'Нет связи — тест не завершён. Ответы на экране сохранены; попробуйте ещё раз, когда связь вернётся.';
/** Answers kept on this device before a reload went back on screen (and are being sent); said in the bar. */
const RESTORED = 'Восстановили ответы, которые не успели сохраниться.';
/** Kept answers of an attempt the server closed: it does not take them. */
const NOT_COUNTED = 'Попытка уже завершена: ответы, которые не успели сохраниться, не засчитаны.';


const last = { startedAt: '', seq: 0 };
/**
 * A save's number (decision 0078): 2^30 plus hundredths of a second since the attempt started (by
 * this device's clock, so a page after a reload counts on from the old one's), always above the
 * last one; at most the largest int4, where saves count as equal (the later one wins, as before).
 * The server keeps a question's answer of the highest number.
 */
function nextSaveSeq(startedAt: string | undefined): number {
  const since = Math.floor((Date.now() - Date.parse(startedAt ?? '')) / 10);
  const previous = last.startedAt === startedAt ? last.seq : 0;
  last.startedAt = startedAt ?? '';
  last.seq = Math.min(2_147_483_647, Math.max(previous + 1, 2 ** 30 + (Number.isFinite(since) ? since : 0)));
  return last.seq;
}

export function QuizScreen({
  courseId,
  links,
  place,
  initial,
  locked,
}: {
  /** The enrolment whose course calls run the quiz (a group's test too: its learner's `user_course_id`). */
  courseId: number;
  links: StudyLinks;
  place: QuizPlace;
  initial: QuizState | null;
  locked: string | null;
}) {
  const { revalidate } = useRevalidator();
  const [quiz, setQuiz] = useState(initial);
  // A word above the result: kept answers of an attempt that is over were not counted.
  const [notice, setNotice] = useState<string | null>(null);
  // After 'Начать тест' or a finish the button pressed is gone: focus goes to what replaced it.
  const [moved, setMoved] = useState(false);
  const started = (state: QuizState) => {
    setMoved(true);
    setNotice(null);
    setQuiz(state);
  };
  // A fresh loader answer (after a finish, the sidebar's statuses are read again) replaces the screen's.
  const [seen, setSeen] = useState(initial);
  if (initial !== seen) {
    setSeen(initial);
    setQuiz(initial);
  }
  const title = quiz?.test.title ?? place.title;
  const attempt = quiz?.attempt ?? null;
  const api = {
    start: () => browserApi.quiz(courseId, place.moduleId, place.testId, true),
    read: () => browserApi.quiz(courseId, place.moduleId, place.testId),
    save: (answers: Answers, finish = false) => browserApi.saveQuiz(courseId, place.moduleId, place.testId, { selected_answers: answers, finish, seq: nextSaveSeq(attempt?.started_at) }),
  };
  const userId = useRootData()?.user?.id ?? null;
  const openAttempt = attempt?.status === 'in_progress' ? attempt.id : null;
  useEffect(() => {
    // Kept answers of an attempt that is over (or of another person): gone, and said so when they were this test's.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage is read after hydration (the server has none)
    if (userId !== null && dropStaleDrafts(browserStorage(), userId, place.testId, openAttempt)) setNotice(NOT_COUNTED);
  }, [userId, place.testId, openAttempt]);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Said above the result: a page restored further down would hide it.
    if (notice) noticeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);
  const finished = (state: QuizState) => {
    setMoved(true);
    setQuiz(state);
    window.scrollTo({ top: 0 });
    // The sidebar and overview statuses change with a result.
    void revalidate();
  };

  return (
    <article className="quiz" aria-labelledby="quiz-title">
      <p className="lesson__module">{place.moduleId === null ? 'Итоговый тест' : 'Тест модуля'}</p>
      <h1 className="lesson__title" id="quiz-title">
        {title}
      </h1>
      <div className="quiz-notice" role="status" aria-live="polite" ref={noticeRef}>
        {notice ? <p>{notice}</p> : null}
      </div>
      {locked || !quiz ? (
        <Locked links={links} text={locked} />
      ) : attempt?.status === 'in_progress' ? (
        <AttemptForm key={attempt.id} attempt={attempt} testId={place.testId} userId={userId} api={api} onFinished={finished} onNotice={setNotice} focus={moved} />
      ) : attempt ? (
        <Result key={attempt.id} quiz={quiz} attempt={attempt} links={links} place={place} onStarted={started} start={api.start} focus={moved} />
      ) : (
        <Intro quiz={quiz} onStarted={started} start={api.start} />
      )}
    </article>
  );
}

function Locked({ links, text }: { links: StudyLinks; text: string | null }) {
  return (
    <div className="quiz-panel">
      <p>{text ?? 'Тест пока недоступен.'}</p>
      <Link className="button button--primary" to={links.home}>
        К {links.homeName}
      </Link>
    </div>
  );
}

/** The test's terms: questions, pass score, time, attempts and the grade so far. */
export function Terms({ quiz }: { quiz: QuizState }) {
  const { test } = quiz;
  const count = quiz.attempt?.questions.length;
  return (
    <dl className="quiz-terms">
      {count ? (
        <div>
          <dt>Вопросов</dt>
          <dd>{count}</dd>
        </div>
      ) : null}
      <div>
        <dt>Проходной балл</dt>
        <dd>{test.pass_score}%</dd>
      </div>
      <div>
        <dt>Время</dt>
        <dd>{test.time_limit_minutes ? formatCount(test.time_limit_minutes, MINUTE_FORMS) : 'без ограничения'}</dd>
      </div>
      <div>
        <dt>Попытки</dt>
        <dd>
          {test.attempts_limit === null
            ? test.attempts_used
              ? `использовано ${test.attempts_used}, без ограничения`
              : 'без ограничения'
            : `использовано ${test.attempts_used} из ${test.attempts_limit}`}
        </dd>
      </div>
      {quiz.grade !== null ? (
        <div>
          <dt>{test.grading === 'highest' ? 'Лучший результат' : 'Оценка за тест'}</dt>
          <dd>{quiz.grade}%</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Starts an attempt (the first, or another): the site's one form pattern keeps busy and the problem. */
function useStart(start: () => Promise<QuizState>, onStarted: (state: QuizState) => void) {
  const form = useApiForm();
  const run = () =>
    void form.run(async () => {
      onStarted(await start());
      window.scrollTo({ top: 0 });
    });
  return { busy: form.busy, problem: form.problems.general[0] ?? null, run };
}

function Intro({ quiz, start, onStarted }: { quiz: QuizState; start: () => Promise<QuizState>; onStarted: (state: QuizState) => void }) {
  const { busy, problem, run } = useStart(start, onStarted);
  const left = quiz.test.attempts_left;
  return (
    <div className="quiz-panel">
      {quiz.test.description ? <p className="quiz-description">{quiz.test.description}</p> : null}
      <Terms quiz={quiz} />
      {quiz.test.time_limit_minutes ? (
        <p className="learn-note">Время пойдёт с момента начала. Когда оно выйдет, тест завершится с сохранёнными ответами.</p>
      ) : null}
      {problem ? (
        <p className="learn-problems" role="alert">
          {problem}
        </p>
      ) : null}
      {left === 0 ? (
        <p>Попытки закончились.</p>
      ) : (
        <button type="button" className="button button--primary" onClick={run} disabled={busy}>
          {busy ? 'Открываем тест…' : 'Начать тест'}
        </button>
      )}
    </div>
  );
}

function Result({
  quiz,
  attempt,
  links,
  place,
  start,
  onStarted,
  focus,
}: {
  quiz: QuizState;
  attempt: QuizAttempt;
  links: StudyLinks;
  focus: boolean;
  place: QuizPlace;
  start: () => Promise<QuizState>;
  onStarted: (state: QuizState) => void;
}) {
  const { busy, problem, run } = useStart(start, onStarted);
  const left = quiz.test.attempts_left;
  const next = place.next;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <div className="quiz-result">
      <h2 className="quiz-result__title" ref={heading} tabIndex={-1}>
        Результат попытки {attempt.number}
      </h2>
      <ScoreSummary attempt={attempt} passScore={quiz.test.pass_score} />
      <Terms quiz={quiz} />
      {left !== null ? <p className="learn-note">{left ? `Осталось ${formatCount(left, ATTEMPT_FORMS)}.` : 'Попытки закончились.'}</p> : null}
      {problem ? (
        <p className="learn-problems" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="quiz-actions">
        {left !== 0 ? (
          <button type="button" className={`button ${attempt.result?.passed ? 'button--ghost' : 'button--primary'}`} onClick={run} disabled={busy}>
            {busy ? 'Открываем тест…' : 'Пройти ещё раз'}
          </button>
        ) : null}
        <Link
          className={`button ${attempt.result?.passed || left === 0 ? 'button--primary' : 'button--ghost'}`}
          to={next ? (next.type === 'lesson' ? links.lesson(next.id) : links.test(next.id)) : links.home}
          aria-label={next ? `Далее: ${next.title}` : `Далее: к ${links.homeName}`}
        >
          Далее →
        </Link>
      </div>
      <h2 className="quiz-result__title">Ответы</h2>
      <QuizReview attempt={attempt} review={quiz.test.review} />
      <p>
        <Link to={testResultPath(attempt.id)}>Страница результата этой попытки</Link>
      </p>
    </div>
  );
}

const SAVE_TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Сохраняем…',
  saved: 'Ответы сохранены',
  offline: 'Нет связи — ответы сохранены на этом устройстве и отправятся, когда связь вернётся',
  'offline-screen': 'Нет связи — ответы отправятся, когда связь вернётся. Не закрывайте страницу',
  waiting: 'Сохраняем чуть позже — ответы на экране не потеряются',
  failed: 'Ответ не сохранён: проверьте его и попробуйте ещё раз',
};

interface QuizCalls {
  read: () => Promise<QuizState>;
  save: (answers: Answers, finish?: boolean) => Promise<QuizState>;
}

/**
 * The attempt's answers as the learner gives them, saved through the queue (save-queue.ts): a
 * choice at once, typed text after a pause or when the field is left, one save at a time. What
 * the server does not have yet is kept on this device and, after a reload, put back and sent.
 */
function useAutosave(attempt: QuizAttempt, calls: QuizCalls, draft: Draft, onClosed: (lost: boolean) => void) {
  const initial = attempt.selected_answers as Answers;
  const [answers, setAnswers] = useState<Answers>(initial);
  const [state, setState] = useState<SaveState>('idle');
  // Kept answers were put back after a reload: said in the bar (seen wherever the page is scrolled) until the next change.
  const [restored, setRestored] = useState(false);
  const [queue] = useState(() => new SaveQueue({ send: calls.save, draft }));

  useEffect(() => {
    queue.attach({ onState: setState, onClosed });
    // Answers kept on this device before a reload: those the server does not have go back on screen and are sent.
    const kept = draft.read();
    if (kept) {
      const known = new Set(attempt.questions.map((question) => String(question.id)));
      const taken = queue.restore(kept, initial, (key) => known.has(key));
      if (Object.keys(taken).length > 0) {
        // Storage is read after hydration (the server has none), so the kept answers show a moment after the page.
        // eslint-disable-next-line react-hooks/set-state-in-effect
        setAnswers((shown) => ({ ...shown, ...taken }));
        setRestored(true);
      }
    }
    const retry = () => void queue.flush();
    // The browser asks before the page is left only for answers that are neither sent nor kept here.
    const onLeave = (event: BeforeUnloadEvent) => {
      if (!queue.atRisk) {
        // The next page is read while a save may still be on its way: what is saved from now on stays on the device for it.
        queue.leave();
        return;
      }
      event.preventDefault();
      // Older browsers ask only when a value is set; none shows it.
      event.returnValue = 'Ответы не сохранены.';
    };
    // Back from the browser's cache: this page is shown again.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) queue.leave(false);
    };
    window.addEventListener('online', retry);
    window.addEventListener('beforeunload', onLeave);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('online', retry);
      window.removeEventListener('beforeunload', onLeave);
      window.removeEventListener('pageshow', onShow);
      queue.dispose();
    };
    // Once per attempt (the form is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queue]);

  const change = (questionId: number, answer: Answer, typing = false) => {
    setRestored(false);
    setAnswers((shown) => ({ ...shown, [String(questionId)]: answer }));
    queue.change(questionId, answer, { typing });
  };

  /** The attempt is over without our finish: nothing more is sent or kept; true when unsent answers went with it. */
  const close = () => {
    const lost = queue.pending;
    queue.close();
    return lost;
  };
  return { answers, state, restored, change, leaveText: () => void queue.flush(), finish: () => queue.finish(), close };
}

function AttemptForm({
  attempt,
  testId,
  userId,
  api,
  onFinished,
  onNotice,
  focus,
}: {
  attempt: QuizAttempt;
  testId: number;
  /** Whose answers are kept on this device (none without a signed-in person). */
  userId: number | null;
  api: QuizCalls;
  onFinished: (state: QuizState) => void;
  onNotice: (text: string | null) => void;
  focus: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Just started: the first question's first field.
    if (focus) form.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, [focus]);
  // The attempt is over (time ran out, or it was finished in another tab): its result is read.
  const closed = (lost = false) => {
    if (lost) onNotice(NOT_COUNTED);
    void api.read().then(onFinished, () => window.location.reload());
  };
  const [draft] = useState(() => attemptDraft(userId === null ? null : browserStorage(), userId ?? 0, attempt.id, testId));
  const autosave = useAutosave(attempt, api, draft, closed);
  const { answers } = autosave;
  const total = attempt.questions.length;
  const unanswered = attempt.questions.map((question, index) => ({ question, index })).filter(({ question }) => !isAnswered(question, answers[String(question.id)]));
  const [confirming, setConfirming] = useState(false);
  const finishing = useApiForm();

  const finish = () =>
    finishing.run(async () => {
      try {
        const state = await autosave.finish();
        setConfirming(false);
        onNotice(null);
        onFinished(state);
      } catch (error) {
        const status = error instanceof ApiRequestError ? error.status : 0;
        if (status === 409) {
          // Finished already (the time ran out, or another tab): its result is read.
          setConfirming(false);
          closed(autosave.close());
          return;
        }
        if (status === 0) throw rejection({}, [FINISH_OFFLINE])!;
        throw error;
      }
    });
  const problem = finishing.problems.general[0] ?? null;

  // The server's clock: the seconds it gave, counted down here; at zero the attempt is finished.
  const [secondsLeft, setSecondsLeft] = useState(attempt.seconds_left);
  const finishRef = useRef(finish);
  useEffect(() => {
    finishRef.current = finish;
  });
  useEffect(() => {
    if (attempt.seconds_left === null) return;
    const deadline = Date.now() + attempt.seconds_left * 1000;
    let done = false;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0 && !done) {
        done = true;
        void finishRef.current();
      }
    };
    const interval = window.setInterval(tick, 1000);
    return () => window.clearInterval(interval);
  }, [attempt.seconds_left]);

  const answered = total - unanswered.length;
  return (
    <form
      ref={form}
      className="quiz-form"
      aria-describedby="quiz-progress"
      onSubmit={(event) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <ol className="quiz-questions">
        {attempt.questions.map((question, index) => (
          <li key={question.id}>
            <Question
              question={question}
              index={index}
              total={total}
              answer={answers[String(question.id)]}
              onChange={autosave.change}
              onTextLeft={autosave.leaveText}
            />
          </li>
        ))}
      </ol>
      <div className="quiz-bar">
        <p className="quiz-bar__progress" id="quiz-progress">
          Отвечено {answered} из {total}
          <progress max={total} value={answered} aria-hidden="true" />
        </p>
        {secondsLeft !== null ? (
          <p className={`quiz-bar__clock${secondsLeft <= 60 ? ' quiz-bar__clock--low' : ''}`}>
            <span className="visually-hidden">Осталось времени: </span>
            <svg className="quiz-bar__icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 9v4l2.5 2.5M9 2h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <time>{formatClock(secondsLeft)}</time>
          </p>
        ) : null}
        <div className="quiz-bar__lines">
          <p className="quiz-bar__notice" role="status" aria-live="polite">
            {autosave.restored ? RESTORED : ''}
          </p>
          <p className={`quiz-bar__save quiz-bar__save--${autosave.state}`} role="status" aria-live="polite">
            {SAVE_TEXT[autosave.state]}
          </p>
        </div>
        <button type="submit" className="button button--primary quiz-bar__finish">
          Завершить тест
        </button>
      </div>
      <Modal open={confirming} onClose={() => !finishing.busy && setConfirming(false)} title="Завершить тест?" className="learn-dialog">
        <div className="learn-dialog__body">
          <p>
            {unanswered.length === 0
              ? 'Вы ответили на все вопросы.'
              : `Без ответа ${unanswered.length} из ${total}: ${unanswered.length === 1 ? 'вопрос' : 'вопросы'} ${unanswered.map(({ index }) => index + 1).join(', ')}. Они будут засчитаны как неверные.`}
          </p>
          <p>После завершения ответы изменить нельзя.</p>
          {problem ? (
            <p className="learn-problems" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="learn-dialog__actions">
            <button type="button" className="button button--primary" onClick={() => void finish()} disabled={finishing.busy} data-autofocus>
              {finishing.busy ? 'Завершаем…' : 'Завершить'}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)} disabled={finishing.busy}>
              Вернуться к вопросам
            </button>
          </div>
        </div>
      </Modal>
    </form>
  );
}

/** One question as the attempt shows it; the owner's preview (decision 0041) renders it too. */
export function Question({
  question,
  index,
  total,
  answer,
  onChange,
  onTextLeft,
}: {
  question: QuizQuestion;
  index: number;
  total: number;
  answer: Answer | undefined;
  /** `typing`: typed text (saved after a pause); a choice is saved at once. */
  onChange: (questionId: number, answer: Answer, typing?: boolean) => void;
  /** The text field lost focus: what was typed is saved now. */
  onTextLeft?: () => void;
}) {
  const id = useId();
  const textId = `${id}-text`;
  const hint =
    question.type === 'single'
      ? 'Выберите один ответ'
      : question.type === 'multiple'
        ? 'Выберите все верные ответы'
        : question.type === 'text'
          ? 'Впишите ответ'
          : 'Сопоставьте пары';
  const chosen = Array.isArray(answer) ? (answer as unknown[]) : [];
  return (
    <fieldset className="quiz-question" aria-describedby={`${id}-hint`}>
      <legend className="quiz-question__legend">
        <span className="quiz-question__number">
          Вопрос {index + 1} из {total}
        </span>
        <span className="quiz-question__text" id={textId}>
          {question.text}
        </span>
      </legend>
      {question.image ? <img className="quiz-question__image" src={question.image} alt="" /> : null}
      <p className="quiz-question__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {question.type === 'single' || question.type === 'multiple' ? (
        <div className="quiz-options">
          {question.answers.map((option) => {
            const checked = chosen.includes(option.id);
            return (
              <label key={option.id} className={`quiz-option${checked ? ' quiz-option--checked' : ''}`}>
                <input
                  type={question.type === 'single' ? 'radio' : 'checkbox'}
                  name={`q-${question.id}`}
                  value={option.id}
                  checked={checked}
                  onChange={(event) => {
                    if (question.type === 'single') onChange(question.id, [option.id]);
                    else {
                      const ids = chosen.filter((item): item is number => typeof item === 'number' && item !== option.id);
                      onChange(question.id, event.target.checked ? [...ids, option.id] : ids);
                    }
                  }}
                />
                <span>{option.text}</span>
                {option.image ? <img className="quiz-option__image" src={option.image} alt="" /> : null}
              </label>
            );
          })}
        </div>
      ) : question.type === 'text' ? (
        <textarea
          className="quiz-text"
          rows={3}
          maxLength={1000}
          aria-labelledby={textId}
          value={typeof answer === 'string' ? answer : ''}
          onChange={(event) => onChange(question.id, event.target.value, true)}
          onBlur={onTextLeft}
        />
      ) : (
        <div className="quiz-match">
          {question.answers.map((left) => {
            const selectId = `${id}-${left.id}`;
            return (
              <div key={left.id} className="quiz-match__row">
                <label htmlFor={selectId} className="quiz-match__left">
                  {left.text}
                </label>
                <select
                  id={selectId}
                  className="quiz-match__select"
                  value={pairedWith(answer, left.id) ?? ''}
                  onChange={(event) => onChange(question.id, withPair(answer, left.id, event.target.value ? Number(event.target.value) : null))}
                >
                  <option value="">— выберите —</option>
                  {question.options.map((right) => (
                    <option key={right.id} value={right.id}>
                      {right.text}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
