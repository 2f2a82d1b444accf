import { lazy, Suspense, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { SiteTeacher } from '@crema/contract';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { SiteTabs, schoolPaths, siteApi } from './ui.tsx';
import { TeacherCardBody, teacherName } from './SiteTeachersCard.tsx';
import './site-reviews.css';

// /admin/school/site/teachers/ (decision 0073): the school's teachers in the site's order — drag a
// card's handle or use the keyboard (focus the handle, Space, arrows, Space) to move one; the order
// is saved at once. A teacher is added and edited on their own form, deleted after a confirmation.

/** The drag-and-drop list: dnd-kit loads with it, not with every school screen. */
const SortableTeachers = lazy(() => import('./SiteTeachersSortable.tsx'));

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
      setTeachers(await siteApi.orderSiteTeachers(next.map((t) => t.id)));
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
          await siteApi.deleteSiteTeacher(deleting.id);
          setDeleting(null);
          void revalidator.revalidate();
        }}
      >
        <p>Он пропадёт с главной страницы и с сайта без школы. Если он указан на странице курса или ведёт группу в расписании, сначала уберите его оттуда.</p>
      </ConfirmDialog>
    </section>
  );
}
