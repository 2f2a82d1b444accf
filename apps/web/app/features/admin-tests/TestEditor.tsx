import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { AdminQuestion, AdminTest } from '@crema/contract';
import { adminBrowserApi } from '../../api/admin.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useUnsavedGuard } from '../../ui/UnsavedGuard.tsx';
import { MEASURE_ON_EVERY_MOVE, placeAnnouncements, useSortableSensors } from '../../ui/sortable.ts';
import { QUESTION_TYPE_LABELS } from './drafts.ts';
import { QuestionEditor } from './QuestionEditor.tsx';
import { TestSettings } from './TestSettings.tsx';
import './admin-tests.css';
import { FormMessages } from '../../ui/FormMessages.tsx';

/** Where a test lives in the builder: its module's course page, or the course's final tests. */
export const adminPaths = {
  test: (id: number) => `/admin/tests/${id}/`,
  courseTests: (courseId: number) => `/admin/courses/${courseId}/test/`,
  course: (courseId: number) => `/admin/courses/${courseId}/`,
};

/**
 * Marks which parts of the page hold unsaved typing (settings, each question), and warns before
 * leaving while any do (ui/UnsavedGuard.tsx: links, the back button, closing the tab).
 */
function useUnsaved() {
  const [parts, setParts] = useState<Record<string, boolean>>({});
  const dirty = Object.values(parts).some(Boolean);
  const mark = useCallback((part: string, isDirty: boolean) => setParts((old) => (old[part] === isDirty ? old : { ...old, [part]: isDirty })), []);
  const guard = useUnsavedGuard(dirty, 'На странице есть несохранённые изменения теста. Если уйти, они пропадут.');
  return { mark, leaveDialog: guard.dialog };
}

function PublishPanel({ test, version, onChanged }: { test: AdminTest; version: string; onChanged: (test: AdminTest) => void }) {
  const api = useApiForm(['is_published']);
  const problems = api.errorsOf('is_published').length ? api.errorsOf('is_published') : test.publish_problems;
  const ready = problems.length === 0;
  const toggle = (isPublished: boolean) =>
    api.run(async () =>
      onChanged(
        await adminBrowserApi.updateAdminTest(test.id, {
          is_published: isPublished,
          updated_at: version,
        }),
      ),
    );
  return (
    <section className="at-card at-publish" aria-labelledby="at-publish-title">
      <h2 className="at-card__title" id="at-publish-title">
        Публикация
      </h2>
      <p className={test.is_published ? 'at-status at-status--on' : 'at-status'}>
        {test.is_published ? 'Опубликован — ученики видят тест' : 'Черновик — ученики тест пока не видят'}
      </p>
      {ready ? (
        <p className="at-check at-check--ok">✓ Всё готово: вопросы заполнены, у каждого есть правильный ответ.</p>
      ) : (
        <>
          <p className="at-check__title" id="at-checklist-title">
            {test.is_published ? 'Ученики могут споткнуться — исправьте:' : 'Что исправить перед публикацией:'}
          </p>
          <ul className="at-checklist" aria-labelledby="at-checklist-title">
            {problems.map((problem) => (
              <li key={problem} className="at-check at-check--todo">
                {problem}
              </li>
            ))}
          </ul>
        </>
      )}
      <FormMessages look="test-editor" messages={api.problems.general} />
      {test.is_published ? (
        <button type="button" className="button button--ghost at-small" onClick={() => void toggle(false)} disabled={api.busy}>
          Снять с публикации
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary at-small"
          onClick={() => void toggle(true)}
          disabled={api.busy || !ready}
          aria-describedby={ready ? undefined : 'at-checklist-title'}
        >
          Опубликовать тест
        </button>
      )}
    </section>
  );
}

function answerSummary(q: AdminQuestion): string {
  if (q.type === 'match') {
    const groups = new Map<string, string[]>();
    for (const a of q.answers) groups.set(a.connect_id ?? `#${a.id}`, [...(groups.get(a.connect_id ?? `#${a.id}`) ?? []), a.text]);
    return [...groups.values()].map((texts) => texts.join(' ↔ ')).join('; ');
  }
  return q.answers.map((a) => (a.is_correct ? `✓ ${a.text}` : a.text)).join('; ');
}

const INSTRUCTIONS = 'Чтобы переставить вопрос, нажмите пробел, стрелками выберите место и нажмите пробел ещё раз. Escape — отмена.';

/** What a screen reader hears while a question moves: its number and its place among the questions. */
function announcements(questions: readonly AdminQuestion[]) {
  const ids = questions.map((q) => q.id);
  return placeAnnouncements(ids, (id, order) => `Вопрос ${order.indexOf(id) + 1}`);
}

