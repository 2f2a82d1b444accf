import { Link } from 'react-router';
import type { SiteTeacher } from '@crema/contract';
import { schoolPaths } from './ui.tsx';

// A teacher's card on the staff list (decision 0073), the same in the list that sorts and in the
// plain one shown until it loads.

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
