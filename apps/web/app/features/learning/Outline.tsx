import { Link } from 'react-router';
import type { ProgressStatus } from '@crema/contract';
import { formatDate, formatTime } from '@crema/contract/format';
import { isDone, statusText, type StudyLinks, type StudyOutline, type Timed } from './links.ts';
import './learning.css';

// The course outline as a list of links: modules with their lessons and tests (tests carry a quiz
// icon), then the final tests as an entry of their own. The overview shows
// each item's status in words; the lesson sidebar shows a done mark and the current item. A group's
// items closed by its timetable (decision 0031) are shown locked with their opening time, not linked;
// so are items waiting for a homework to be accepted (decision 0087), with the homework named.

/** 'Откроется dd.mm.yyyy в HH:MM' (Moscow time) of a closed item; a closed item without a time: 'Пока закрыто'. */
export function opensText(opensAt: string | null | undefined): string {
  return opensAt ? `Откроется ${formatDate(opensAt)} в ${formatTime(opensAt)}` : 'Пока закрыто';
}

/** A closed item's mark: a padlock. */
function LockIcon() {
  return (
    <svg className="learn-icon learn-icon--lock" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="5" y="10.5" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

/** A test's mark: a checklist with a question mark. */
export function QuizIcon() {
  return (
    <svg className="learn-icon learn-icon--quiz" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="4" y="3" width="16" height="18" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .8-1 1.5v.4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="12" cy="16.8" r="1.1" fill="currentColor" />
    </svg>
  );
}

/** A lesson's mark: an open book. */
function LessonIcon() {
  return (
    <svg className="learn-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 5.5C5.5 4.5 9 4.5 12 6.5c3-2 6.5-2 9-1v13c-2.5-1-6-1-9 1-3-2-6.5-2-9-1z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M12 6.5v13" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

function DoneMark({ done }: { done: boolean }) {
  return (
    <span className={`learn-done${done ? ' learn-done--yes' : ''}`} aria-hidden="true">
      {done ? (
        <svg width="14" height="14" viewBox="0 0 24 24" focusable="false">
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      ) : null}
    </span>
  );
}

interface ItemProps extends Timed {
  links: StudyLinks;
  type: 'lesson' | 'test';
  id: number;
  title: string;
  status: ProgressStatus;
  variant: 'overview' | 'sidebar';
  current: boolean;
  onFollow?: () => void;
}

function Item({ links, type, id, title, status, variant, current, onFollow, is_open: isOpen, opens_at: opensAt, draft, closed_by: closedBy }: ItemProps) {
  const done = isDone(type, status);
  const to = type === 'lesson' ? links.lesson(id) : links.test(id);
  const word = statusText(type, status);
  if (isOpen === false || closedBy) {
    const when = closedBy ? `Откроется, когда куратор примет задание «${closedBy.title}»` : opensText(opensAt);
    return (
      <li className="learn-item learn-item--closed" data-status="closed" data-type={type}>
        <span className="learn-item__link" aria-current={current ? 'page' : undefined}>
          {variant === 'sidebar' ? <LockIcon /> : null}
          {type === 'test' ? <QuizIcon /> : <LessonIcon />}
          <span className="learn-item__title">
            {type === 'test' ? <span className="visually-hidden">Тест: </span> : null}
            {title}
            <span className="learn-item__opens">{when}</span>
          </span>
          {variant === 'overview' ? <LockIcon /> : null}
        </span>
      </li>
    );
  }
  return (
    <li className={`learn-item${current ? ' learn-item--current' : ''}${done ? ' learn-item--done' : ''}`} data-status={status} data-type={type}>
      <Link to={to} className="learn-item__link" aria-current={current ? 'page' : undefined} onClick={onFollow}>
        {variant === 'sidebar' ? <DoneMark done={done} /> : null}
        {type === 'test' ? <QuizIcon /> : <LessonIcon />}
        <span className="learn-item__title">
          {type === 'test' ? <span className="visually-hidden">Тест: </span> : null}
          {title}
          {draft ? <span className="learn-item__draft">Черновик — ученики не видят</span> : null}
        </span>
        {variant === 'overview' ? (
          <span className={`learn-status learn-status--${status}`}>{word}</span>
        ) : (
          <span className="visually-hidden">{done ? ' — пройдено' : ` — ${word.toLowerCase()}`}</span>
        )}
      </Link>
    </li>
  );
}

/**
 * The outline. `current`: the item this page shows (highlighted, aria-current). `onFollow`: called
 * when a link is followed (the sidebar closes on phones).
 */
export function Outline({
  links,
  outline,
  variant,
  current,
  onFollow,
  heading,
}: {
  links: StudyLinks;
  outline: StudyOutline;
  variant: 'overview' | 'sidebar';
  current?: { type: 'lesson' | 'test'; id: number; moduleId: number | null };
  onFollow?: () => void;
  /** The modules' heading level when the page differs (the group page puts the outline under an h2). */
  heading?: 'h2' | 'h3';
}) {
  const Heading = heading ?? (variant === 'overview' ? 'h2' : 'h3');
  const isCurrent = (type: 'lesson' | 'test', id: number, moduleId: number | null) =>
    current !== undefined && current.type === type && current.id === id && current.moduleId === moduleId;
  return (
    <div className={`learn-outline learn-outline--${variant}`}>
      {outline.modules.map((module, index) => (
        <section key={module.id} className="learn-module" aria-labelledby={`learn-module-${variant}-${module.id}`}>
          <Heading className="learn-module__title" id={`learn-module-${variant}-${module.id}`}>
            <span className="learn-module__number">Модуль {index + 1}.</span> {module.title}
          </Heading>
          {module.content.length ? (
            <ol className="learn-items">
              {module.content.map((item) => (
                <Item
                  key={`${item.type}-${item.id}`}
                  links={links}
                  type={item.type}
                  id={item.id}
                  title={item.title}
                  status={item.status}
                  variant={variant}
                  current={isCurrent(item.type, item.id, module.id)}
                  onFollow={onFollow}
                  is_open={item.is_open}
                  opens_at={item.opens_at}
                  draft={item.draft}
                  closed_by={item.closed_by}
                />
              ))}
            </ol>
          ) : (
            <p className="learn-note">Материалы модуля скоро появятся.</p>
          )}
        </section>
      ))}
      {outline.final_tests.length ? (
        <section className="learn-module learn-module--final" aria-labelledby={`learn-final-${variant}`}>
          <Heading className="learn-module__title" id={`learn-final-${variant}`}>
            {outline.final_tests.length > 1 ? 'Итоговые тесты' : 'Итоговый тест'}
          </Heading>
          <ol className="learn-items">
            {outline.final_tests.map((test) => (
              <Item
                key={test.id}
                links={links}
                type="test"
                id={test.id}
                title={test.title}
                status={test.status}
                variant={variant}
                current={isCurrent('test', test.id, null)}
                onFollow={onFollow}
                is_open={test.is_open}
                opens_at={test.opens_at}
                draft={test.draft}
                closed_by={test.closed_by}
              />
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
