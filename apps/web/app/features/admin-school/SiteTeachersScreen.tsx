import { lazy, Suspense, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { SiteTeacher } from '@crema/contract';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { SiteTabs, schoolApi, schoolPaths } from './ui.tsx';
import './site-reviews.css';

// /admin/school/site/teachers/ (decision 0073): the school's teachers in the site's order — drag a
// card's handle or use the keyboard (focus the handle, Space, arrows, Space) to move one; the order
// is saved at once. A teacher is added and edited on their own form, deleted after a confirmation.

/** The drag-and-drop list: dnd-kit loads with it, not with every school screen. */
const SortableTeachers = lazy(() => import('./SiteTeachersSortable.tsx'));

export const teacherName = (t: Pick<SiteTeacher, 'first_name' | 'last_name'>) => `${t.first_name} ${t.last_name}`;

/** One teacher's card: photo, name, position, where they are shown, their courses; edit and delete. */
export function TeacherCardBody({ teacher, handle, onDelete }: { teacher: SiteTeacher; handle?: React.ReactNode; onDelete: (t: SiteTeacher) => void }) {
  const shown = [teacher.on_main ? 'на главной' : '', teacher.on_noschool ? 'на сайте без школы' : ''].filter(Boolean).join(', ');
  return (
    <>
      <div className="site-card__lead">
        {handle}
        {teacher.photo_url ? <img className="site-card__photo" src={teacher.photo_url} alt="" width={56} height={56} /> : <span className="site-card__photo" aria-hidden="true" />}
      </div>
      <div className="site-card__body">
        <p className="site-card__name">{teacherName(teacher)}</p>
        {teacher.position ? <p>{teacher.position}</p> : null}
        <p className="site-card__muted">{shown ? `Показывается ${shown}` : 'Только на страницах курсов'}</p>
        <p className="site-card__muted">Курсы: {teacher.courses.length ? teacher.courses.map((c) => c.title).join(', ') : 'нет'}</p>
      </div>
      <div className="site-card__actions">
        <Link className="button button--ghost" to={`${schoolPaths.teachers()}${teacher.id}/`}>
          Изменить<span className="visually-hidden"> — {teacherName(teacher)}</span>
        </Link>
        <button type="button" className="button button--ghost" onClick={() => onDelete(teacher)}>
          Удалить<span className="visually-hidden"> — {teacherName(teacher)}</span>
        </button>
      </div>
    </>
  );
}

export function SiteTeachersScreen({ teachers: loaded }: { teachers: SiteTeacher[] }) {
  const revalidator = useRevalidator();
  const [teachers, setTeachers] = useState(loaded);
  const [seen, setSeen] = useState(loaded);
  if (seen !== loaded) {
    setSeen(loaded);
    setTeachers(loaded);
  }
  const [deleting, setDeleting] = useState<SiteTeacher | null>(null);
  const [orderProblem, setOrderProblem] = useState<string[]>([]);
  const [orderSaved, setOrderSaved] = useState('');

  const reorder = async (next: SiteTeacher[]) => {
    const before = teachers;
    setTeachers(next);
    setOrderProblem([]);
    setOrderSaved('');
    try {
      setTeachers(await schoolApi.orderSiteTeachers(next.map((t) => t.id)));
      setOrderSaved('Порядок сохранён.');
    } catch (error) {
      setTeachers(before);
      const detail = (error as { body?: { detail?: string } }).body?.detail;
      setOrderProblem([detail ?? 'Не удалось сохранить порядок. Попробуйте ещё раз.']);
    }
  };

  const plain = (
    <ul className="site-list" aria-label="Преподаватели">
      {teachers.map((teacher) => (
        <li key={teacher.id} className="site-card" data-testid={`teacher-${teacher.id}`}>
          <TeacherCardBody teacher={teacher} onDelete={setDeleting} />
        </li>
      ))}
    </ul>
  );

  return (
    <section aria-labelledby="site-teachers-title">
      <SiteTabs />
      <div className="admin-head">
        <h1 id="site-teachers-title">Преподаватели</h1>
        <Link className="button button--primary" to={`${schoolPaths.teachers()}new/`}>
          Добавить преподавателя
        </Link>
      </div>
      <p className="school-lead">
        Порядок здесь — порядок на главной странице и на сайте без школы. Перетащите карточку за ручку или выберите ручку клавишей Tab, нажмите пробел,
        стрелками выберите место и нажмите пробел ещё раз.
      </p>
      <FormMessages look="admin" messages={orderProblem} />
      <p role="status" className="admin-muted">
        {orderSaved}
      </p>
      {teachers.length ? (
        <Suspense fallback={plain}>
          <SortableTeachers teachers={teachers} onReorder={(next) => void reorder(next)} onDelete={setDeleting} />
        </Suspense>
      ) : (
        <p className="school-state--empty">Преподавателей пока нет.</p>
      )}
      <ConfirmDialog
        look="admin"
        open={deleting !== null}
        title={`Удалить преподавателя ${deleting ? teacherName(deleting) : ''}?`}
        confirmLabel="Удалить"
        onClose={() => setDeleting(null)}
        action={async () => {
          if (!deleting) return;
          await schoolApi.deleteSiteTeacher(deleting.id);
          setDeleting(null);
          void revalidator.revalidate();
        }}
      >
        <p>Он пропадёт с главной страницы и с сайта без школы. Если он указан на странице курса или ведёт группу в расписании, сначала уберите его оттуда.</p>
      </ConfirmDialog>
    </section>
  );
}
