import { useId, useRef, useState } from 'react';
import type { CourseAttribute } from '@crema/contract';
import { useHydrated } from './hydrated.ts';

/**
 * The course's `is_tab` attributes (their values are HTML from the school's admin). The server
 * sends every panel one under another, readable without scripts; once hydrated they become an
 * accessible tab list (arrow keys, Home/End move between tabs).
 */
export function CourseTabs({ tabs }: { tabs: CourseAttribute[] }) {
  const hydrated = useHydrated();
  const baseId = useId();
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  if (tabs.length === 0) return null;
  const asTabs = hydrated && tabs.length > 1;

  const select = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={`course-tabs${asTabs ? ' course-tabs--tabs' : ''}`}>
      {asTabs ? (
        <div className="course-tabs__list" role="tablist" aria-label="О курсе подробнее">
          {tabs.map((tab, index) => (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              className="course-tabs__tab"
              aria-selected={index === selected}
              aria-controls={`${baseId}-panel-${index}`}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => setSelected(index)}
              onKeyDown={(event) => {
                const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
                const target = moves[event.key];
                if (target === undefined) return;
                event.preventDefault();
                select(target);
              }}
            >
              {tab.name}
            </button>
          ))}
        </div>
      ) : null}
      {tabs.map((tab, index) =>
        asTabs ? (
          <div
            key={tab.id}
            role="tabpanel"
            id={`${baseId}-panel-${index}`}
            aria-labelledby={`${baseId}-tab-${index}`}
            className="course-tabs__panel prose"
            hidden={index !== selected}
            tabIndex={0}
            dangerouslySetInnerHTML={{ __html: tab.value }}
          />
        ) : (
          <section key={tab.id} className="course-tabs__section" aria-labelledby={`${baseId}-heading-${index}`}>
            <h3 id={`${baseId}-heading-${index}`} className="course-tabs__heading">
              {tab.name}
            </h3>
            <div className="prose" dangerouslySetInnerHTML={{ __html: tab.value }} />
          </section>
        ),
      )}
    </div>
  );
}
