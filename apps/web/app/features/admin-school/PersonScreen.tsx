import { useId, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Person } from '@crema/contract';
import { formatDate, formatPrice } from '@crema/contract/format';
import { useApiForm } from '../../api/useApiForm.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { roleWords } from './PeopleScreen.tsx';
import { SchoolTabs, moscowTime, personName, schoolPaths, schoolApi } from './ui.tsx';

/** The words the card needs besides the person (given by the loader, like the other staff screens'). */
export interface PersonWords {
  /** The school's courses, for giving one by hand. */
  courses: { id: number; title: string }[];
  consentKinds: Record<string, string>;
  orderStatuses: Record<string, string>;
  sources: Record<string, string>;
}

/** The roles: two boxes and 'Сохранить'; taking the staff role away is confirmed first. */
function Roles({ person, onSaved }: { person: Person; onSaved: () => void }) {
  const id = useId();
  const form = useApiForm(['is_course_owner', 'is_staff']);
  const [owner, setOwner] = useState(person.is_course_owner);
  const [staff, setStaff] = useState(person.is_staff);
  const [saved, setSaved] = useState(false);
  const changed = owner !== person.is_course_owner || staff !== person.is_staff;
  return (
    <form
      className="person-section"
      aria-labelledby={`${id}-title`}
      onSubmit={form.onSubmit(async () => {
        setSaved(false);
        await schoolApi.setPersonRoles(person.id, { is_course_owner: owner, is_staff: staff });
        setSaved(true);
        onSaved();
      })}
    >
      <h2 id={`${id}-title`}>Роли</h2>
      <label className="person-check">
        <input type="checkbox" checked={owner} onChange={(event) => setOwner(event.target.checked)} />
        Владелец курсов — создаёт свои курсы в конструкторе
      </label>
      <label className="person-check">
        <input type="checkbox" checked={staff} onChange={(event) => setStaff(event.target.checked)} aria-describedby={form.errorsOf('is_staff').length ? `${id}-staff-error` : undefined} />
        Сотрудник школы — управляет всеми курсами, людьми и страницами школы
      </label>
      {form.errorsOf('is_staff').length ? (
        <p id={`${id}-staff-error`} className="admin-field__error" role="alert">
          {form.errorsOf('is_staff')[0]}
        </p>
      ) : null}
      <FormMessages look="admin" messages={form.problems.general} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" aria-busy={form.busy}>
          Сохранить роли
        </button>
        {saved && !changed ? <span role="status">Роли сохранены.</span> : null}
      </div>
    </form>
  );
}