function QuestionCard({
  question,
  number,
  total,
  onEdit,
  onDelete,
  onMove,
}: {
  question: AdminQuestion;
  number: number;
  total: number;
  onEdit: () => void;
  onDelete: () => void;
  onMove: (to: number) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: question.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={['at-question', isDragging ? 'at-question--dragging' : ''].filter(Boolean).join(' ')}
      aria-label={`Вопрос ${number}`}
    >
      <div className="at-question__move">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="at-question__handle"
          title="Перетащите или нажмите пробел, чтобы переставить"
          {...attributes}
          {...listeners}
          aria-label={`Переставить вопрос ${number}`}
        >
          ⋮⋮
        </button>
        <button type="button" className="at-question__step" aria-label={`Поднять вопрос ${number}`} disabled={number === 1} onClick={() => onMove(number - 2)}>
          ↑
        </button>
        <button type="button" className="at-question__step" aria-label={`Опустить вопрос ${number}`} disabled={number === total} onClick={() => onMove(number)}>
          ↓
        </button>
      </div>
      <div className="at-question__body">
        <p className="at-question__meta">
          Вопрос {number} · {QUESTION_TYPE_LABELS[question.type]}
          {question.probability !== 100 ? ` · в попытке с вероятностью ${question.probability}%` : ''}
        </p>
        <p className="at-question__text">{question.text}</p>
        {question.image ? <img className="at-question__image" src={question.image.url} alt="" /> : null}
        <p className="at-question__answers">{answerSummary(question) || 'Ответов пока нет'}</p>
        {question.problems.length ? (
          <ul className="at-checklist" aria-label={`Что не так с вопросом ${number}`}>
            {question.problems.map((problem) => (
              <li key={problem} className="at-check at-check--todo">
                {problem}
              </li>
            ))}
          </ul>
        ) : (
          <p className="at-check at-check--ok">✓ Вопрос готов</p>
        )}
      </div>
      <div className="at-question__actions">
        <button type="button" className="button button--ghost at-small" onClick={onEdit}>
          Изменить
        </button>
        <button type="button" className="button button--ghost at-small" onClick={onDelete} aria-label={`Удалить вопрос ${number}`}>
          Удалить
        </button>
      </div>
    </li>
  );
}

/**
 * /admin/tests/{id}/ (decision 0038): the settings, the publish checklist and the questions —
 * written one at a time, ordered by drag and drop (or the keyboard), previewed as learners see them.
 */
