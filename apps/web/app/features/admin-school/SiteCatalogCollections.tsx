import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { DictionaryCourse, SiteCollection } from '@crema/contract';
import { useApiForm } from '../../api/useApiForm.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { UploadField, builderUpload } from '../../ui/UploadField.tsx';
import { CatalogTabs, ORDER_HINT, Sortable, catalogPaths, coursesWord, slugOf, useOrderedList, catalogApi } from './SiteCatalogUi.tsx';
import { SiteTabs } from './ui.tsx';

const PICTURE = builderUpload('image', 'image/jpeg,image/png,image/webp');

/**
 * /admin/school/site/catalog/collections/: the collections ('подборки') the home page and the
 * catalogue offer, ordered by dragging; each opens its own page.
 */
export function SiteCatalogCollectionsScreen({ collections }: { collections: SiteCollection[] }) {
  const list = useOrderedList(collections, (ids) => catalogApi.collections.order(ids));
  return (
    <section aria-labelledby="catalog-title">
      <SiteTabs />
      <div className="admin-head">
        <h1 id="catalog-title">Справочники каталога</h1>
      </div>
      <CatalogTabs />
      <div className="catalog-h2-row">
        <h2 className="catalog-h2">Подборки</h2>
        <Link className="button button--primary" to={catalogPaths.newCollection()}>
          Новая подборка
        </Link>
      </div>
      <p className="admin-muted school-lead">
        Подборки — тематические списки курсов («В подарок», «Для начинающих»). Подборка с опубликованными курсами видна на главной странице и
        открывает каталог с этими курсами в заданном порядке.
      </p>
      <p className="admin-muted admin-small">{ORDER_HINT}</p>
      {list.messages}
      {list.items.length === 0 ? <p className="admin-empty">Подборок пока нет.</p> : null}
      <Sortable items={list.items} label="Подборки" nameOf={(c) => `«${c.title}»`} onReorder={list.reorder}>
        {(collection, handle) => (
          <div className="catalog-row__head" data-testid={`collection-${collection.slug}`}>
            {handle}
            {collection.image ? <img className="catalog-thumb" src={collection.image.url} alt="" width={64} height={40} /> : <span className="catalog-thumb" aria-hidden="true" />}
            <div className="catalog-row__title">
              <Link to={catalogPaths.collection(collection.id)}>{collection.title}</Link>
              <span className="admin-muted admin-small">
                {collection.slug} · {coursesWord(collection.courses.length)}
                {collection.courses.some((c) => c.is_published) ? '' : ' · не видна на сайте: нет опубликованных курсов'}
              </span>
            </div>
          </div>
        )}
      </Sortable>
    </section>
  );
}

