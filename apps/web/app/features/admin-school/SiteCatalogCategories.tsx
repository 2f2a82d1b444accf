import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { SiteCategory } from '@crema/contract';
import { useApiForm } from '../../api/useApiForm.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { CatalogTabs, ORDER_HINT, Sortable, coursesWord, slugOf, useOrderedList, catalogApi } from './SiteCatalogUi.tsx';
import { SiteTabs } from './ui.tsx';

const AUDIENCES = { adult: 'Взрослые', kids: 'Дети' } as const;

/** A category's form: new (empty) or one being edited (with the version it was opened at). */
function CategoryForm({ category, onDone }: { category?: SiteCategory; onDone: (text: string) => void }) {
  const form = useApiForm(['name', 'slug', 'audience', 'description']);
  const [v, setV] = useState({
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    audience: category?.audience ?? 'adult',
    description: category?.description ?? '',
  });
  const [slugTouched, setSlugTouched] = useState(Boolean(category));
  const set = (patch: Partial<typeof v>) => setV((now) => ({ ...now, ...patch }));
  return (
    <form
      className="catalog-form"
      noValidate
      aria-label={category ? `Изменить направление «${category.name}»` : 'Новое направление'}
      onSubmit={form.onSubmit(async () => {
        const body = { ...v, audience: v.audience, ...(category ? { updated_at: category.updated_at } : {}) };
        const saved = category ? await catalogApi.categories.update(category.id, body) : await catalogApi.categories.create(body);
        if (!category) setV({ name: '', slug: '', audience: 'adult', description: '' });
        setSlugTouched(false);
        onDone(category ? `Направление «${saved.name}» сохранено.` : `Направление «${saved.name}» создано.`);
      })}
    >
      <div className="catalog-form__grid">
        <Field look="admin" label="Название" errors={form.errorsOf('name')}>
          {(a11y) => (
            <input
              {...a11y}
              className="admin-input"
              value={v.name}
              maxLength={200}
              onChange={(e) => set({ name: e.target.value, ...(slugTouched ? {} : { slug: slugOf(e.target.value) }) })}
            />
          )}
        </Field>
        <Field look="admin" label="Адрес (slug)" hint="Латиница, цифры и дефисы." errors={form.errorsOf('slug')}>
          {(a11y) => (
            <input
              {...a11y}
              className="admin-input"
              value={v.slug}
              maxLength={128}
              autoComplete="off"
              onChange={(e) => {
                setSlugTouched(true);
                set({ slug: e.target.value });
              }}
            />
          )}
        </Field>
        <Field look="admin" label="Для кого" errors={form.errorsOf('audience')}>
          {(a11y) => (
            <select {...a11y} className="admin-input" value={v.audience} onChange={(e) => set({ audience: e.target.value as 'adult' | 'kids' })}>
              <option value="adult">Взрослые</option>
              <option value="kids">Дети</option>
            </select>
          )}
        </Field>
      </div>
      <Field look="admin" label="Описание" hint="Необязательно." errors={form.errorsOf('description')}>
        {(a11y) => <textarea {...a11y} className="admin-input" rows={2} maxLength={2000} value={v.description} onChange={(e) => set({ description: e.target.value })} />}
      </Field>
      <FormMessages look="admin" messages={form.problems.general} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" aria-busy={form.busy} disabled={form.busy}>
          {category ? 'Сохранить' : 'Добавить направление'}
        </button>
        {category ? (
          <button type="button" className="button button--ghost" onClick={() => onDone('')}>
            Отмена
          </button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * /admin/school/site/catalog/: the catalogue's categories ('направления') — added, edited, ordered
 * by dragging (the catalogue and its filters follow), deleted when no course is in them.
 */
export function SiteCatalogCategoriesScreen({ categories }: { categories: SiteCategory[] }) {
  const revalidator = useRevalidator();
  const list = useOrderedList(categories, (ids) => catalogApi.categories.order(ids));
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<SiteCategory | null>(null);
  const [done, setDone] = useState('');
  const reload = (text: string) => {
    setEditing(null);
    if (text) setDone(text);
    void revalidator.revalidate();
  };
  return (
    <section aria-labelledby="catalog-title">
      <SiteTabs />
      <div className="admin-head">
        <h1 id="catalog-title">Справочники каталога</h1>
      </div>
      <CatalogTabs />
      <h2 className="catalog-h2">Направления</h2>
      <p className="admin-muted school-lead">Направления делят каталог на разделы для взрослых и для детей; у каждого курса одно направление.</p>
      {done ? (
        <p className="admin-notice" role="status">
          {done}
        </p>
      ) : null}
      <details className="catalog-new">
        <summary>Новое направление</summary>
        <CategoryForm onDone={reload} />
      </details>
      <p className="admin-muted admin-small">{ORDER_HINT}</p>
      {list.messages}
      {list.items.length === 0 ? <p className="admin-empty">Направлений пока нет.</p> : null}
      <Sortable items={list.items} label="Направления" nameOf={(c) => `«${c.name}»`} onReorder={list.reorder}>
        {(category, handle) => (
          <div className="catalog-row__body" data-testid={`category-${category.slug}`}>
            <div className="catalog-row__head">
              {handle}
              <div className="catalog-row__title">
                <strong>{category.name}</strong>
                <span className="admin-muted admin-small">
                  {category.slug} · {AUDIENCES[category.audience]} · {coursesWord(category.courses_count)}
                </span>
              </div>
              <div className="catalog-row__actions">
                <button type="button" className="admin-icon-button" aria-expanded={editing === category.id} onClick={() => setEditing(editing === category.id ? null : category.id)}>
                  Изменить
                </button>
                <button type="button" className="admin-icon-button" onClick={() => setDeleting(category)}>
                  Удалить
                </button>
              </div>
            </div>
            {editing === category.id ? <CategoryForm key={category.updated_at} category={category} onDone={reload} /> : null}
          </div>
        )}
      </Sortable>
      <ConfirmDialog
        look="admin"
        open={deleting !== null}
        title={`Удалить направление «${deleting?.name ?? ''}»?`}
        confirmLabel="Удалить"
        onClose={() => setDeleting(null)}
        action={async () => {
          if (!deleting) return;
          await catalogApi.categories.remove(deleting.id);
          reload(`Направление «${deleting.name}» удалено.`);
        }}
      >
        <p>Направление пропадёт из каталога и его фильтров. Направление, в котором есть курсы, удалить нельзя — сначала перенесите курсы.</p>
      </ConfirmDialog>
    </section>
  );
}
