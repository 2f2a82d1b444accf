import { useId, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Application } from '@crema/contract';
import { formatPrice, fromIsoDate } from '@crema/contract/format';
import { useApiForm } from '../../api/useApiForm.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { StatusLabel } from './ApplicationsScreen.tsx';
import { SchoolTabs, moscowTime, phoneShown, schoolApi, schoolPaths } from './ui.tsx';

/** The words the card needs (given by the loader): status and order-status titles, and who is looking. */
export interface ApplicationCardWords {
  statuses: Record<string, string>;
  orderStatuses: Record<string, string>;
  /** The staff member looking at it ('Назначить мне'). */
  me: number;
}

/** A value as the person entered it, in the site's formats. */
function shown(field: Application['fields'][number]): string {
  if (field.type === 'phone') return phoneShown(field.value);
  if (field.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(field.value)) return fromIsoDate(field.value);
  return field.value;
}

/** The next steps of an application, by its status: what the buttons offer. */
const NEXT: Record<string, { status: 'new' | 'in_work' | 'done' | 'spam'; label: string; primary?: boolean }[]> = {
  new: [
    { status: 'in_work', label: 'Взять в работу', primary: true },
    { status: 'done', label: 'Отметить обработанной' },
    { status: 'spam', label: 'Это спам' },
  ],
  in_work: [
    { status: 'done', label: 'Отметить обработанной', primary: true },
    { status: 'new', label: 'Вернуть в новые' },
    { status: 'spam', label: 'Это спам' },
  ],
  done: [{ status: 'in_work', label: 'Вернуть в работу' }],
  spam: [{ status: 'new', label: 'Не спам — вернуть в новые' }],
};

