import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { SiteAttribute, SiteAttributeValue } from '@crema/contract';
import { useApiForm } from '../../api/useApiForm.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { CatalogTabs, ORDER_HINT, Sortable, catalogPaths, coursesWord, slugOf, useOrderedList, catalogApi } from './SiteCatalogUi.tsx';
import { SiteTabs } from './ui.tsx';

const TYPES = { list: 'Список значений', text: 'Текст', number: 'Число' } as const;
type AttributeType = keyof typeof TYPES;
const TYPE_HINTS: Record<AttributeType, string> = {
  list: 'Курсу выбирают значения из списка; только такая характеристика может быть фильтром каталога.',
  text: 'Курсу вписывают свой текст (во вкладке — с оформлением).',
  number: 'Курсу вписывают число, например часы практики.',
};

/** The four flags and what each does on the site. */
const FLAGS = [
  { key: 'is_filter', title: 'Фильтр каталога', about: 'Посетитель отбирает курсы по значениям в каталоге (только для списка).' },
  { key: 'is_title', title: 'Рядом с названием', about: 'Значение видно в карточке курса в каталоге и в шапке страницы курса.' },
  { key: 'is_group', title: 'В характеристиках курса', about: 'Значение видно в списке характеристик на странице курса.' },
  { key: 'is_tab', title: 'Вкладка на странице курса', about: 'Текст характеристики — отдельная вкладка на странице курса.' },
] as const;
type FlagKey = (typeof FLAGS)[number]['key'];

function flagsOf(attribute: SiteAttribute): string {
  return FLAGS.filter((flag) => attribute[flag.key]).map((flag) => flag.title.toLowerCase()).join(', ') || 'нигде не видна';
}

