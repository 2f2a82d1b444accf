import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MyCertificates, MyCourse } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { browserApi } from '../../api/browser.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { paths } from '../../lib/paths.ts';
import { continuePath, coursePath } from '../../ui/paths.ts';
import './learning.css';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { CertificateLinks } from './CertificateLinks.tsx';

// /user/courses/ 'Мое обучение': the enrolments of the
// account and its students. A card leads to the course overview; 'Продолжить' to the first lesson
// not completed; 'Скрыть' hides the course (is_active false): it moves to 'Скрытые курсы' below,
// where 'Вернуть' shows it again (so does the notice right after hiding); 'Удалить' asks
// WarningDelete first and, on 'Да', removes the access and fetches the lists again.
// Courses an owner opened to the address meanwhile (pending grants) are only counted by the page's
// reads (no GET changes state); the screen then takes them with one POST and reloads its data, so
// they appear at once. Without JavaScript they come with the next session refresh or sign-in.

/** WarningDelete: 'Да' removes the access and reloads the list, 'Нет' closes. */
function WarningDelete({
  course,
  open,
  onClose,
  onDeleted,
}: {
  course: MyCourse | null;
  open: boolean;
  onClose: () => void;
  onDeleted: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      look="learning"
      open={open}
      onClose={onClose}
      title="Удаление курса"
      leaving
      action={async () => {
        if (!course) return;
        await browserApi.removeCourse(course.id);
        await onDeleted();
      }}
    >
      <p>
        Удалить курс «{course?.course.title}»{course?.student ? ` (учится ${course.student.name})` : ''}? Доступ к урокам и тестам
        пропадёт вместе с прогрессом, вернуть его будет нельзя.
      </p>
    </ConfirmDialog>
  );
}

function CourseCard({ item, certificates, onHide, onDelete }: { item: MyCourse; certificates: MyCertificates | null; onHide: () => void; onDelete: () => void }) {
  const { completed, total } = item.progress;
  const ended = item.access_ended;
  return (
    <article className={`my-course${ended ? ' my-course--ended' : ''}`} aria-label={item.course.title}>
      {item.course.image ? (
        <img className="my-course__image" src={item.course.image} alt="" width={640} height={427} loading="lazy" />
      ) : (
        <div className="my-course__image" aria-hidden="true" />
      )}
      <div className="my-course__body">
        <h2 className="my-course__title">{ended ? item.course.title : <Link to={coursePath(item.id)}>{item.course.title}</Link>}</h2>
        {item.student ? <p className="my-course__student">Учится: {item.student.name}</p> : null}
        {item.access_until ? (
          <p className="my-course__until">
            {ended ? `Доступ закончился ${formatDate(item.access_until)}` : `Доступ до ${formatDate(item.access_until)}`}
          </p>
        ) : null}
        {total > 0 ? (
          <div className="my-course__progress">
            <progress max={total} value={completed} aria-label={`Пройдено уроков: ${completed} из ${total}`} />
            <span>
              Пройдено уроков: {completed} из {total}
            </span>
          </div>
        ) : null}
        <CertificateLinks enrolmentId={item.id} certificates={certificates} title={item.course.title} />
        <div className="my-course__actions">
          {ended ? (
            <Link className="button button--primary my-course__continue" to={paths.course(item.course.slug)} aria-label={`Записаться снова: ${item.course.title}`}>
              Записаться снова
            </Link>
          ) : (
            <Link className="button button--primary my-course__continue" to={continuePath(item.id)} aria-label={`Продолжить: ${item.course.title}`}>
              Продолжить
            </Link>
          )}
          <button type="button" className="button button--ghost learn-small" aria-label={`Скрыть: ${item.course.title}`} onClick={onHide}>
            Скрыть
          </button>
          <button type="button" className="button button--ghost learn-small" aria-label={`Удалить: ${item.course.title}`} onClick={onDelete}>
            Удалить
          </button>
        </div>
      </div>
    </article>
  );
}

/** A hidden course: named, with who studies it, to be shown again or deleted (its lessons are closed meanwhile). */
function HiddenCourse({ item, busy, onShow, onDelete }: { item: MyCourse; busy: boolean; onShow: () => void; onDelete: () => void }) {
  return (
    <li className="hidden-course">
      <div className="hidden-course__name">
        <span className="hidden-course__title">{item.course.title}</span>
        {item.student ? <span className="my-course__student">Учится: {item.student.name}</span> : null}
        {item.access_ended && item.access_until ? (
          <span className="my-course__until">Доступ закончился {formatDate(item.access_until)}</span>
        ) : null}
      </div>
      <div className="hidden-course__actions">
        <button type="button" className="button button--ghost learn-small" aria-label={`Вернуть: ${item.course.title}`} disabled={busy} onClick={onShow}>
          Вернуть
        </button>
        <button type="button" className="button button--ghost learn-small" aria-label={`Удалить: ${item.course.title}`} onClick={onDelete}>
          Удалить
        </button>
      </div>
    </li>
  );
}

