import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LearningPosition, LessonPage } from '@crema/contract';
import { positionPath, type StudyLinks } from './links.ts';

// /user/courses/{id}/lessons/{lessonId}/?page=n: one page of a lesson in the
// course-study layout (routes/user/study.tsx), with previous/next across pages, lessons, tests and modules as the API
// orders them. Opening the page is what records progress (the API does it, decision 0028). The
// page's blocks come from the route (features/content/LessonBlocks.tsx: the content renderer).

function describe(position: LearningPosition, lesson: LessonPage): string {
  if (position.type === 'lesson' && position.id === lesson.id) return `страница ${position.page ?? 1}`;
  return position.type === 'test' ? `тест «${position.title}»` : position.title;
}

function Step({ links, lesson, position, direction }: { links: StudyLinks; lesson: LessonPage; position: LearningPosition; direction: 'previous' | 'next' }) {
  const word = direction === 'previous' ? 'Назад' : 'Далее';
  const text = describe(position, lesson);
  return (
    <Link
      className={`lesson-step lesson-step--${direction}`}
      to={positionPath(links, position)}
      rel={direction === 'previous' ? 'prev' : 'next'}
      aria-label={`${word}: ${text}`}
    >
      <span className="lesson-step__word">{direction === 'previous' ? `← ${word}` : `${word} →`}</span>
      <span className="lesson-step__what">{text}</span>
    </Link>
  );
}

export function LessonScreen({ links, lesson, children }: { links: StudyLinks; lesson: LessonPage; children: ReactNode }) {
  return (
    <article className="lesson" aria-labelledby="lesson-title">
      <p className="lesson__module">{lesson.module.title}</p>
      <h1 className="lesson__title" id="lesson-title">
        {lesson.title}
      </h1>
      <p className="lesson__meta">
        {lesson.page_count > 1 ? (
          <span>
            Страница {lesson.page} из {lesson.page_count}
          </span>
        ) : null}
        {lesson.duration_minutes ? <span>{lesson.duration_minutes} мин</span> : null}
      </p>
      {lesson.blocks.length ? children : <p className="learn-note">На этой странице пока ничего нет.</p>}
      <nav className="lesson-steps" aria-label="Переход по уроку">
        {lesson.previous ? <Step links={links} lesson={lesson} position={lesson.previous} direction="previous" /> : <span />}
        {lesson.next ? (
          <Step links={links} lesson={lesson} position={lesson.next} direction="next" />
        ) : (
          <Link className="lesson-step lesson-step--next" to={links.home}>
            <span className="lesson-step__word">Готово</span>
            <span className="lesson-step__what">к {links.homeName}</span>
          </Link>
        )}
      </nav>
    </article>
  );
}

/**
 * A lesson or test the group's timetable has not opened yet (the API's 403 text: 'Урок откроется
 * dd.mm.yyyy в HH:MM (по московскому времени)…'), said calmly with the way back.
 */
export function ClosedPlace({ kind, title, text, links }: { kind: string; title: string; text: string; links: StudyLinks }) {
  return (
    <article className="lesson" aria-labelledby="lesson-title">
      <p className="lesson__module">{kind}</p>
      <h1 className="lesson__title" id="lesson-title">
        {title}
      </h1>
      <div className="learn-closed" role="note">
        <p>{text}</p>
        <Link className="button button--primary" to={links.home}>
          К {links.homeName}
        </Link>
      </div>
    </article>
  );
}