/** A course by hand: which one and, if it should end, the last day (access ends at that day's end, Moscow time). */
function GiveCourse({ person, courses, onSaved }: { person: Person; courses: PersonWords['courses']; onSaved: () => void }) {
  const id = useId();
  const form = useApiForm(['course_id', 'access_until']);
  const [course, setCourse] = useState('');
  const [until, setUntil] = useState('');
  const [done, setDone] = useState('');
  return (
    <form
      className="person-section"
      aria-labelledby={`${id}-title`}
      onSubmit={form.onSubmit(async () => {
        setDone('');
        await schoolApi.givePersonCourse(person.id, { course_id: Number(course), access_until: until ? `${until}T23:59:59+03:00` : null });
        setDone(`Курс открыт, ${person.email} получит письмо.`);
        setCourse('');
        setUntil('');
        onSaved();
      })}
    >
      <h2 id={`${id}-title`}>Открыть курс</h2>
      <Field look="admin" label="Курс" errors={form.errorsOf('course_id')}>
        {(a11y) => (
          <select {...a11y} className="admin-input" value={course} onChange={(event) => setCourse(event.target.value)}>
            <option value="">Выберите курс</option>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field look="admin" label="Доступ до (включительно)" hint="Пусто — бессрочно." errors={form.errorsOf('access_until')}>
        {(a11y) => <input {...a11y} type="date" className="admin-input" value={until} onChange={(event) => setUntil(event.target.value)} />}
      </Field>
      <FormMessages look="admin" messages={form.problems.general} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" aria-busy={form.busy}>
          Открыть курс
        </button>
        {done ? <span role="status">{done}</span> : null}
      </div>
    </form>
  );
}

/** Blocking: a reason is asked for in the confirmation; unblocking is one confirmed press. */
function Blocking({ person, onSaved }: { person: Person; onSaved: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const blocked = person.blocked_at !== null;
  return (
    <section className="person-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Доступ к аккаунту</h2>
      {blocked ? (
        <p>
          Заблокирован {moscowTime(person.blocked_at!)}. Причина: {person.blocked_reason ?? '—'}. Войти в аккаунт нельзя.
        </p>
      ) : (
        <p className="admin-muted">Блокировка сразу завершает все входы человека; войти снова он не сможет, пока аккаунт не разблокируют.</p>
      )}
      <button type="button" className={blocked ? 'button button--primary' : 'button button--ghost'} onClick={() => setOpen(true)}>
        {blocked ? 'Разблокировать' : 'Заблокировать'}
      </button>
      <ConfirmDialog
        look="admin"
        open={open}
        title={blocked ? 'Разблокировать аккаунт?' : 'Заблокировать аккаунт?'}
        confirmLabel={blocked ? 'Разблокировать' : 'Заблокировать'}
        onClose={() => setOpen(false)}
        action={async () => {
          if (blocked) await schoolApi.unblockPerson(person.id);
          else await schoolApi.blockPerson(person.id, { reason });
          onSaved();
        }}
      >
        {blocked ? (
          <p>{person.email} снова сможет входить в аккаунт.</p>
        ) : (
          <>
            <p>Все входы {person.email} завершатся сразу. Курсы, заказы и прогресс останутся.</p>
            <div className="admin-field">
              <label htmlFor={`${id}-reason`}>Причина (видна только сотрудникам)</label>
              <textarea id={`${id}-reason`} className="admin-input" value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
            </div>
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** Hands a file made in the browser to the person at the screen, as a download. */
function saveFile(name: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A person's requests about their data, carried out by staff: the file of everything the school
 * holds on them, and the deletion of the account. Each asks which request it answers (kept in
 * the journal) and is confirmed.
 */
function DataRequests({ person, onSaved }: { person: Person; onSaved: () => void }) {
  const id = useId();
  const [open, setOpen] = useState<'export' | 'delete' | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const deleting = open === 'delete';
  const show = (which: 'export' | 'delete') => {
    setDone(null);
    setOpen(which);
  };
  if (person.deleted_at) {
    return (
      <section className="person-section" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Обращения о данных</h2>
        <p>Аккаунт удалён {moscowTime(person.deleted_at)}: личные данные стёрты, заказы остались обезличенными.</p>
      </section>
    );
  }
  return (
    <section className="person-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Обращения о данных</h2>
      <p className="admin-muted">По обращению человека: выгрузить всё, что школа о нём хранит (с документами), или удалить аккаунт. Обращение записывается в журнал.</p>
      <div className="admin-actions">
        <button type="button" className="button button--ghost" onClick={() => show('export')}>
          Выгрузить данные
        </button>
        <button type="button" className="button button--ghost" onClick={() => show('delete')}>
          Удалить аккаунт
        </button>
      </div>
      {done ? <p role="status">{done}</p> : null}
      <ConfirmDialog
        look="admin"
        open={open !== null}
        title={deleting ? 'Удалить аккаунт?' : 'Выгрузить данные?'}
        confirmLabel={deleting ? 'Удалить аккаунт' : 'Выгрузить'}
        onClose={() => setOpen(null)}
        action={async () => {
          if (deleting) {
            await schoolApi.deletePerson(person.id, { reason });
            onSaved();
          } else {
            const data = await schoolApi.exportPerson(person.id, { reason });
            saveFile(`crema-person-${person.id}.json`, JSON.stringify(data, null, 2));
            setDone('Файл с данными скачан. Передайте его человеку защищённым способом: в нём паспорт и СНИЛС.');
          }
          setReason('');
        }}
      >
        {deleting ? (
          <p>
            Личные данные {person.email} сотрутся, документы удалятся, согласия будут отозваны, входы завершатся. Заказы останутся обезличенными. Отменить
            это нельзя.
          </p>
        ) : (
          <p>Файл JSON со всем, что школа хранит о {person.email}, включая паспорт и СНИЛС.</p>
        )}
        <div className="admin-field">
          <label htmlFor={`${id}-reason`}>Обращение: откуда и когда пришло</label>
          <textarea id={`${id}-reason`} className="admin-input" value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </div>
      </ConfirmDialog>
    </section>
  );
}

/**
 * /admin/school/people/{id}/: one person for staff — data, roles, blocking, courses with progress,
 * orders, consents and live sign-ins. Passport and SNILS show only whether they are filled.
 */
export function PersonScreen({ person, words }: { person: Person; words: PersonWords }) {
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  const roles = roleWords(person);
  return (
    <section aria-labelledby="school-person-title" className="person">
      <SchoolTabs />
      <p className="school-back">
        <Link to={schoolPaths.people()}>← Все люди</Link>
      </p>
      <div className="admin-head">
        <h1 id="school-person-title">{personName(person)}</h1>
      </div>
      <dl className="person-facts">
        <div>
          <dt>E-mail</dt>
          <dd>
            {person.email} {person.email_verified ? '' : '(не подтверждён)'}
          </dd>
        </div>
        <div>
          <dt>Телефон</dt>
          <dd>{person.phone ?? 'не указан'}</dd>
        </div>
        <div>
          <dt>Дата рождения</dt>
          <dd>{person.birth_date ? formatDate(person.birth_date) : 'не указана'}</dd>
        </div>
        <div>
          <dt>Документы</dt>
          <dd>
            паспорт {person.documents.passport ? 'заполнен' : 'не заполнен'}, СНИЛС {person.documents.snils ? 'заполнен' : 'не заполнен'}
          </dd>
        </div>
        <div>
          <dt>Аккаунт</dt>
          <dd>
            создан {moscowTime(person.created_at)}, последний вход {person.last_login_at ? moscowTime(person.last_login_at) : '—'}
            {roles.length ? `; ${roles.join(', ')}` : ''}
          </dd>
        </div>
        {person.students.length ? (
          <div>
            <dt>Ученики аккаунта</dt>
            <dd>{person.students.map((s) => `${s.last_name} ${s.first_name}${s.type === 'child' ? ' (ребёнок)' : ''}`).join(', ')}</dd>
          </div>
        ) : null}
      </dl>

      <div className="person-grid">
        {person.deleted_at ? null : (
          <>
            <Roles person={person} onSaved={refresh} />
            <Blocking person={person} onSaved={refresh} />
            <GiveCourse person={person} courses={words.courses} onSaved={refresh} />
          </>
        )}
        <DataRequests person={person} onSaved={refresh} />
      </div>

      <h2 className="school-subtitle">Курсы</h2>
      {person.courses.length ? (
        <ul className="person-list">
          {person.courses.map((c) => (
            <li key={c.user_course_id}>
              <strong>{c.course.title}</strong>
              {c.student ? ` — учится ${c.student}` : ''}
              <span className="audit-small">
                {words.sources[c.source] ?? c.source}, с {moscowTime(c.enrolled_at)}; уроков пройдено {c.progress.lessons_done} из {c.progress.lessons_total}
                {c.is_active ? (c.access_until ? `; доступ до ${moscowTime(c.access_until)}` : '') : '; доступ закрыт'}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">Курсов нет.</p>
      )}

      <h2 className="school-subtitle">Заказы</h2>
      {person.orders.length ? (
        <ul className="person-list">
          {person.orders.map((o) => (
            <li key={o.id}>
              <Link className="audit-action" to={schoolPaths.order(o.id)}>
                <strong>№ {o.code}</strong>
              </Link>{' '}
              — {o.course}, {formatPrice(o.amount)}
              <span className="audit-small">
                {words.orderStatuses[o.status] ?? o.status}; создан {moscowTime(o.created_at)}
                {o.paid_at ? `, оплачен ${moscowTime(o.paid_at)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">Заказов нет.</p>
      )}

      <h2 className="school-subtitle">Согласия</h2>
      {person.consents.length ? (
        <ul className="person-list">
          {person.consents.map((c, i) => (
            <li key={i}>
              {words.consentKinds[c.kind] ?? c.kind}
              {c.version ? `, редакция ${c.version}` : ''}
              <span className="audit-small">
                дано {moscowTime(c.given_at)}
                {c.withdrawn_at ? `, отозвано ${moscowTime(c.withdrawn_at)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">Согласий нет.</p>
      )}

      <h2 className="school-subtitle">Действующие входы</h2>
      {person.sessions.length ? (
        <ul className="person-list">
          {person.sessions.map((s, i) => (
            <li key={i}>
              {s.user_agent ?? 'Неизвестный браузер'}
              <span className="audit-small">
                вход {moscowTime(s.started_at)}, последнее обновление {moscowTime(s.last_used_at)}
                {s.ip ? `, адрес ${s.ip}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">Действующих входов нет.</p>
      )}
    </section>
  );
}
