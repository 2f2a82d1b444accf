import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useNavigate, useNavigation } from 'react-router';
import type { CourseFilter } from '@crema/contract';
import { COURSE_DURATION_MAX, COURSE_SEARCH_MAX, type CourseOrdering } from '@crema/contract/rules';
import { catalogHref, durationHours, parseCatalogParams, type CatalogState } from './catalog-query.ts';
import { useHydrated } from './hydrated.ts';

/** The catalogue form's id: the search box and the ordering live outside it, in the toolbar. */
export const CATALOG_FORM_ID = 'catalog-form';
/** Typing pause before the search (or a duration) applies itself. */
const TYPING_DELAY_MS = 500;

const ORDERINGS: { value: CourseOrdering | ''; label: string }[] = [
  { value: '', label: 'Рекомендуемые' },
  { value: 'price', label: 'Сначала дешевле' },
  { value: '-price', label: 'Сначала дороже' },
  { value: 'duration', label: 'Сначала короткие' },
  { value: '-created', label: 'Сначала новые' },
  { value: 'title', label: 'По названию' },
];

/**
 * What the controls show and how they change the address. While a catalogue navigation is on
 * its way the controls already show where it goes, so a click never seems to bounce back.
 */
export function useCatalogControls(current: CatalogState) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const pendingUrl = navigation.location?.pathname === '/courses/' ? navigation.location : null;
  const view = pendingUrl ? parseCatalogParams(new URLSearchParams(pendingUrl.search)) : current;
  /**
   * Any change of the filters starts again from the first page. `flushSync` shows the pending
   * state in the same frame, so a controlled checkbox never flips back while the data loads.
   */
  const apply = (change: Partial<CatalogState>) =>
    void navigate(catalogHref({ ...view, ...change, page: 1 }), { preventScrollReset: true, flushSync: true });
  return { view, apply, busy: pendingUrl !== null };
}

/**
 * A text field whose value lives in the address: typing applies it after a pause, and a new
 * address (the back button) replaces the text, unless it is the value this field just sent.
 */