/** Who handles it: a staff member from the list, or oneself in one press. */
function Assign({ application, me, onSaved }: { application: Application; me: number; onSaved: () => void }) {
  const form = useApiForm(['assignee_id']);
  const [assignee, setAssignee] = useState(String(application.assignee?.id ?? ''));
  const [said, setSaid] = useState('');
  const assign = (to: number | null) =>
    form.run(async () => {
      setSaid('');
      await schoolApi.assignApplication(application.id, { assignee_id: to });
      setAssignee(String(to ?? ''));
      setSaid(to === null ? 'Ответственный снят.' : 'Ответственный назначен.');
      onSaved();
    });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void assign(assignee ? Number(assignee) : null);
      }}
    >
      <Field look="admin" label="Ответственный" errors={form.errorsOf('assignee_id')}>
        {(a11y) => (
          <select {...a11y} className="admin-input" value={assignee} onChange={(event) => setAssignee(event.target.value)}>
            <option value="">Не назначен</option>
            {application.staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormMessages look="admin" messages={form.problems.general} />
      <div className="admin-actions">
        <button type="submit" className="button button--ghost" aria-busy={form.busy}>
          Назначить
        </button>
        {application.assignee?.id !== me ? (
          <button type="button" className="button button--ghost" aria-busy={form.busy} onClick={() => void assign(me)}>
            Назначить мне
          </button>
        ) : null}
        {said ? <span role="status">{said}</span> : null}
      </div>
    </form>
  );
}

/** Status and who handles it. */
function Handling({ application, words, onSaved }: { application: Application; words: ApplicationCardWords; onSaved: () => void }) {
  const id = useId();
  const form = useApiForm(['status']);
  const [said, setSaid] = useState('');
  return (
    <section className="person-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Обработка</h2>
      <p>
        Статус: <StatusLabel status={application.status} words={words.statuses} />
        {application.assignee ? `, ответственный — ${application.assignee.name}` : ', ответственный не назначен'}
      </p>
      <div className="admin-actions">
        {NEXT[application.status]!.map((step) => (
          <button
            key={step.status}
            type="button"
            className={step.primary ? 'button button--primary' : 'button button--ghost'}
            aria-busy={form.busy}
            onClick={() =>
              void form.run(async () => {
                setSaid('');
                await schoolApi.setApplicationStatus(application.id, { status: step.status });
                setSaid(`Статус изменён: ${words.statuses[step.status]}.`);
                onSaved();
              })
            }
          >
            {step.label}
          </button>
        ))}
      </div>
      {said ? <p role="status">{said}</p> : null}
      <FormMessages look="admin" messages={[...form.errorsOf('status'), ...form.problems.general]} />
      {/* Anew when the assignee changes elsewhere (taking it in work makes it the taker's). */}
      <Assign key={application.assignee?.id ?? 0} application={application} me={words.me} onSaved={onSaved} />
    </section>
  );
}

/** The staff's notes: the list and a new one. */
function Notes({ application, onSaved }: { application: Application; onSaved: () => void }) {
  const id = useId();
  const form = useApiForm(['text']);
  const [text, setText] = useState('');
  return (
    <section className="person-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Заметки</h2>
      <p className="admin-muted">Видят только сотрудники школы.</p>
      {application.notes.length ? (
        <ul className="application-notes">
          {application.notes.map((note) => (
            <li key={note.id}>
              {note.text}
              <span className="audit-small">
                {note.author}, {moscowTime(note.created_at)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        onSubmit={form.onSubmit(async () => {
          await schoolApi.addApplicationNote(application.id, { text });
          setText('');
          onSaved();
        })}
      >
        <Field look="admin" label="Новая заметка" errors={form.errorsOf('text')}>
          {(a11y) => <textarea {...a11y} className="admin-input" value={text} maxLength={2000} onChange={(event) => setText(event.target.value)} />}
        </Field>
        <FormMessages look="admin" messages={form.problems.general} />
        <div className="admin-actions">
          <button type="submit" className="button button--primary" aria-busy={form.busy}>
            Добавить заметку
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * /admin/school/applications/{id}/: one application — the fields as the person entered them, the
 * account and orders of the same e-mail, its status, who handles it and the staff's notes.
 */
export function ApplicationScreen({ application, words }: { application: Application; words: ApplicationCardWords }) {
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  const title = application.name || application.email || `Заявка №${application.id}`;
  return (
    <section aria-labelledby="school-application-title" className="person">
      <SchoolTabs />
      <p className="school-back">
        <Link to={schoolPaths.applications()}>← Все заявки</Link>
      </p>
      <div className="admin-head">
        <h1 id="school-application-title">{title}</h1>
      </div>
      <dl className="person-facts">
        <div>
          <dt>Форма</dt>
          <dd>{application.form.title}</dd>
        </div>
        {application.course ? (
          <div>
            <dt>Курс</dt>
            <dd>
              <a href={`/courses/${application.course.slug}/`}>{application.course.title}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Получена</dt>
          <dd>{moscowTime(application.created_at)}</dd>
        </div>
        {application.fields.map((field) => (
          <div key={field.name}>
            <dt>{field.title}</dt>
            <dd>{field.type === 'email' ? <a href={`mailto:${field.value}`}>{field.value}</a> : field.type === 'phone' ? <a href={`tel:+${field.value}`}>{shown(field)}</a> : shown(field)}</dd>
          </div>
        ))}
        <div>
          <dt>Аккаунт</dt>
          <dd>
            {application.person ? (
              <Link to={schoolPaths.person(application.person.id)}>
                {application.person.name} ({application.person.email})
              </Link>
            ) : (
              'аккаунта с этим e-mail нет'
            )}
          </dd>
        </div>
      </dl>

      <div className="person-grid">
        <Handling application={application} words={words} onSaved={refresh} />
        <Notes application={application} onSaved={refresh} />
      </div>

      <h2 className="school-subtitle">Заказы с этим e-mail</h2>
      {application.orders.length ? (
        <ul className="person-list">
          {application.orders.map((o) => (
            <li key={o.id}>
              <strong>№ {o.code}</strong> — {o.course}, {formatPrice(o.amount)}
              <span className="audit-small">
                {words.orderStatuses[o.status] ?? o.status}; создан {moscowTime(o.created_at)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">Заказов нет.</p>
      )}
    </section>
  );
}