/** An attribute's form: new or one being edited (with its version). */
function AttributeForm({ attribute, onSaved }: { attribute?: SiteAttribute; onSaved: (saved: SiteAttribute) => void | Promise<void> }) {
  const form = useApiForm(['name', 'slug', 'type', ...FLAGS.map((f) => f.key)]);
  const [v, setV] = useState({
    name: attribute?.name ?? '',
    slug: attribute?.slug ?? '',
    type: (attribute?.type ?? 'list') as AttributeType,
    is_filter: attribute?.is_filter ?? false,
    is_title: attribute?.is_title ?? false,
    is_group: attribute?.is_group ?? false,
    is_tab: attribute?.is_tab ?? false,
  });
  const [slugTouched, setSlugTouched] = useState(Boolean(attribute));
  const set = (patch: Partial<typeof v>) => setV((now) => ({ ...now, ...patch }));
  const losesValues = attribute && attribute.type === 'list' && v.type !== 'list' && attribute.values.length > 0;
  return (
    <form
      className="admin-form"
      noValidate
      aria-label={attribute ? 'Характеристика' : 'Новая характеристика'}
      onSubmit={form.onSubmit(async () => {
        const body = { ...v, ...(attribute ? { updated_at: attribute.updated_at } : {}) };
        const saved = attribute ? await catalogApi.attributes.update(attribute.id, body) : await catalogApi.attributes.create(body);
        await onSaved(saved);
      })}
    >
      <div className="catalog-form__grid">
        <Field look="admin" label="Название" errors={form.errorsOf('name')}>
          {(a11y) => <input {...a11y} value={v.name} maxLength={200} onChange={(e) => set({ name: e.target.value, ...(slugTouched ? {} : { slug: slugOf(e.target.value) }) })} />}
        </Field>
        <Field look="admin" label="Адрес (slug)" hint="Латиница, цифры и дефисы." errors={form.errorsOf('slug')}>
          {(a11y) => (
            <input
              {...a11y}
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
        <Field look="admin" label="Тип" hint={TYPE_HINTS[v.type]} errors={form.errorsOf('type')}>
          {(a11y) => (
            <select {...a11y} value={v.type} onChange={(e) => set({ type: e.target.value as AttributeType })}>
              {Object.entries(TYPES).map(([key, title]) => (
                <option key={key} value={key}>
                  {title}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {losesValues ? <p className="admin-alert">Характеристика перестанет быть списком: её значения будут удалены при сохранении.</p> : null}
      <fieldset>
        <legend>Где видна</legend>
        {FLAGS.map((flag) => (
          <div key={flag.key} className="catalog-flag">
            <label className="admin-check">
              <input type="checkbox" checked={v[flag.key]} onChange={(e) => set({ [flag.key]: e.target.checked } as Partial<Record<FlagKey, boolean>>)} />
              <span>{flag.title}</span>
            </label>
            <p className="admin-field__hint">{flag.about}</p>
          </div>
        ))}
      </fieldset>
      <FormMessages look="admin" messages={form.problems.general} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" aria-busy={form.busy} disabled={form.busy}>
          {attribute ? 'Сохранить' : 'Добавить характеристику'}
        </button>
      </div>
    </form>
  );
}

/**
 * /admin/school/site/catalog/attributes/: the course attributes ('характеристики': format, level,
 * for whom …), ordered by dragging; a new one here, each one's values on its own page.
 */
export function SiteCatalogAttributesScreen({ attributes }: { attributes: SiteAttribute[] }) {
  const navigate = useNavigate();
  const list = useOrderedList(attributes, (ids) => catalogApi.attributes.order(ids));
  return (
    <section aria-labelledby="catalog-title">
      <SiteTabs />
      <div className="admin-head">
        <h1 id="catalog-title">Справочники каталога</h1>
      </div>
      <CatalogTabs />
      <h2 className="catalog-h2">Характеристики курсов</h2>
      <p className="admin-muted school-lead">
        Характеристики описывают курсы: формат, уровень, для кого. Значения задают в настройках курса; характеристики-списки с пометкой «фильтр»
        становятся фильтрами каталога.
      </p>
      <details className="catalog-new">
        <summary>Новая характеристика</summary>
        <AttributeForm onSaved={(saved) => navigate(catalogPaths.attribute(saved.id))} />
      </details>
      <p className="admin-muted admin-small">{ORDER_HINT}</p>
      {list.messages}
      {list.items.length === 0 ? <p className="admin-empty">Характеристик пока нет.</p> : null}
      <Sortable items={list.items} label="Характеристики" nameOf={(a) => `«${a.name}»`} onReorder={list.reorder}>
        {(attribute, handle) => (
          <div className="catalog-row__head" data-testid={`attribute-${attribute.slug}`}>
            {handle}
            <div className="catalog-row__title">
              <Link to={catalogPaths.attribute(attribute.id)}>{attribute.name}</Link>
              <span className="admin-muted admin-small">
                {TYPES[attribute.type]}
                {attribute.type === 'list' ? ` (${attribute.values.length} знач.)` : ''} · {flagsOf(attribute)} · {coursesWord(attribute.courses_count)}
              </span>
            </div>
          </div>
        )}
      </Sortable>
    </section>
  );
}

/** A value renamed in place: Enter or 'Сохранить' saves, Escape or 'Отмена' leaves it. */
function ValueRename({ attribute, value, onDone }: { attribute: SiteAttribute; value: SiteAttributeValue; onDone: (saved?: SiteAttribute) => void }) {
  const [text, setText] = useState(value.value);
  const form = useApiForm(['value']);
  const errors = [...form.errorsOf('value'), ...form.problems.general];
  return (
    <form
      className="admin-inline"
      noValidate
      onSubmit={form.onSubmit(async () => onDone(await catalogApi.values(attribute.id).rename(value.id, text)))}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone();
        }
      }}
    >
      <input aria-label={`Новое название значения «${value.value}»`} value={text} maxLength={200} autoFocus onChange={(e) => setText(e.target.value)} aria-invalid={errors.length ? true : undefined} />
      <button type="submit" className="admin-icon-button" disabled={form.busy} aria-busy={form.busy}>
        Сохранить
      </button>
      <button type="button" className="admin-icon-button" onClick={() => onDone()}>
        Отмена
      </button>
      {errors.length ? (
        <p className="admin-field__error catalog-wide" role="alert">
          {errors.join(' ')}
        </p>
      ) : null}
    </form>
  );
}

/**
 * /admin/school/site/catalog/attributes/{id}/: one attribute — its form (name, address, type, where
 * it is shown) and, for a list, its values: added, renamed, ordered, deleted when no course has them.
 */
export function SiteCatalogAttributeScreen({ attribute: loaded }: { attribute: SiteAttribute }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [attribute, setAttribute] = useState(loaded);
  const values = useOrderedList(attribute.values, async (ids) => setAttribute(await catalogApi.values(attribute.id).order(ids)));
  const [renaming, setRenaming] = useState<number | null>(null);
  const [removing, setRemoving] = useState<SiteAttributeValue | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [newValue, setNewValue] = useState('');
  const [done, setDone] = useState('');
  const adding = useApiForm(['value']);
  return (
    <section aria-labelledby="attribute-title">
      <SiteTabs />
      <p className="catalog-back">
        <Link to={catalogPaths.attributes()}>← Характеристики</Link>
      </p>
      <div className="admin-head">
        <h1 id="attribute-title">Характеристика «{attribute.name}»</h1>
        <button type="button" className="button button--ghost" onClick={() => setDeleting(true)}>
          Удалить характеристику
        </button>
      </div>
      <p className="admin-muted">Задана у курсов: {attribute.courses_count}.</p>
      {done ? (
        <p className="admin-notice" role="status">
          {done}
        </p>
      ) : null}
      <AttributeForm
        key={attribute.updated_at}
        attribute={attribute}
        onSaved={async (saved) => {
          setAttribute(saved);
          setDone('Характеристика сохранена.');
          await revalidator.revalidate();
        }}
      />
      {attribute.type === 'list' ? (
        <section className="catalog-values" aria-labelledby="values-title">
          <h2 id="values-title" className="catalog-h2">
            Значения
          </h2>
          <p className="admin-muted admin-small">{ORDER_HINT}</p>
          {values.messages}
          {values.items.length === 0 ? <p className="admin-muted">Значений пока нет.</p> : null}
          <Sortable items={values.items} label="Значения" nameOf={(v) => `«${v.value}»`} onReorder={values.reorder}>
            {(value, handle) => (
              <div className="catalog-row__head" data-testid={`value-${value.value}`}>
                {handle}
                {renaming === value.id ? (
                  <ValueRename
                    attribute={attribute}
                    value={value}
                    onDone={(saved) => {
                      setRenaming(null);
                      if (saved) setAttribute(saved);
                    }}
                  />
                ) : (
                  <>
                    <div className="catalog-row__title">
                      <span>{value.value}</span>
                      <span className="admin-muted admin-small">{coursesWord(value.courses_count)}</span>
                    </div>
                    <div className="catalog-row__actions">
                      <button type="button" className="admin-icon-button" aria-label={`Переименовать: ${value.value}`} onClick={() => setRenaming(value.id)}>
                        Переименовать
                      </button>
                      <button type="button" className="admin-icon-button" aria-label={`Удалить: ${value.value}`} onClick={() => setRemoving(value)}>
                        Удалить
                      </button>
                    </div>
                  </>
                )}
              </div>
            )}
          </Sortable>
          <form
            className="catalog-add"
            noValidate
            onSubmit={adding.onSubmit(async () => {
              setAttribute(await catalogApi.values(attribute.id).add(newValue));
              setNewValue('');
            })}
          >
            <Field look="admin" label="Новое значение" errors={[...adding.errorsOf('value'), ...adding.problems.general]}>
              {(a11y) => <input {...a11y} className="admin-input" value={newValue} maxLength={200} onChange={(e) => setNewValue(e.target.value)} />}
            </Field>
            <button type="submit" className="button button--ghost" aria-busy={adding.busy} disabled={adding.busy}>
              Добавить значение
            </button>
          </form>
        </section>
      ) : null}
      <ConfirmDialog
        look="admin"
        open={removing !== null}
        title={`Удалить значение «${removing?.value ?? ''}»?`}
        confirmLabel="Удалить"
        onClose={() => setRemoving(null)}
        action={async () => {
          if (!removing) return;
          await catalogApi.values(attribute.id).remove(removing.id);
          setAttribute({ ...attribute, values: attribute.values.filter((v) => v.id !== removing.id) });
        }}
      >
        <p>Значение пропадёт из фильтров каталога. Значение, выбранное у курсов, удалить нельзя — сначала выберите курсам другое.</p>
      </ConfirmDialog>
      <ConfirmDialog
        look="admin"
        open={deleting}
        title={`Удалить характеристику «${attribute.name}»?`}
        confirmLabel="Удалить"
        onClose={() => setDeleting(false)}
        leaving
        action={async () => {
          await catalogApi.attributes.remove(attribute.id);
          await navigate(catalogPaths.attributes());
        }}
      >
        <p>Характеристика и все её значения пропадут с сайта. Характеристику, заданную у курсов, удалить нельзя.</p>
      </ConfirmDialog>
    </section>
  );
}