function useAddressText(addressValue: string, commit: (value: string) => void) {
  const [text, setText] = useState(addressValue);
  const [seen, setSeen] = useState(addressValue);
  const [sent, setSent] = useState<string | null>(null);
  if (addressValue !== seen) {
    setSeen(addressValue);
    if (addressValue !== sent) setText(addressValue);
  }
  const send = useEffectEvent((value: string) => {
    setSent(value);
    commit(value);
  });
  const normalized = text.replace(/\s+/g, ' ').trim();
  useEffect(() => {
    if (normalized === addressValue) return;
    const timer = setTimeout(() => send(normalized), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [normalized, addressValue]);
  return [text, setText] as const;
}


/** Search box and ordering above the results; both belong to the catalogue form. */
export function CatalogToolbar({ state, count }: { state: CatalogState; count: React.ReactNode }) {
  const { view, apply } = useCatalogControls(state);
  const [search, setSearch] = useAddressText(view.search ?? '', (value) => apply({ search: value || undefined }));
  return (
    <div className="catalog-toolbar">
      <div className="catalog-search" role="search">
        <label htmlFor="catalog-search" className="visually-hidden">
          Поиск по курсам
        </label>
        <input
          id="catalog-search"
          className="catalog-search__input"
          type="search"
          name="search"
          form={CATALOG_FORM_ID}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Найти курс: бариста, обжарка…"
          maxLength={COURSE_SEARCH_MAX}
          enterKeyHint="search"
          autoComplete="off"
        />
        <button type="submit" form={CATALOG_FORM_ID} className="catalog-search__button" aria-label="Найти">
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="7" />
            <path d="M20 20l-4-4" />
          </svg>
        </button>
      </div>
      <div className="catalog-toolbar__row">
        <p className="catalog-count" aria-live="polite">
          {count}
        </p>
        <label className="catalog-ordering">
          <span className="catalog-ordering__label">Сортировка</span>
          <select
            name="ordering"
            form={CATALOG_FORM_ID}
            value={view.ordering ?? ''}
            onChange={(event) => apply({ ordering: (event.target.value || undefined) as CourseOrdering | undefined })}
          >
            {ORDERINGS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}

/**
 * The filter form: checkbox groups built from the `is_filter` attributes (with the number of
 * courses each value leaves), the duration range, hidden audience/category. A plain GET form
 * without JavaScript; with it, every change applies at once.
 */
export function CatalogFilters({
  state,
  filters,
  minDuration,
  maxDuration,
}: {
  state: CatalogState;
  filters: CourseFilter[];
  minDuration: number | null;
  maxDuration: number | null;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const panel = useRef<HTMLDetailsElement>(null);
  const { view, apply } = useCatalogControls(state);
  const [from, setFrom] = useAddressText(view.minDuration?.toString() ?? '', (value) => apply({ minDuration: durationHours(value) }));
  const [to, setTo] = useAddressText(view.maxDuration?.toString() ?? '', (value) => apply({ maxDuration: durationHours(value) }));
  const active = view.attributes.length + (view.minDuration !== undefined || view.maxDuration !== undefined ? 1 : 0);
  const visible = filters.filter((filter) => filter.values.some((value) => value.count > 0 || value.selected));

  const toggle = (id: number) =>
    apply({ attributes: view.attributes.includes(id) ? view.attributes.filter((a) => a !== id) : [...view.attributes, id] });

  return (
    <details className="filters-panel" ref={panel}>
      <summary className="filters-panel__toggle">
        Фильтры{active > 0 ? <span className="filters-panel__count"> · {active}</span> : null}
      </summary>
      <form
        id={CATALOG_FORM_ID}
        className="filters"
        method="get"
        action="/courses/"
        aria-label="Фильтры каталога"
        onSubmit={(event) => {
          event.preventDefault();
          const fields = new FormData(event.currentTarget);
          const params = new URLSearchParams();
          for (const [key, value] of fields) if (typeof value === 'string') params.append(key, value);
          void navigate(catalogHref({ ...parseCatalogParams(params), page: 1 }), { preventScrollReset: true });
          // On a phone the panel folds away to show the results; where it is always open, nothing changes.
          const toggle = panel.current?.querySelector('summary');
          if (panel.current && toggle?.offsetParent) panel.current.open = false;
        }}
      >
        {view.type ? <input type="hidden" name="type" value={view.type} /> : null}
        {view.category ? <input type="hidden" name="category" value={view.category} /> : null}
        {view.subsections.map((id) => (
          <input key={id} type="hidden" name="subsections" value={id} />
        ))}

        {visible.map((filter) => (
          <fieldset key={filter.id} className="filters__group">
            <legend className="filters__legend">{filter.name}</legend>
            {filter.values.map((value) => {
              const checked = view.attributes.includes(value.id);
              return (
                <label key={value.id} className={`filters__option${value.count === 0 && !checked ? ' filters__option--empty' : ''}`}>
                  <input
                    type="checkbox"
                    name={filter.param}
                    value={value.id}
                    checked={checked}
                    disabled={value.count === 0 && !checked}
                    onChange={() => toggle(value.id)}
                  />
                  <span className="filters__value">{value.value}</span>
                  <span className="filters__count">
                    <span className="visually-hidden">, курсов: </span>
                    {value.count}
                  </span>
                </label>
              );
            })}
          </fieldset>
        ))}

        {minDuration !== null && maxDuration !== null && maxDuration > minDuration ? (
          <fieldset className="filters__group">
            <legend className="filters__legend">Длительность, часов</legend>
            <div className="filters__range">
              <label>
                <span className="visually-hidden">Длительность от, часов</span>
                <input
                  type="number"
                  name="min_duration"
                  max={COURSE_DURATION_MAX}
                  inputMode="numeric"
                  min={0}
                  value={from}
                  placeholder={`от ${minDuration}`}
                  onChange={(event) => setFrom(event.target.value)}
                />
              </label>
              <span aria-hidden="true">—</span>
              <label>
                <span className="visually-hidden">Длительность до, часов</span>
                <input
                  type="number"
                  name="max_duration"
                  max={COURSE_DURATION_MAX}
                  inputMode="numeric"
                  min={0}
                  value={to}
                  placeholder={`до ${maxDuration}`}
                  onChange={(event) => setTo(event.target.value)}
                />
              </label>
            </div>
          </fieldset>
        ) : null}

        <div className="filters__actions">
          <button type="submit" className={`button button--primary filters__submit${hydrated ? ' filters__submit--auto' : ''}`}>
            Показать курсы
          </button>
          {active > 0 ? (
            <Link
              className="filters__reset"
              to={catalogHref({ type: view.type, category: view.category, search: view.search, ordering: view.ordering })}
              preventScrollReset
            >
              Сбросить фильтры
            </Link>
          ) : null}
        </div>
      </form>
    </details>
  );
}
