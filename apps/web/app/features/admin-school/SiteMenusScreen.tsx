import { Suspense, lazy, useId, useState } from 'react';
import { Link } from 'react-router';
import type { MenuKey, SiteMenu, SiteMenuItem, SiteMenuItemPatch } from '@crema/contract';
import { useApiForm } from '../../api/useApiForm.ts';
import { ApiRequestError } from '../../api/client.ts';
import { problemsOf } from '../../api/problems.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import type { SortableRow } from './SiteSortable.tsx';
import { moveRow, orderOf, rowsOf, type Row } from './site-menu-order.ts';
import { SiteTabs, schoolPaths, siteApi } from './ui.tsx';
import './site-shell.css';

// /admin/school/site/menus/{key}/ (decision 0071): one of the site's three menus as a list of two
// levels. Items move by the handle (mouse or keyboard): a sub-item dropped under another top-level
// item moves into it; dragged right it goes into the item above, left — out to the top level (the
// buttons do the same). Every move saves the whole order at once against the menu's version.

const SortableRows = lazy(() => import('./SiteSortable.tsx'));

export interface MenuWords {
  menus: { key: MenuKey; title: string; about: string }[];
}

const TYPE_TITLES: Record<SiteMenuItem['type'], string> = { direct_link: 'Адрес', page: 'Страница сайта', course: 'Курс', category: 'Направление' };