/** /admin/school/site/catalog/collections/new/ and …/{id}/: a collection's form — title, address, picture, courses in order. */
export function SiteCatalogCollectionScreen({ collection, courses }: { collection: SiteCollection | null; courses: DictionaryCourse[] }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const form = useApiForm(['title', 'slug', 'image', 'course_ids']);
  const [v, setV] = useState({ title: collection?.title ?? '', slug: collection?.slug ?? '', image: collection?.image_key ?? null, preview: collection?.image?.url ?? null });
  const [chosen, setChosen] = useState<DictionaryCourse[]>(collection?.courses ?? []);
  const [adding, setAdding] = useState('');
  const [slugTouched, setSlugTouched] = useState(Boolean(collection));
  const [deleting, setDeleting] = useState(false);
  const [done, setDone] = useState('');
  const set = (patch: Partial<typeof v>) => setV((now) => ({ ...now, ...patch }));
  const left = courses.filter((course) => !chosen.some((c) => c.id === course.id));
  return (
    <section aria-labelledby="collection-title">
      <SiteTabs />
      <p className="catalog-back">
        <Link to={catalogPaths.collections()}>← Подборки</Link>
      </p>
      <div className="admin-head">
        <h1 id="collection-title">{collection ? `Подборка «${collection.title}»` : 'Новая подборка'}</h1>
      </div>
      {done ? (
        <p className="admin-notice" role="status">
          {done}
        </p>
      ) : null}
      <form
        className="admin-form"
        noValidate
        onSubmit={form.onSubmit(async () => {
          setDone('');
          const body = { title: v.title, slug: v.slug, image: v.image, course_ids: chosen.map((c) => c.id), ...(collection ? { updated_at: collection.updated_at } : {}) };
          if (collection) {
            await catalogApi.collections.update(collection.id, body);
            setDone('Подборка сохранена. На сайте она уже обновилась.');
            await revalidator.revalidate();
          } else {
            const created = await catalogApi.collections.create(body);
            await navigate(catalogPaths.collection(created.id));
          }
        })}
      >
        <div className="catalog-form__grid">
          <Field look="admin" label="Название" errors={form.errorsOf('title')}>
            {(a11y) => (
              <input {...a11y} value={v.title} maxLength={200} onChange={(e) => set({ title: e.target.value, ...(slugTouched ? {} : { slug: slugOf(e.target.value) }) })} />
            )}
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
        </div>
        <UploadField
          look="admin"
          target={PICTURE}
          label="Картинка"
          current={Boolean(v.preview)}
          hint="JPEG, PNG или WebP; на главной — карточка подборки."
          errors={form.errorsOf('image')}
          showName
          remove={{ label: 'Убрать картинку', onRemove: () => set({ image: null, preview: null }) }}
          onUploaded={(uploaded) => set({ image: uploaded.key, preview: uploaded.url })}
        >
          {v.preview ? <img src={v.preview} alt="Картинка подборки" width={200} height={120} /> : null}
        </UploadField>
        <fieldset>
          <legend>Курсы подборки</legend>
          <p className="admin-muted admin-small">На сайте видны только опубликованные курсы. {ORDER_HINT.replace('Сохраняется сразу.', 'Порядок сохраняется вместе с подборкой.')}</p>
          {chosen.length === 0 ? <p className="admin-muted">Курсов пока нет: добавьте их из списка ниже.</p> : null}
          <Sortable items={chosen} label="Курсы подборки" nameOf={(c) => `«${c.title}»`} onReorder={setChosen}>
            {(course, handle) => (
              <div className="catalog-row__head">
                {handle}
                <div className="catalog-row__title">
                  <span>{course.title}</span>
                  {course.is_published ? null : <span className="admin-muted admin-small">черновик — на сайте не виден</span>}
                </div>
                <button type="button" className="admin-icon-button" aria-label={`Убрать из подборки: ${course.title}`} onClick={() => setChosen(chosen.filter((c) => c.id !== course.id))}>
                  Убрать
                </button>
              </div>
            )}
          </Sortable>
          <div className="catalog-add">
            <Field look="admin" label="Добавить курс" errors={form.errorsOf('course_ids')}>
              {(a11y) => (
                <select {...a11y} value={adding} onChange={(e) => setAdding(e.target.value)}>
                  <option value="">Выберите курс</option>
                  {left.map((course) => (
                    <option key={course.id} value={course.id}>
                      {course.title}
                      {course.is_published ? '' : ' (черновик)'}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <button
              type="button"
              className="button button--ghost"
              disabled={!adding}
              onClick={() => {
                const course = courses.find((c) => String(c.id) === adding);
                if (course) setChosen([...chosen, course]);
                setAdding('');
              }}
            >
              Добавить
            </button>
          </div>
        </fieldset>
        <FormMessages look="admin" messages={form.problems.general} />
        <div className="admin-actions">
          <button type="submit" className="button button--primary" aria-busy={form.busy} disabled={form.busy}>
            {collection ? 'Сохранить' : 'Создать подборку'}
          </button>
          {collection ? (
            <button type="button" className="button button--ghost" onClick={() => setDeleting(true)}>
              Удалить подборку
            </button>
          ) : null}
        </div>
      </form>
      {collection ? (
        <ConfirmDialog
          look="admin"
          open={deleting}
          title={`Удалить подборку «${collection.title}»?`}
          confirmLabel="Удалить"
          onClose={() => setDeleting(false)}
          leaving
          action={async () => {
            await catalogApi.collections.remove(collection.id);
            await navigate(catalogPaths.collections());
          }}
        >
          <p>Подборка пропадёт с главной страницы и из каталога. Сами курсы останутся.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
