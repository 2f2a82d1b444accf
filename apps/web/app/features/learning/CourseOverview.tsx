import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isDone } from './links.ts';
import { accountPaths, continuePath } from '../../ui/paths.ts';
import { courseLinks, type StudyCourse } from './links.ts';
import { Outline } from './Outline.tsx';
import './learning.css';

// /user/courses/{id}/: the course overview: its modules with lessons and tests
// and their statuses, the final tests, and 'Продолжить' to where the learner stopped; under them the
// learner's review of the course (`review`, decision 0073).

export function CourseOverview({ course, review = null, certificate = null }: { course: StudyCourse; review?: ReactNode; certificate?: ReactNode }) {
  const items = [...course.outline.modules.flatMap((module) => module.content), ...course.outline.final_tests.map((test) => ({ ...test, type: 'test' as const }))];
  const done = items.filter((item) => item.status === 'completed').length;
  const started = items.some((item) => isDone(item.type, item.status));
  return (
    <main className="account__page learn-overview">
      <p className="learn-back">
        <Link to={accountPaths.userCourses()}>← Мое обучение</Link>
      </p>
      <h1 className="account__title">{course.title}</h1>
      {course.student ? <p className="learn-note">Учится: {course.student.name}</p> : null}
      <div className="learn-overview__summary">
        {items.length ? (
          <p className="learn-overview__count">
            Пройдено: {done} из {items.length}
          </p>
        ) : (
          <p className="learn-overview__count">Материалы курса скоро появятся.</p>
        )}
        {items.length ? (
          <Link className="button button--primary" to={continuePath(course.id)}>
            {started ? 'Продолжить' : 'Начать обучение'}
          </Link>
        ) : null}
      </div>
      {certificate}
      <Outline links={courseLinks(course.id)} outline={course.outline} variant="overview" />
      {review}
    </main>
  );
}