/** The add and edit form of an item. */
function ItemForm({ menu, item, onSaved, onCancel }: { menu: SiteMenu; item: SiteMenuItem | null; onSaved: (menu: SiteMenu, text: string) => void; onCancel: () => void }) {
  const id = useId();
  const form = useApiForm(['title', 'type', 'url', 'page_id', 'course_id', 'category_id', 'parent_id', 'target', 'is_active']);
  const [v, setV] = useState({
    title: item?.title ?? '',
    type: item?.type ?? 'direct_link',
    url: item?.url ?? '',
    page: String(item?.page_id ?? ''),
    course: String(item?.course_id ?? ''),
    category: String(item?.category_id ?? ''),
    parent: '',
    blank: item?.target === '_blank',
    active: item?.is_active ?? true,
  });
  const set = (patch: Partial<typeof v>) => setV((now) => ({ ...now, ...patch }));
  const tops = menu.items.filter((i) => i.parent_id === null && i.id !== item?.id);
  const num = (value: string) => (value ? Number(value) : null);
  const choose = (label: string, field: 'page' | 'course' | 'category', list: { id: number; title: string }[], error: string) => (
    <Field look="admin" label={label} errors={form.errorsOf(error)}>
      {(a11y) => (
        <select {...a11y} className="admin-input" value={v[field]} onChange={(e) => set({ [field]: e.target.value })}>
          <option value="">Выберите</option>
          {list.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <form
      className="person-section site-form"
      aria-labelledby={`${id}-title`}
      onSubmit={form.onSubmit(async () => {
        const body: SiteMenuItemPatch = {
          version: menu.version,
          title: v.title,
          type: v.type,
          url: v.type === 'direct_link' ? v.url : null,
          page_id: v.type === 'page' ? num(v.page) : null,
          course_id: v.type === 'course' ? num(v.course) : null,
          category_id: v.type === 'category' ? num(v.category) : null,
          target: v.blank ? '_blank' : '_self',
          is_active: v.active,
        };
        const saved = item ? await siteApi.updateMenuItem(menu.key, item.id, body) : await siteApi.createMenuItem(menu.key, { ...body, parent_id: num(v.parent) });
        onSaved(saved, item ? `Пункт «${v.title.trim()}» сохранён.` : `Пункт «${v.title.trim()}» добавлен.`);
      })}
    >
      <h2 id={`${id}-title`}>{item ? `Пункт «${item.title}»` : 'Новый пункт'}</h2>
      <div className="site-form__grid">
        <Field look="admin" label="Название" errors={form.errorsOf('title')}>
          {(a11y) => <input {...a11y} className="admin-input" value={v.title} maxLength={100} onChange={(e) => set({ title: e.target.value })} />}
        </Field>
        <Field look="admin" label="Куда ведёт" errors={form.errorsOf('type')}>
          {(a11y) => (
            <select {...a11y} className="admin-input" value={v.type} onChange={(e) => set({ type: e.target.value as SiteMenuItem['type'] })}>
              {Object.entries(TYPE_TITLES).map(([value, title]) => (
                <option key={value} value={value}>
                  {title}
                </option>
              ))}
            </select>
          )}
        </Field>
        {v.type === 'direct_link' ? (
          <Field look="admin" label="Адрес" hint="Страница сайта — с / (например, /blog/), другой сайт — с https://." errors={form.errorsOf('url')}>
            {(a11y) => <input {...a11y} className="admin-input" value={v.url} maxLength={1000} inputMode="url" onChange={(e) => set({ url: e.target.value })} />}
          </Field>
        ) : null}
        {v.type === 'page' ? choose('Страница', 'page', menu.options.pages, 'page_id') : null}
        {v.type === 'course' ? choose('Курс', 'course', menu.options.courses, 'course_id') : null}
        {v.type === 'category' ? choose('Направление', 'category', menu.options.categories, 'category_id') : null}
        {!item ? (
          <Field look="admin" label="Где в меню" hint="Вложенный пункт показывается в подменю выбранного пункта." errors={form.errorsOf('parent_id')}>
            {(a11y) => (
              <select {...a11y} className="admin-input" value={v.parent} onChange={(e) => set({ parent: e.target.value })}>
                <option value="">Верхний уровень</option>
                {tops.map((t) => (
                  <option key={t.id} value={t.id}>
                    Внутри «{t.title}»
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
      </div>
      <label className="person-check">
        <input type="checkbox" checked={v.blank} onChange={(e) => set({ blank: e.target.checked })} />
        Открывать в новой вкладке
      </label>
      <label className="person-check">
        <input type="checkbox" checked={v.active} onChange={(e) => set({ active: e.target.checked })} />
        Показывать на сайте
      </label>
      <FormMessages look="admin" messages={form.problems.general} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" aria-busy={form.busy}>
          {item ? 'Сохранить' : 'Добавить пункт'}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Отмена
        </button>
      </div>
    </form>
  );
}

export function SiteMenusScreen({ menu: initial, words }: { menu: SiteMenu; words: MenuWords }) {
  const [menu, setMenu] = useState(initial);
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [editing, setEditing] = useState<SiteMenuItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SiteMenuItem | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = rowsOf(menu);
  const about = words.menus.find((m) => m.key === menu.key);

  /** A save's answer: the menu as it is now; a stale screen gets the fresh menu and says so. */
  async function apply(call: () => Promise<SiteMenu>, done: string) {
    setBusy(true);
    setProblems([]);
    setStatus('');
    try {
      setMenu(await call());
      setStatus(done);
    } catch (error) {
      const found = problemsOf(error);
      setProblems([...found.general, ...Object.values(found.fields).flat()]);
      // A stale screen gets the menu as it is now; any other failure puts back what was on screen.
      if (error instanceof ApiRequestError && error.status === 409) setMenu(await siteApi.siteMenu(menu.key).catch(() => menu));
      else setMenu(menu);
    } finally {
      setBusy(false);
    }
  }

  const saveRows = (next: Row[], moved: Row) => {
    const order = orderOf(next);
    if (order.every((o, i) => o.id === menu.items[i]?.id && o.parent_id === menu.items[i]?.parent_id)) return;
    setMenu({ ...menu, items: next.map((r, i) => ({ ...r, parent_id: order[i]!.parent_id })) });
    void apply(() => siteApi.orderMenu(menu.key, { version: menu.version, items: order }), `Порядок сохранён: «${moved.title}» на месте ${next.findIndex((r) => r.id === moved.id) + 1} из ${next.length}.`);
  };
  const move = (id: number, overId: number, shift: -1 | 0 | 1) => {
    const moved = rows.find((r) => r.id === id);
    if (moved && !busy) saveRows(moveRow(rows, id, overId, shift), moved);
  };

  const sortable: SortableRow[] = rows.map((row, index) => {
    const hasChildren = row.depth === 0 && rows[index + 1]?.depth === 1;
    const label = `${row.depth ? 'вложенный пункт' : 'пункт'} «${row.title}»`;
    return {
      id: row.id,
      label,
      className: `site-sortable__row site-menu__row${row.depth ? ' site-menu__row--child' : ''}`,
      content: (handle) => (
        <>
          {handle}
          <div className="site-menu__main">
            <span className="site-menu__title">{row.title}</span>
            <span className="admin-muted site-menu__meta">
              {TYPE_TITLES[row.type]}: {row.href ?? 'не ведёт никуда — курс снят с публикации или удалён'}
              {row.target === '_blank' ? ' · в новой вкладке' : ''}
              {row.is_active ? '' : ' · скрыт'}
            </span>
          </div>
          <div className="site-menu__actions">
            {row.depth === 0 && !hasChildren && index > 0 ? (
              <button type="button" className="admin-icon-button" disabled={busy} onClick={() => move(row.id, row.id, 1)} aria-label={`Вложить «${row.title}» в пункт выше`}>
                Вложить
              </button>
            ) : null}
            {row.depth === 1 ? (
              <button type="button" className="admin-icon-button" disabled={busy} onClick={() => move(row.id, row.id, -1)} aria-label={`Вынести «${row.title}» на верхний уровень`}>
                Вынести
              </button>
            ) : null}
            <button type="button" className="admin-icon-button" onClick={() => setEditing(row)} aria-label={`Изменить «${row.title}»`}>
              Изменить
            </button>
            <button type="button" className="admin-icon-button" onClick={() => setDeleting(row)} aria-label={`Удалить «${row.title}»`}>
              Удалить
            </button>
          </div>
        </>
      ),
    };
  });

  return (
    <section aria-labelledby="site-menus-title">
      <SiteTabs />
      <div className="admin-head">
        <h1 id="site-menus-title">Меню сайта</h1>
        <a className="button button--ghost" href="/" target="_blank" rel="noopener">
          Открыть сайт
        </a>
      </div>
      <nav className="site-switch" aria-label="Меню">
        <ul>
          {words.menus.map((m) => (
            <li key={m.key}>
              <Link to={`${schoolPaths.menus()}${m.key}/`} aria-current={m.key === menu.key ? 'page' : undefined}>
                {m.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="site-shell__subtitle">{menu.title}</h2>
      <p className="admin-muted school-lead">
        {about?.about} Перетащите пункт за ручку ⠿ мышью или с клавиатуры (пробел, стрелки, пробел): вложенный пункт, поставленный под другой пункт, переходит в его подменю. Изменения видны на сайте сразу.
      </p>
      {status ? (
        <p className="admin-notice" role="status">
          {status}
        </p>
      ) : (
        <p className="visually-hidden" role="status" />
      )}
      <FormMessages look="admin" messages={problems} />
      {rows.length === 0 ? <p className="admin-empty">В меню пока нет пунктов.</p> : null}
      <Suspense fallback={<p className="admin-muted">Загружаем список…</p>}>
        <SortableRows rows={sortable} label={`Пункты: ${menu.title}`} onMove={(id, overId, deltaX) => move(id, overId, deltaX > 40 ? 1 : deltaX < -40 ? -1 : 0)} />
      </Suspense>
      {editing ? (
        <ItemForm
          key={editing === 'new' ? 'new' : editing.id}
          menu={menu}
          item={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(saved, text) => {
            setMenu(saved);
            setStatus(text);
            setProblems([]);
            setEditing(null);
          }}
        />
      ) : (
        <div className="admin-actions">
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            Добавить пункт
          </button>
        </div>
      )}
      <ConfirmDialog
        look="admin"
        open={deleting !== null}
        title="Удалить пункт меню?"
        confirmLabel="Удалить"
        onClose={() => setDeleting(null)}
        action={async () => {
          const gone = deleting!;
          const saved = await siteApi.deleteMenuItem(menu.key, gone.id, menu.version);
          setMenu(saved);
          setStatus(`Пункт «${gone.title}» удалён.`);
        }}
      >
        <p>
          Пункт «{deleting?.title}» исчезнет из меню на сайте
          {deleting && menu.items.some((i) => i.parent_id === deleting.id) ? ' вместе со всеми вложенными пунктами' : ''}.
        </p>
      </ConfirmDialog>
    </section>
  );
}
