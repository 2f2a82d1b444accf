import { useState } from 'react';
import type { Attribute, CourseCatalog, Subsection } from '@crema/contract';
import { ApiRequestError } from '../../api/client.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { browserFetch } from '../../api/browser.ts';
import { createCourseCatalogApi } from './catalog-api.ts';

const courseCatalogApi = createCourseCatalogApi(browserFetch);

// A course's attributes and collections in its settings (decision 0072): chosen from the school's
// dictionaries (a list attribute: its values; text and number: typed), saved on their own with the
// version they were opened at, so the course's own form and this one never overwrite each other.

export interface CatalogChoices {
  catalog: CourseCatalog;
  attributes: Attribute[];
  collections: Pick<Subsection, 'id' | 'title'>[];
}

type Chosen = Record<number, string[]>;

function chosenOf(catalog: CourseCatalog): Chosen {
  const chosen: Chosen = {};
  for (const entry of catalog.attributes) {
    const list = (chosen[entry.attribute_id] ??= []);
    list.push(entry.value_id !== null ? String(entry.value_id) : (entry.value ?? ''));
  }
  return chosen;
}

export function CourseCatalogSection({ courseId, choices }: { courseId: number; choices: CatalogChoices }) {
  const { attributes, collections } = choices;
  const [catalog, setCatalog] = useState(choices.catalog);
  const [chosen, setChosen] = useState<Chosen>(() => chosenOf(choices.catalog));
  const [inCollections, setInCollections] = useState<number[]>(choices.catalog.collection_ids);
  const [saved, setSaved] = useState('');
  const [dirty, setDirty] = useState(false);
  const form = useApiForm(['attributes', 'collection_ids']);
  const set = (attributeId: number, values: string[]) => {
    setChosen((now) => ({ ...now, [attributeId]: values }));
    setDirty(true);
    setSaved('');
  };

  const reload = () =>
    form.run(async () => {
      const next = await courseCatalogApi.get(courseId);
      setCatalog(next);
      setChosen(chosenOf(next));
      setInCollections(next.collection_ids);
      setDirty(false);
      setSaved('Загружена новая версия.');
    });

  return (
    <form
      className="admin-form course-catalog"
      aria-labelledby="course-catalog-title"
      noValidate
      onSubmit={form.onSubmit(async () => {
        const body = {
          attributes: attributes.flatMap((attribute) =>
            (chosen[attribute.id] ?? [])
              .filter((value) => value.trim() !== '')
              .map((value) => (attribute.type === 'list' ? { attribute_id: attribute.id, value_id: Number(value) } : { attribute_id: attribute.id, value })),
          ),
          collection_ids: inCollections,
          version: catalog.version,
        };
        try {
          const next = await courseCatalogApi.set(courseId, body);
          setCatalog(next);
          setChosen(chosenOf(next));
          setDirty(false);
          setSaved('Характеристики и подборки сохранены. Каталог уже показывает их.');
        } catch (error) {
          if (error instanceof ApiRequestError && error.status === 409) setDirty(true);
          throw error;
        }
      })}
    >
      <fieldset>
        <legend id="course-catalog-title">Характеристики и подборки</legend>
        <p className="admin-muted admin-small">
          Характеристики и подборки ведут сотрудники школы в разделе «Сайт → Справочники». Сохраняются отдельно от полей курса выше.
        </p>
        {attributes.length === 0 ? <p className="admin-muted">Характеристик пока нет.</p> : null}
        <div className="admin-grid">
          {attributes.map((attribute) => {
            const id = `course-attribute-${attribute.id}`;
            const current = chosen[attribute.id] ?? [];
            return (
              <div className="admin-field" key={attribute.id}>
                <label className="admin-field__label" htmlFor={id}>
                  {attribute.name}
                </label>
                {attribute.type === 'list' ? (
                  current.length > 1 ? (
                    <select id={id} multiple value={current} onChange={(e) => set(attribute.id, Array.from(e.target.selectedOptions, (o) => o.value))}>
                      {attribute.values.map((value) => (
                        <option key={value.id} value={value.id}>
                          {value.value}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <select id={id} value={current[0] ?? ''} onChange={(e) => set(attribute.id, e.target.value ? [e.target.value] : [])}>
                      <option value="">Не указано</option>
                      {attribute.values.map((value) => (
                        <option key={value.id} value={value.id}>
                          {value.value}
                        </option>
                      ))}
                    </select>
                  )
                ) : attribute.type === 'number' ? (
                  <input id={id} inputMode="decimal" autoComplete="off" value={current[0] ?? ''} onChange={(e) => set(attribute.id, [e.target.value])} />
                ) : (
                  <textarea id={id} rows={2} value={current[0] ?? ''} onChange={(e) => set(attribute.id, [e.target.value])} />
                )}
                {attribute.is_tab && attribute.type === 'text' ? <p className="admin-field__hint">Вкладка на странице курса; можно с HTML-оформлением.</p> : null}
              </div>
            );
          })}
        </div>
        <FormMessages look="admin" messages={form.errorsOf('attributes')} />
        <fieldset className="course-catalog__collections">
          <legend>Подборки</legend>
          {collections.length === 0 ? <p className="admin-muted">Подборок пока нет.</p> : null}
          {collections.map((collection) => (
            <label key={collection.id} className="admin-check">
              <input
                type="checkbox"
                checked={inCollections.includes(collection.id)}
                onChange={(e) => {
                  setInCollections(e.target.checked ? [...inCollections, collection.id] : inCollections.filter((id) => id !== collection.id));
                  setDirty(true);
                  setSaved('');
                }}
              />
              {collection.title}
            </label>
          ))}
        </fieldset>
        <FormMessages look="admin" messages={[...form.errorsOf('collection_ids'), ...form.problems.general]} />
        {saved ? (
          <p className="admin-notice" role="status">
            {saved}
          </p>
        ) : dirty ? (
          <p className="admin-unsaved" role="status">
            Есть несохранённые изменения
          </p>
        ) : null}
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>
            Сохранить характеристики и подборки
          </button>
          {form.problems.general.length ? (
            <button type="button" className="button button--ghost" onClick={() => void reload()}>
              Загрузить новую версию
            </button>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}