export function MyCoursesScreen({
  courses: initialCourses,
  hidden: initialHidden,
  groups = 0,
  pendingGrants = 0,
  certificates = null,
}: {
  courses: MyCourse[];
  hidden: MyCourse[];
  /** How many groups the account (or a child) studies in: 'Мои группы' is offered above the courses. */
  groups?: number;
  /** Courses owners opened to the account's address, not yet enrolments: taken once, then the data reloads. */
  pendingGrants?: number;
  /** The account's certificates and the courses waiting for its name (decision 0085). */
  certificates?: MyCertificates | null;
}) {
  const [lists, setLists] = useState({ courses: initialCourses, hidden: initialHidden });
  const reload = useCallback(async () => {
    const [nextCourses, nextHidden] = await Promise.all([browserApi.userCourses(), browserApi.hiddenCourses()]);
    setLists({ courses: nextCourses, hidden: nextHidden });
  }, []);
  // Once per visit of the page: the lists read again show what is now ours.
  const tookGrants = useRef(false);
  useEffect(() => {
    if (pendingGrants <= 0 || tookGrants.current) return;
    tookGrants.current = true;
    browserApi
      .applyGrants()
      .then(reload)
      // Not taken now (a network failure): the next session refresh or sign-in takes them.
      .catch(() => undefined);
  }, [pendingGrants, reload]);
  const { courses, hidden } = lists;
  const [deleting, setDeleting] = useState<MyCourse | null>(null);
  // What the closing dialog shows while it fades out.
  const [shown, setShown] = useState<MyCourse | null>(null);
  if (deleting && deleting !== shown) setShown(deleting);
  // The course just hidden: the notice says where it went and offers to show it again at once.
  const [justHidden, setJustHidden] = useState<MyCourse | null>(null);
  const action = useApiForm();

  const hide = (item: MyCourse) =>
    void action.run(async () => {
      await browserApi.setCourseActive(item.id, false);
      setJustHidden(item);
      await reload();
    });
  const showAgain = (item: MyCourse) =>
    void action.run(async () => {
      await browserApi.setCourseActive(item.id, true);
      setJustHidden(null);
      await reload();
    });

  return (
    <main className="account__page">
      <h1 className="account__title">Мое обучение</h1>
      {groups > 0 ? (
        <p className="learn-note">
          Занятия по расписанию, материалы группы и одногруппники — в разделе <Link to="/user/group/">«Мои группы»</Link>.
        </p>
      ) : null}
      <div className="learn-notice-slot" aria-live="polite">
        {justHidden ? (
          <p className="learn-notice">
            Курс «{justHidden.course.title}» скрыт: он перенесён в «Скрытые курсы» и не открывается, пока вы его не вернёте. Прогресс
            сохранён.{' '}
            <button type="button" className="learn-link-button" disabled={action.busy} onClick={() => showAgain(justHidden)}>
              Вернуть курс
            </button>
          </p>
        ) : null}
      </div>
      <FormMessages look="learning" messages={action.problems.general} />
      {courses.length === 0 ? (
        <div className="learn-empty">
          <p>{hidden.length ? 'Все ваши курсы скрыты.' : 'Вы пока не записаны ни на один курс.'}</p>
          <Link className="button button--primary" to={paths.courses()}>
            Выбрать курс в каталоге
          </Link>
        </div>
      ) : (
        <ul className="my-courses">
          {courses.map((item) => (
            <li key={item.id}>
              <CourseCard item={item} certificates={certificates} onHide={() => hide(item)} onDelete={() => setDeleting(item)} />
            </li>
          ))}
        </ul>
      )}
      {hidden.length ? (
        <details className="hidden-courses" open={courses.length === 0 || undefined}>
          <summary>Скрытые курсы ({hidden.length})</summary>
          <ul className="hidden-courses__list">
            {hidden.map((item) => (
              <HiddenCourse key={item.id} item={item} busy={action.busy} onShow={() => showAgain(item)} onDelete={() => setDeleting(item)} />
            ))}
          </ul>
        </details>
      ) : null}
      <WarningDelete
        key={shown?.id ?? 'none'}
        open={deleting !== null}
        course={shown}
        onClose={() => setDeleting(null)}
        onDeleted={async () => {
          await reload();
          if (justHidden?.id === deleting?.id) setJustHidden(null);
          setDeleting(null);
        }}
      />
    </main>
  );
}
