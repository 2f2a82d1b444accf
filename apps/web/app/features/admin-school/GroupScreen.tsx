import { useId, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { SchoolGroup, SchoolGroupCard, SchoolGroupOptions, SchoolMembers, SchoolSession } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { seatsWords } from './GroupsScreen.tsx';
import { SchoolTabs, moscowTime, schoolApi, schoolPaths } from './ui.tsx';

/** What the group's screens need besides the group (given by the loader). */
export interface GroupScreenWords {
  statuses: Record<string, string>;
  sources: Record<string, string>;
  options: SchoolGroupOptions;
}

type FormValues = {
  course_id: string;
  title: string;
  starts_on: string;
  ends_on: string;
  format: 'offline' | 'online';
  location: string;
  online_url: string;
  bring: string;
  capacity: string;
  teacher_id: string;
};

const valuesOf = (group: SchoolGroup | null): FormValues => ({
  course_id: group ? String(group.course.id) : '',
  title: group?.title ?? '',
  starts_on: group?.starts_on ?? '',
  ends_on: group?.ends_on ?? '',
  format: group?.format === 'online' ? 'online' : 'offline',
  location: group?.location ?? '',
  online_url: group?.online_url ?? '',
  bring: group?.bring ?? '',
  capacity: group?.capacity === null || group === null ? '' : String(group.capacity),
  teacher_id: group?.teacher ? String(group.teacher.id) : '',
});

const GROUP_FIELDS = ['course_id', 'title', 'starts_on', 'ends_on', 'format', 'location', 'online_url', 'bring', 'capacity', 'teacher_id'] as const;

/** The group's own fields: the new group's form and the existing one's (which carries the version it was opened at). */
function GroupForm({ group, options, onSaved }: { group: SchoolGroup | null; options: SchoolGroupOptions; onSaved: (saved: SchoolGroup) => void }) {
  const id = useId();
  const form = useApiForm(GROUP_FIELDS);
  const [values, setValues] = useState<FormValues>(() => valuesOf(group));
  const [saved, setSaved] = useState(false);
  const set = (key: keyof FormValues) => (event: { target: { value: string } }) => {
    setSaved(false);
    setValues((v) => ({ ...v, [key]: event.target.value }));
  };
  const fields = () => ({
    title: values.title,
    starts_on: values.starts_on,
    ends_on: values.ends_on || null,
    format: values.format,
    location: values.format === 'offline' ? values.location || null : null,
    online_url: values.format === 'online' ? values.online_url || null : null,
    bring: values.bring.trim() || null,
    capacity: values.capacity ? Number(values.capacity) : null,
    teacher_id: values.teacher_id ? Number(values.teacher_id) : null,
  });
  return (
    <form
      className="person-section"
      aria-labelledby={`${id}-title`}
      onSubmit={form.onSubmit(async () => {
        const result = group
          ? await schoolApi.updateSchoolGroup(group.id, { version: group.version, ...fields() })
          : await schoolApi.createSchoolGroup({ course_id: Number(values.course_id), ...fields() });
        setSaved(true);
        onSaved(result);
      })}
    >
      <h2 id={`${id}-title`}>{group ? 'Группа' : 'Новая группа'}</h2>
      {group ? (
        <p>
          Курс: <strong>{group.course.title}</strong>
        </p>
      ) : (
        <Field look="admin" label="Курс" errors={form.errorsOf('course_id')}>
          {(a11y) => (
            <select {...a11y} className="admin-input" value={values.course_id} onChange={set('course_id')}>
              <option value="">Выберите курс</option>
              {options.courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field look="admin" label="Название" hint="Например, «Группа с 1 декабря, вечер»." errors={form.errorsOf('title')}>
        {(a11y) => <input {...a11y} className="admin-input" value={values.title} maxLength={200} onChange={set('title')} />}
      </Field>
      <div className="groups-pair">
        <Field look="admin" label="Начало" errors={form.errorsOf('starts_on')}>
          {(a11y) => <input {...a11y} type="date" className="admin-input" value={values.starts_on} onChange={set('starts_on')} />}
        </Field>
        <Field look="admin" label="Окончание" hint="Можно не указывать." errors={form.errorsOf('ends_on')}>
          {(a11y) => <input {...a11y} type="date" className="admin-input" value={values.ends_on} onChange={set('ends_on')} />}
        </Field>
      </div>
      <fieldset className="groups-format">
        <legend>Формат</legend>
        <label className="person-check">
          <input type="radio" name={`${id}-format`} value="offline" checked={values.format === 'offline'} onChange={set('format')} />
          Очно — по адресу
        </label>
        <label className="person-check">
          <input type="radio" name={`${id}-format`} value="online" checked={values.format === 'online'} onChange={set('format')} />
          Онлайн — по ссылке
        </label>
      </fieldset>
      {values.format === 'offline' ? (
        <Field look="admin" label="Адрес" errors={form.errorsOf('location')}>
          {(a11y) => <input {...a11y} className="admin-input" value={values.location} maxLength={300} onChange={set('location')} />}
        </Field>
      ) : (
        <Field look="admin" label="Ссылка на занятия" hint="Её видят только участники группы: на своей странице группы, в расписании и календаре." errors={form.errorsOf('online_url')}>
          {(a11y) => <input {...a11y} type="url" className="admin-input" value={values.online_url} maxLength={500} onChange={set('online_url')} placeholder="https://" />}
        </Field>
      )}
      <Field look="admin" label="Что взять с собой" hint="Необязательно: придёт участникам в письме накануне первого занятия." errors={form.errorsOf('bring')}>
        {(a11y) => <textarea {...a11y} className="admin-input" rows={2} value={values.bring} maxLength={500} onChange={set('bring')} />}
      </Field>
      <div className="groups-pair">
        <Field look="admin" label="Мест" hint="Пусто — без ограничения." errors={form.errorsOf('capacity')}>
          {(a11y) => <input {...a11y} type="number" min={1} inputMode="numeric" className="admin-input" value={values.capacity} onChange={set('capacity')} />}
        </Field>
        <Field look="admin" label="Преподаватель" errors={form.errorsOf('teacher_id')}>
          {(a11y) => (
            <select {...a11y} className="admin-input" value={values.teacher_id} onChange={set('teacher_id')}>
              <option value="">Не назначен</option>
              {options.teachers.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.last_name} {t.first_name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <FormMessages look="admin" messages={form.problems.general} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" aria-busy={form.busy}>
          {group ? 'Сохранить' : 'Создать группу'}
        </button>
        {saved && group ? <span role="status">Группа сохранена.</span> : null}
      </div>
    </form>
  );
}

/** /admin/school/groups/new/: the form of a new group; saving opens the group (a draft) to set its timetable. */
export function NewGroupScreen({ options }: { options: SchoolGroupOptions }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="school-new-group-title">
      <SchoolTabs />
      <p className="school-back">
        <Link to={schoolPaths.groups()}>← Все группы</Link>
      </p>
      <div className="admin-head">
        <h1 id="school-new-group-title">Новая группа</h1>
      </div>
      <p className="school-lead">Группа создаётся черновиком: добавьте занятия и опубликуйте её, чтобы она появилась в расписании.</p>
      <div className="groups-narrow">
        <GroupForm group={null} options={options} onSaved={(saved) => void navigate(schoolPaths.group(saved.id))} />
      </div>
    </section>
  );
}

type SessionValues = { title: string; date: string; starts: string; ends: string; location: string; lesson_id: string; test_id: string };
const sessionValues = (s: SchoolSession | null, fallbackDate: string): SessionValues => ({
  title: s?.title ?? '',
  date: s?.date ?? fallbackDate,
  starts: s?.starts ?? '',
  ends: s?.ends ?? '',
  location: s?.location ?? '',
  lesson_id: s?.lesson ? String(s.lesson.id) : '',
  test_id: s?.test ? String(s.test.id) : '',
});

/** A session's form: a new one, or an existing one's (a move tells the members by letter). */
function SessionForm({ group, session, onDone, onCancel }: { group: SchoolGroup; session: SchoolSession | null; onDone: () => void; onCancel?: () => void }) {
  const id = useId();
  const form = useApiForm(['title', 'date', 'starts', 'ends', 'location', 'lesson_id', 'test_id']);
  const [values, setValues] = useState(() => sessionValues(session, group.sessions.at(-1)?.date ?? group.starts_on));
  const set = (key: keyof SessionValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));
  return (
    <form
      className="person-section groups-session-form"
      aria-labelledby={`${id}-title`}
      onSubmit={form.onSubmit(async () => {
        const body = {
          title: values.title,
          date: values.date,
          starts: values.starts,
          ends: values.ends,
          location: values.location || null,
          lesson_id: values.lesson_id ? Number(values.lesson_id) : null,
          test_id: values.test_id ? Number(values.test_id) : null,
        };
        if (session) await schoolApi.updateSchoolSession(group.id, session.id, body);
        else await schoolApi.addSchoolSession(group.id, body);
        if (!session) setValues(sessionValues(null, values.date));
        onDone();
      })}
    >
      <h3 id={`${id}-title`}>{session ? `Изменить: ${session.title}` : 'Добавить занятие'}</h3>
      <Field look="admin" label="Название занятия" errors={form.errorsOf('title')}>
        {(a11y) => <input {...a11y} className="admin-input" value={values.title} maxLength={200} onChange={set('title')} />}
      </Field>
      <div className="groups-time">
        <Field look="admin" label="Дата" errors={form.errorsOf('date')}>
          {(a11y) => <input {...a11y} type="date" className="admin-input" value={values.date} onChange={set('date')} />}
        </Field>
        <Field look="admin" label="Начало (МСК)" errors={form.errorsOf('starts')}>
          {(a11y) => <input {...a11y} type="time" className="admin-input" value={values.starts} onChange={set('starts')} />}
        </Field>
        <Field look="admin" label="Конец (МСК)" errors={form.errorsOf('ends')}>
          {(a11y) => <input {...a11y} type="time" className="admin-input" value={values.ends} onChange={set('ends')} />}
        </Field>
      </div>
      <div className="groups-pair">
        <Field look="admin" label="Урок, который открывает занятие" errors={form.errorsOf('lesson_id')}>
          {(a11y) => (
            <select {...a11y} className="admin-input" value={values.lesson_id} onChange={set('lesson_id')}>
              <option value="">Без урока</option>
              {group.programme.lessons.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field look="admin" label="Тест, который открывает занятие" errors={form.errorsOf('test_id')}>
          {(a11y) => (
            <select {...a11y} className="admin-input" value={values.test_id} onChange={set('test_id')}>
              <option value="">Без теста</option>
              {group.programme.tests.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {group.format === 'offline' ? (
        <Field look="admin" label="Другое место" hint="Пусто — по адресу группы." errors={form.errorsOf('location')}>
          {(a11y) => <input {...a11y} className="admin-input" value={values.location} maxLength={300} onChange={set('location')} />}
        </Field>
      ) : null}
      {session && !session.is_past ? <p className="admin-muted">Если изменить дату или время, участники группы получат письмо.</p> : null}
      <FormMessages look="admin" messages={form.problems.general} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" aria-busy={form.busy}>
          {session ? 'Сохранить занятие' : 'Добавить занятие'}
        </button>
        {onCancel ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Отмена
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The timetable: sessions in time order (Moscow time), each editable and cancellable (confirmed: members get a letter). */
function Timetable({ group, onChanged }: { group: SchoolGroup; onChanged: () => void }) {
  const [editing, setEditing] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<SchoolSession | null>(null);
  return (
    <section aria-labelledby="groups-sessions-title" className="groups-block">
      <h2 id="groups-sessions-title" className="school-subtitle">
        Расписание занятий
      </h2>
      <p className="admin-muted">Время — московское. Участники видят эти занятия на странице группы, в «Моём расписании» и в календаре по ссылке.</p>
      {group.sessions.length ? (
        <ol className="person-list groups-sessions">
          {group.sessions.map((s) => (
            <li key={s.id}>
              {editing === s.id ? (
                <SessionForm
                  group={group}
                  session={s}
                  onDone={() => {
                    setEditing(null);
                    onChanged();
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <div className="groups-session">
                  <div>
                    <strong>{s.title}</strong>
                    <span className="audit-small">
                      {formatDate(s.date)}, {s.starts}–{s.ends} (МСК){s.is_past ? ' — прошло' : ''}
                      {s.location ? `; ${s.location}` : ''}
                    </span>
                    {s.lesson || s.test ? (
                      <span className="audit-small">
                        Открывает: {[s.lesson ? `урок «${s.lesson.title}»` : '', s.test ? `тест «${s.test.title}»` : ''].filter(Boolean).join(', ')}
                      </span>
                    ) : null}
                  </div>
                  <div className="groups-row-actions">
                    <button type="button" className="button button--ghost" onClick={() => setEditing(s.id)} aria-label={`Изменить занятие «${s.title}»`}>
                      Изменить
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => setCancelling(s)} aria-label={`Отменить занятие «${s.title}»`}>
                      Отменить
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="admin-muted">Занятий пока нет.</p>
      )}
      <SessionForm group={group} session={null} onDone={onChanged} />
      <ConfirmDialog
        look="admin"
        open={cancelling !== null}
        title="Отменить занятие?"
        confirmLabel="Отменить занятие"
        cancelLabel="Не отменять"
        onClose={() => setCancelling(null)}
        action={async () => {
          if (!cancelling) return;
          await schoolApi.cancelSchoolSession(group.id, cancelling.id);
          onChanged();
        }}
      >
        <p>
          Занятие «{cancelling?.title}» исчезнет из расписания группы и календарей участников.
          {cancelling && !cancelling.is_past ? ' Участники получат письмо об отмене.' : ''}
        </p>
      </ConfirmDialog>
    </section>
  );
}

const memberName = (m: SchoolMembers['members'][number]) => [m.user.last_name, m.user.first_name].filter(Boolean).join(' ') || m.user.email;

/** Members: add by e-mail, move to another group of the course, remove (both confirmed). */
function Members({ group, members, siblings, sources, onChanged }: { group: SchoolGroup; members: SchoolMembers; siblings: SchoolGroupCard[]; sources: Record<string, string>; onChanged: () => void }) {
  const id = useId();
  const form = useApiForm(['email']);
  const [email, setEmail] = useState('');
  const [done, setDone] = useState('');
  const [removing, setRemoving] = useState<SchoolMembers['members'][number] | null>(null);
  const [moving, setMoving] = useState<SchoolMembers['members'][number] | null>(null);
  const [target, setTarget] = useState('');
  const others = siblings.filter((g) => g.id !== group.id && g.status !== 'closed');
  return (
    <section aria-labelledby="groups-members-title" className="groups-block">
      <h2 id="groups-members-title" className="school-subtitle">
        Участники ({members.members.length}; места: {seatsWords(group)})
      </h2>
      {members.members.length ? (
        <ul className="person-list">
          {members.members.map((m) => (
            <li key={m.user_course_id} className="groups-session">
              <div>
                <strong>{memberName(m)}</strong>
                {m.student ? ` — учится ${m.student}` : ''}
                <span className="audit-small">
                  {m.user.email}; {sources[m.source] ?? m.source}
                  {m.order_code ? `, заказ № ${m.order_code}` : ''}; в группе с {moscowTime(m.joined_at)}
                </span>
              </div>
              <div className="groups-row-actions">
                <button type="button" className="button button--ghost" onClick={() => { setTarget(''); setMoving(m); }} aria-label={`Перевести ${memberName(m)} в другую группу`}>
                  Перевести
                </button>
                <button type="button" className="button button--ghost" onClick={() => setRemoving(m)} aria-label={`Исключить ${memberName(m)} из группы`}>
                  Исключить
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">В группе пока никого.</p>
      )}
      {members.invited.length ? (
        <p className="admin-muted">Приглашены, ещё не вошли на сайт: {members.invited.map((i) => i.email).join(', ')}.</p>
      ) : null}
      <form
        className="person-section"
        aria-labelledby={`${id}-add`}
        onSubmit={form.onSubmit(async () => {
          setDone('');
          const result = await schoolApi.addSchoolMember(group.id, { email });
          setDone(result.detail);
          setEmail('');
          onChanged();
        })}
      >
        <h3 id={`${id}-add`}>Добавить участника</h3>
        <Field look="admin" label="E-mail" hint="Если аккаунта нет, человек получит приглашение и попадёт в группу, когда войдёт на сайт." errors={form.errorsOf('email')}>
          {(a11y) => <input {...a11y} type="email" className="admin-input" value={email} autoComplete="off" onChange={(event) => setEmail(event.target.value)} />}
        </Field>
        <FormMessages look="admin" messages={form.problems.general} />
        <div className="admin-actions">
          <button type="submit" className="button button--primary" aria-busy={form.busy}>
            Добавить
          </button>
          {done ? <span role="status">{done}</span> : null}
        </div>
      </form>
      <ConfirmDialog
        look="admin"
        open={removing !== null}
        title="Исключить из группы?"
        confirmLabel="Исключить"
        onClose={() => setRemoving(null)}
        action={async () => {
          if (!removing) return;
          await schoolApi.removeSchoolMember(group.id, removing.user_course_id);
          onChanged();
        }}
      >
        <p>{removing ? memberName(removing) : ''} больше не будет в группе и её расписании. Доступ к курсу и прогресс останутся; место освободится.</p>
      </ConfirmDialog>
      <ConfirmDialog
        look="admin"
        open={moving !== null}
        title="Перевести в другую группу"
        confirmLabel="Перевести"
        onClose={() => setMoving(null)}
        action={async () => {
          if (!moving) return;
          const missing = target ? null : rejection({}, ['Выберите группу.']);
          if (missing) throw missing;
          await schoolApi.moveSchoolMember(group.id, moving.user_course_id, Number(target));
          onChanged();
        }}
      >
        {others.length ? (
          <div className="admin-field">
            <label htmlFor={`${id}-target`}>Группа курса «{group.course.title}»</label>
            <select id={`${id}-target`} className="admin-input" value={target} onChange={(event) => setTarget(event.target.value)}>
              <option value="">Выберите группу</option>
              {others.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}, с {formatDate(g.starts_on)} — {seatsWords(g)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p>У курса нет других открытых групп.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** The state line and its buttons: publish (onto the public schedule) and close (confirmed). */
function Publishing({ group, statuses, onChanged }: { group: SchoolGroup; statuses: Record<string, string>; onChanged: () => void }) {
  const form = useApiForm();
  const [closing, setClosing] = useState(false);
  return (
    <div className="groups-state">
      <span className={`admin-status admin-status--${group.status === 'published' ? 'published' : 'draft'}`}>{statuses[group.status] ?? group.status}</span>
      {group.status !== 'published' ? (
        <button type="button" className="button button--primary" aria-busy={form.busy} onClick={() => void form.run(async () => { await schoolApi.publishSchoolGroup(group.id); onChanged(); })}>
          {group.status === 'closed' ? 'Открыть снова и опубликовать' : 'Опубликовать в расписании'}
        </button>
      ) : null}
      {group.status !== 'closed' ? (
        <button type="button" className="button button--ghost" onClick={() => setClosing(true)}>
          Закрыть группу
        </button>
      ) : null}
      <FormMessages look="admin" messages={form.problems.general} />
      <ConfirmDialog
        look="admin"
        open={closing}
        title="Закрыть группу?"
        confirmLabel="Закрыть группу"
        onClose={() => setClosing(false)}
        action={async () => {
          await schoolApi.closeSchoolGroup(group.id);
          onChanged();
        }}
      >
        <p>Группа «{group.title}» исчезнет из расписания на сайте, записаться в неё будет нельзя. Участники останутся и будут видеть свои занятия.</p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * /admin/school/groups/{id}/: one group for staff — its state (publish, close), the form (saved with
 * the version it was opened at: someone else's save in between is refused, not overwritten), the
 * timetable and the members.
 */
export function GroupScreen({ group, members, siblings, words }: { group: SchoolGroup; members: SchoolMembers; siblings: SchoolGroupCard[]; words: GroupScreenWords }) {
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  return (
    <section aria-labelledby="school-group-title" className="person">
      <SchoolTabs />
      <p className="school-back">
        <Link to={schoolPaths.groups()}>← Все группы</Link>
      </p>
      <div className="admin-head">
        <h1 id="school-group-title">{group.title}</h1>
      </div>
      <p className="school-lead">
        {group.course.title}; с {formatDate(group.starts_on)}
        {group.ends_on ? ` по ${formatDate(group.ends_on)}` : ''}; места: {seatsWords(group)}; ждут оплаты: {group.waiting_orders}
      </p>
      <Publishing group={group} statuses={words.statuses} onChanged={refresh} />
      <div className="groups-narrow">
        <GroupForm group={group} options={words.options} onSaved={refresh} />
      </div>
      <Timetable group={group} onChanged={refresh} />
      <Members group={group} members={members} siblings={siblings} sources={words.sources} onChanged={refresh} />
    </section>
  );
}
