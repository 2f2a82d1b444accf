import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { StudyCourse, StudyLinks } from './links.ts';
import { Outline } from './Outline.tsx';
import './learning.css';

// The course-study layout: the lesson sidebar plus the content. The sidebar
// links back to the course list, lists each module with its items (tests with a quiz icon) and
// the final test apart, marks what is done and highlights the current item. It opens and closes
// by a flag (`data-open`, a 500 ms slide). Below 1024 px it lies over the page and a click outside
// (or Esc, or following one of its links) closes it; from 1024 px it is a column that stays open
// until closed. Before hydration CSS alone decides: open on desktop, closed on phones.

const DESKTOP = '(min-width: 1024px)';

function subscribeDesktop(onChange: () => void) {
  const query = window.matchMedia(DESKTOP);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Desktop width or not; null while server-rendered and hydrating (CSS decides then). */
function useDesktop(): boolean | null {
  return useSyncExternalStore(
    subscribeDesktop,
    () => window.matchMedia(DESKTOP).matches,
    () => null,
  );
}

export function StudyLayout({
  course,
  links,
  current,
  children,
}: {
  course: StudyCourse;
  /** The course's own addresses or a group's (decision 0032). */
  links: StudyLinks;
  /** The lesson or test on screen, highlighted in the sidebar (none when the address names nothing in the outline). */
  current: { type: 'lesson' | 'test'; id: number; moduleId: number | null } | null;
  children: ReactNode;
}) {
  const desktop = useDesktop();
  // The learner's choice; until they make one, open on desktop and closed on phones.
  const [choice, setOpen] = useState<boolean | null>(null);
  const open = choice ?? desktop;
  const sidebar = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // Over the page (phones): a click outside or Esc closes it.
  useEffect(() => {
    if (!open || desktop) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (sidebar.current?.contains(target) || toggle.current?.contains(target)) return;
      setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, desktop]);

  const closeOnPhone = () => {
    if (!desktop) setOpen(false);
  };

  return (
    <div className="container study" data-open={open === null ? undefined : String(open)}>
      <div className="study__bar">
        <button
          ref={toggle}
          type="button"
          className="button button--ghost study__toggle"
          aria-expanded={open ?? false}
          aria-controls="study-sidebar"
          onClick={() => setOpen(!open)}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 6h16M4 12h16M4 18h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          Содержание курса
        </button>
        <Link className="study__course" to={links.home}>
          {course.title}
        </Link>
      </div>
      <div className="study__body">
        <nav id="study-sidebar" ref={sidebar} className="study__sidebar" aria-label="Содержание курса">
          <p className="study__back">
            <Link to={links.back.to} onClick={closeOnPhone}>
              {links.back.label}
            </Link>
          </p>
          <p className="study__title">
            <Link to={links.home} onClick={closeOnPhone}>
              {course.title}
            </Link>
          </p>
          <Outline links={links} outline={course.outline} variant="sidebar" current={current ?? undefined} onFollow={closeOnPhone} />
        </nav>
        <div className="study__scrim" aria-hidden="true" />
        <main className="study__content">
          {children}
        </main>
      </div>
    </div>
  );
}
