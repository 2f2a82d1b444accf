import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { AttendanceSheet, AttendanceStatus } from '@crema/contract';
import { ATTENDANCE_LABELS, ATTENDANCE_NOTE_MAX, ATTENDANCE_SHORT, ATTENDANCE_STATUSES } from '@crema/contract/rules';
import { formatDateTime } from '@crema/contract/format';
import { ApiRequestError } from '../../api/client.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { useUnsavedGuard } from '../../ui/UnsavedGuard.tsx';
import { attendanceApi, attendancePaths } from './api.ts';
import './attendance.css';

// /curator/groups/{id}/sessions/{sessionId}/: a session's list on a phone — one row per member with
// four big toggles (pressed again, a toggle takes the mark away) and a note, 'Все пришли' for the
// usual case, and one save of the whole list at the version it was opened at. Another curator's save
// in between is the server's 409: said in Russian, with a button that loads their list. Leaving the
// page with marks not saved asks first (a link, the back button, closing the tab).

interface Mark {
  status: AttendanceStatus | null;
  note: string;
}

export function SheetScreen({ sheet }: { sheet: AttendanceSheet }) {
  // The version this screen saved: 'Сохранено' is said while the list shown is that one.
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  // A new version from the server (after a save or a reload) starts the list afresh.
  return <Sheet key={sheet.version} sheet={sheet} justSaved={savedVersion === sheet.version} onSaved={setSavedVersion} />;
}

function Sheet({ sheet, justSaved, onSaved }: { sheet: AttendanceSheet; justSaved: boolean; onSaved: (version: number) => void }) {
  const revalidator = useRevalidator();
  const form = useApiForm([]);
  const initial = () => new Map<number, Mark>(sheet.rows.map((r) => [r.user_course_id, { status: r.status, note: r.note }]));
  const [marks, setMarks] = useState(initial);
  const [notesOpen, setNotesOpen] = useState<Set<number>>(() => new Set(sheet.rows.filter((r) => r.note).map((r) => r.user_course_id)));
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState(justSaved);
  const { session, group } = sheet;

  const set = (id: number, change: Partial<Mark>) => {
    setSaved(false);
    setMarks((old) => new Map(old).set(id, { ...old.get(id)!, ...change }));
  };
  const changed = sheet.rows.some((r) => {
    const m = marks.get(r.user_course_id)!;
    return m.status !== r.status || m.note.trim() !== r.note;
  });
  // A saved list comes back as a new version, and a new version is a new Sheet: nothing to release.
  const guard = useUnsavedGuard(changed && !form.busy, 'Отметки этого занятия не сохранены. Если уйти сейчас, они пропадут.');
  const markedCount = [...marks.values()].filter((m) => m.status !== null).length;
  const allPresent = () => {
    setSaved(false);
    setMarks((old) => new Map([...old].map(([id, m]) => [id, m.status === null ? { ...m, status: 'present' } : m])));
  };

  const save = () =>
    form.run(async () => {
      setStale(false);
      let answer: AttendanceSheet;
      try {
        answer = await attendanceApi.save(group.id, session.id, {
          version: sheet.version,
          marks: sheet.rows.map((r) => ({ user_course_id: r.user_course_id, status: marks.get(r.user_course_id)!.status, note: marks.get(r.user_course_id)!.note.trim() })),
        });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 409) setStale(true);
        throw error;
      }
      onSaved(answer.version);
      await revalidator.revalidate();
    });

  return (
    <section aria-labelledby="att-sheet-title" className="att att-sheet">
      {guard.dialog}
      <p className="att-back">
        <Link to={attendancePaths.group(group.id)}>← {group.title}</Link>
      </p>
      <p className="att-card__course">{sheet.course.title}</p>
      <h1 id="att-sheet-title" className="att-sheet__title">
        {session.title}
      </h1>
      <p className="admin-muted">
        {formatDateTime(session.starts_at)} (МСК)
        {session.lesson ? ` · урок «${session.lesson.title}»` : session.test ? ` · тест «${session.test.title}»` : ''}
      </p>
      {sheet.updated_by && sheet.updated_at ? (
        <p className="admin-small admin-muted">
          Список сохранил(а) {sheet.updated_by}, {formatDateTime(sheet.updated_at)}
        </p>
      ) : null}

      {sheet.rows.length ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <p>
            <button type="button" className="button button--ghost" onClick={allPresent} disabled={markedCount === sheet.rows.length}>
              Все пришли
            </button>
            <span className="admin-small admin-muted att-hint"> — отметит присутствие тем, у кого отметки ещё нет</span>
          </p>
          <ul className="att-rows" aria-label="Участники">
            {sheet.rows.map((row) => {
              const mark = marks.get(row.user_course_id)!;
              const nameId = `att-name-${row.user_course_id}`;
              const noteOpen = notesOpen.has(row.user_course_id);
              return (
                <li key={row.user_course_id} className={`att-row${mark.status ? ` att-row--${mark.status}` : ''}`}>
                  <p className="att-row__name">
                    <span id={nameId}>{row.name}</span>
                    {mark.status ? <span className="visually-hidden">: {ATTENDANCE_LABELS[mark.status]}</span> : null}
                  </p>
                  <div className="att-toggles" role="group" aria-labelledby={nameId}>
                    {ATTENDANCE_STATUSES.map((status) => (
                      <button
                        key={status}
                        type="button"
                        className={`att-toggle att-toggle--${status}`}
                        aria-pressed={mark.status === status}
                        title={ATTENDANCE_LABELS[status]}
                        onClick={() => set(row.user_course_id, { status: mark.status === status ? null : status })}
                      >
                        {ATTENDANCE_SHORT[status]}
                      </button>
                    ))}
                  </div>
                  {noteOpen ? (
                    <label className="att-note">
                      <span className="admin-small">Заметка</span>
                      <input
                        className="admin-input"
                        value={mark.note}
                        maxLength={ATTENDANCE_NOTE_MAX}
                        onChange={(event) => set(row.user_course_id, { note: event.target.value })}
                        placeholder="Например: предупредил(а), что заболел(а)"
                      />
                    </label>
                  ) : (
                    <button type="button" className="att-note-open" onClick={() => setNotesOpen((old) => new Set(old).add(row.user_course_id))}>
                      + Заметка
                    </button>
                  )}
                  {row.marked_by && row.marked_at ? (
                    <p className="admin-small admin-muted att-row__who">
                      Отметил(а) {row.marked_by}, {formatDateTime(row.marked_at)}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <div className="att-savebar">
            <p className="admin-small att-savebar__count" role="status">
              {saved && !changed ? 'Сохранено. ' : ''}Отмечено: {markedCount} из {sheet.rows.length}
            </p>
            <FormMessages look="admin" messages={form.problems.general} />
            {stale ? (
              <button type="button" className="button button--ghost" onClick={() => void revalidator.revalidate()}>
                Загрузить свежий список
              </button>
            ) : null}
            <button type="submit" className="button button--primary att-savebar__save" disabled={form.busy || (!changed && sheet.version > 0)}>
              {form.busy ? 'Сохраняем…' : 'Сохранить'}
            </button>
          </div>
        </form>
      ) : (
        <div className="admin-empty">
          <p>В группе пока никого нет.</p>
        </div>
      )}
    </section>
  );
}
