import { useState } from 'react';
import { Link } from 'react-router';
import type { MyCourse } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { browserApi } from '../../api/browser.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { Modal } from '../../components/ui/Modal.tsx';
import { paths } from '../../lib/paths.ts';
import { continuePath, coursePath } from './links.ts';
import './learning.css';

// /user/courses/ 'Мое обучение' (spec §2 User routes, §4; issue 12 Screens): the enrolments of the
// account and its students. A card leads to the course overview; 'Продолжить' to the first lesson
// not completed; 'Скрыть' hides the course (is_active false; it can be shown again at once from
// the notice — the list answers only shown courses); 'Удалить' asks WarningDelete first and, on
// 'Да', removes the access and fetches the list again.

function Messages({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <div className="learn-problems" role="alert">
      {messages.map((message, index) => (
        <p key={index}>{message}</p>
      ))}
    </div>
  );
}

/** WarningDelete (spec §2 Modals, §4): 'Да' removes the access and reloads the list, 'Нет' closes. */
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
  const form = useApiForm();
  return (
    <Modal open={open} onClose={onClose} title="Удаление курса" className="learn-dialog">
      <div className="learn-dialog__body">
        <p>
          Удалить курс «{course?.course.title}»{course?.student ? ` (учится ${course.student.name})` : ''}? Доступ к урокам и тестам
          пропадёт вместе с прогрессом, вернуть его будет нельзя.
        </p>
        <Messages messages={form.problems.general} />
        <div className="learn-dialog__actions">
          <button
            type="button"
            className="button button--primary"
            aria-busy={form.busy}
            disabled={form.busy}
            onClick={() =>
              void form.run(
                async () => {
                  if (!course) return;
                  await browserApi.removeCourse(course.id);
                  await onDeleted();
                },
                { leaving: true },
              )
            }
          >
            Да
          </button>
          <button type="button" className="button button--ghost" data-autofocus onClick={onClose}>
            Нет
          </button>
        </div>
      </div>
    </Modal>
  );
}

function CourseCard({ item, onHide, onDelete }: { item: MyCourse; onHide: () => void; onDelete: () => void }) {
  const { completed, total } = item.progress;
  return (
    <article className="my-course" aria-label={item.course.title}>
      {item.course.image ? (
        <img className="my-course__image" src={item.course.image} alt="" width={640} height={427} loading="lazy" />
      ) : (
        <div className="my-course__image" aria-hidden="true" />
      )}
      <div className="my-course__body">
        <h2 className="my-course__title">
          <Link to={coursePath(item.id)}>{item.course.title}</Link>
        </h2>
        {item.student ? <p className="my-course__student">Учится: {item.student.name}</p> : null}
        {item.access_until ? <p className="my-course__until">Доступ до {formatDate(item.access_until)}</p> : null}
        {total > 0 ? (
          <div className="my-course__progress">
            <progress max={total} value={completed} aria-label={`Пройдено уроков: ${completed} из ${total}`} />
            <span>
              Пройдено уроков: {completed} из {total}
            </span>
          </div>
        ) : null}
        <div className="my-course__actions">
          <Link className="button button--primary my-course__continue" to={continuePath(item.id)} aria-label={`Продолжить: ${item.course.title}`}>
            Продолжить
          </Link>
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

export function MyCoursesScreen({ courses: initial }: { courses: MyCourse[] }) {
  const [courses, setCourses] = useState(initial);
  const [deleting, setDeleting] = useState<MyCourse | null>(null);
  // What the closing dialog shows while it fades out.
  const [shown, setShown] = useState<MyCourse | null>(null);
  if (deleting && deleting !== shown) setShown(deleting);
  // The course just hidden: the notice offers to show it again (the list does not answer hidden ones).
  const [hidden, setHidden] = useState<MyCourse | null>(null);
  const action = useApiForm();

  const reload = async () => setCourses(await browserApi.userCourses());

  const hide = (item: MyCourse) =>
    void action.run(async () => {
      await browserApi.setCourseActive(item.id, false);
      setHidden(item);
      await reload();
    });
  const showAgain = (item: MyCourse) =>
    void action.run(async () => {
      await browserApi.setCourseActive(item.id, true);
      setHidden(null);
      await reload();
    });

  return (
    <main className="account__page">
      <h1 className="account__title">Мое обучение</h1>
      <div className="learn-notice-slot" aria-live="polite">
        {hidden ? (
          <p className="learn-notice">
            Курс «{hidden.course.title}» скрыт: он не показывается здесь и не открывается, пока вы его не вернёте. Прогресс сохранён.{' '}
            <button type="button" className="learn-link-button" disabled={action.busy} onClick={() => showAgain(hidden)}>
              Вернуть курс
            </button>
          </p>
        ) : null}
      </div>
      <Messages messages={action.problems.general} />
      {courses.length === 0 ? (
        <div className="learn-empty">
          <p>Вы пока не записаны ни на один курс.</p>
          <Link className="button button--primary" to={paths.courses()}>
            Выбрать курс в каталоге
          </Link>
        </div>
      ) : (
        <ul className="my-courses">
          {courses.map((item) => (
            <li key={item.id}>
              <CourseCard item={item} onHide={() => hide(item)} onDelete={() => setDeleting(item)} />
            </li>
          ))}
        </ul>
      )}
      <WarningDelete
        key={shown?.id ?? 'none'}
        open={deleting !== null}
        course={shown}
        onClose={() => setDeleting(null)}
        onDeleted={async () => {
          await reload();
          if (hidden?.id === deleting?.id) setHidden(null);
          setDeleting(null);
        }}
      />
    </main>
  );
}
