import { Link } from 'react-router';
import type { MyCourse } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { paths } from '../../lib/paths.ts';
import './payment.css';

// /user/courses/ 'Мое обучение', first version (issue 11: the golden path ends here). The study
// pages come with issue 12; until then a card leads to the course's public page.

function CourseCard({ item }: { item: MyCourse }) {
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
          {/* Issue 12 replaces this with the course's study page. */}
          <Link to={paths.course(item.course.slug)}>{item.course.title}</Link>
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
      </div>
    </article>
  );
}

export function MyCoursesScreen({ courses }: { courses: MyCourse[] }) {
  return (
    <main className="account__page">
      <h1 className="account__title">Мое обучение</h1>
      {courses.length === 0 ? (
        <div className="empty-state">
          <p>Вы пока не записаны ни на один курс.</p>
          <Link className="button button--primary" to={paths.courses()}>
            Выбрать курс в каталоге
          </Link>
        </div>
      ) : (
        <ul className="my-courses">
          {courses.map((item) => (
            <li key={item.id}>
              <CourseCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