export function TestEditor({ initialTest, initialQuestions }: { initialTest: AdminTest; initialQuestions: AdminQuestion[] }) {
  const [test, setTest] = useState(initialTest);
  // The version the settings were opened at; moves on with this page's own saves.
  const [version, setVersion] = useState(initialTest.updated_at);
  const [questions, setQuestions] = useState(initialQuestions);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminQuestion | null>(null);
  const { mark, leaveDialog } = useUnsaved();
  const markSettings = useCallback((dirty: boolean) => mark('settings', dirty), [mark]);
  const markQuestion = useCallback((dirty: boolean) => mark('question', dirty), [mark]);
  const order = useApiForm();
  const removal = useApiForm();

  const adopt = useCallback((fresh: AdminTest) => {
    setTest(fresh);
    setVersion(fresh.updated_at);
  }, []);
  // Questions change the test's version and its checklist: read both again after each change.
  const refreshTest = useCallback(async () => adopt(await adminBrowserApi.adminTest(test.id)), [adopt, test.id]);

  const nextSort = useMemo(() => questions.reduce((max, q) => Math.max(max, q.sort), 0) + 1, [questions]);

  /** Puts a question at position `to` (0-based) and saves the whole new order in one call. */
  const moveQuestion = (questionId: number, to: number) => {
    const from = questions.findIndex((q) => q.id === questionId);
    if (from < 0 || to < 0 || to >= questions.length || from === to) return;
    const moved = [...questions];
    moved.splice(to, 0, ...moved.splice(from, 1));
    const before = questions;
    setQuestions(moved.map((q, i) => ({ ...q, sort: i + 1 })));
    void order.run(async () => {
      try {
        setQuestions(
          await adminBrowserApi.setAdminQuestionOrder(
            test.id,
            moved.map((q) => q.id),
          ),
        );
      } catch (error) {
        setQuestions(before);
        throw error;
      } finally {
        await refreshTest().catch(() => undefined);
      }
    });
  };
  const sensors = useSortableSensors();
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    moveQuestion(
      Number(active.id),
      questions.findIndex((q) => q.id === over.id),
    );
  };

  const confirmDelete = () =>
    removal.run(async () => {
      if (!deleting) return;
      await adminBrowserApi.deleteAdminQuestion(test.id, deleting.id);
      setQuestions((list) => list.filter((q) => q.id !== deleting.id));
      if (editing === deleting.id) setEditing(null);
      setDeleting(null);
      await refreshTest();
    });

  const saved = (question: AdminQuestion) => {
    setQuestions((list) => (list.some((q) => q.id === question.id) ? list.map((q) => (q.id === question.id ? question : q)) : [...list, question]));
    setEditing(null);
    void refreshTest().catch(() => undefined);
  };

  const deletingNumber = deleting ? questions.findIndex((q) => q.id === deleting.id) + 1 : 0;

  return (
    <div className="account__page at-page">
      <nav className="at-crumbs" aria-label="Где вы">
        <Link to={adminPaths.course(test.course.id)}>{test.course.title}</Link>
        {test.module ? <span> · {test.module.title}</span> : <Link to={adminPaths.courseTests(test.course.id)}> · Итоговые тесты</Link>}
      </nav>
      <h1 className="account__title">{test.name}</h1>
      {test.attempts_count > 0 ? (
        <p className="at-hint">Ученики уже сделали попыток: {test.attempts_count}. Изменения вопросов коснутся новых попыток.</p>
      ) : null}
      <div className="at-layout">
        <PublishPanel test={test} version={version} onChanged={adopt} />
        <div className="at-layout">
          <TestSettings key={test.id} test={test} version={version} onSaved={adopt} onDirtyChange={markSettings} />
          <section className="at-card" aria-labelledby="at-questions-title">
            <h2 className="at-card__title" id="at-questions-title">
              Вопросы ({questions.length})
            </h2>
            {questions.length > 1 ? (
              <p className="at-hint">Порядок меняется перетаскиванием за ⋮⋮ (с клавиатуры: пробел, стрелки, пробел) или кнопками ↑ и ↓.</p>
            ) : null}
            <FormMessages look="test-editor" messages={order.problems.general} />
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              measuring={MEASURE_ON_EVERY_MOVE}
              onDragEnd={onDragEnd}
              accessibility={{
                announcements: announcements(questions),
                screenReaderInstructions: { draggable: INSTRUCTIONS },
              }}
            >
              <SortableContext items={questions.map((q) => q.id)} strategy={verticalListSortingStrategy}>
                <ol className="at-questions" aria-busy={order.busy}>
                  {questions.map((question, i) =>
                    editing === question.id ? (
                      <li key={question.id} className="at-question at-question--editing">
                        <QuestionEditor
                          testId={test.id}
                          question={question}
                          number={i + 1}
                          nextSort={nextSort}
                          onSaved={saved}
                          onCancel={() => setEditing(null)}
                          onDirtyChange={markQuestion}
                          header={<h3 className="at-editor__title">Вопрос {i + 1}</h3>}
                        />
                      </li>
                    ) : (
                      <QuestionCard
                        key={question.id}
                        question={question}
                        number={i + 1}
                        total={questions.length}
                        onEdit={() => setEditing(question.id)}
                        onDelete={() => setDeleting(question)}
                        onMove={(to) => moveQuestion(question.id, to)}
                      />
                    ),
                  )}
                </ol>
              </SortableContext>
            </DndContext>
            {editing === 'new' ? (
              <QuestionEditor
                testId={test.id}
                question={null}
                number={questions.length + 1}
                nextSort={nextSort}
                onSaved={saved}
                onCancel={() => setEditing(null)}
                onDirtyChange={markQuestion}
                header={<h3 className="at-editor__title">Новый вопрос</h3>}
              />
            ) : (
              <button type="button" className="button button--primary at-small" onClick={() => setEditing('new')} disabled={editing !== null}>
                Добавить вопрос
              </button>
            )}
            {editing !== null && editing !== 'new' ? <p className="at-hint">Сначала сохраните или закройте открытый вопрос.</p> : null}
          </section>
        </div>
      </div>

      <Modal open={deleting !== null} onClose={() => setDeleting(null)} title="Удалить вопрос?">
        {deleting ? (
          <>
            <p>
              Вопрос {deletingNumber} «{deleting.text}» и все его ответы ({deleting.answers.length}) будут удалены. Вернуть их будет нельзя.
            </p>
            <FormMessages look="test-editor" messages={removal.problems.general} />
            <div className="at-editor__actions">
              <button type="button" className="button button--primary at-small" onClick={() => void confirmDelete()} disabled={removal.busy} data-autofocus>
                Удалить вопрос
              </button>
              <button type="button" className="button button--ghost at-small" onClick={() => setDeleting(null)} disabled={removal.busy}>
                Отмена
              </button>
            </div>
          </>
        ) : null}
      </Modal>

      {leaveDialog}
    </div>
  );
}
