import { lazy, Suspense, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { AdminCourse, AdminCoursePatch, Category } from '@crema/contract';
import { AGE_TEXTS, COURSE_AGE_BOUNDS, COURSE_FORMAT_LABELS, COURSE_FORMATS, COURSE_LEVEL_LABELS, COURSE_LEVELS, ageRangeProblems } from '@crema/contract/rules';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { UploadField, builderUpload } from '../../ui/UploadField.tsx';
import { NO_PROBLEMS } from '../../api/problems.ts';
import { ApiRequestError } from '../../api/client.ts';
import { useUnsavedGuard } from '../../ui/UnsavedGuard.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { adminApi } from './ui.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CategoryOptions } from './CourseAddScreen.tsx';
import type { CatalogChoices } from './CourseCatalogSection.tsx';
import { RichText } from '../../ui/RichTextField.tsx';
import { kopecksToRubles, rublesToKopecks } from './money.ts';
import { adminPaths } from './paths.ts';
import './admin.css';

// The course's attributes and collections (decision 0072): their own form, loaded after the page's own code.
const CourseCatalogSection = lazy(() => import('./CourseCatalogSection.tsx').then((module) => ({ default: module.CourseCatalogSection })));

// /admin/courses/{id}/edit/: the course's settings (decision 0036). One form, saved whole with
// the version it was loaded at: a 409 (someone saved in between) keeps everything typed on screen.
// Publishing saves the form too, and what the course still lacks comes back as a checklist.

type Values = {
  title: string;
  slug: string;
  category_id: string;
  is_kids: boolean;
  price: string;
  old_price: string;
  duration_hours: string;
  duration_text: string;
  age_min: string;
  age_max: string;
  format: AdminCourse['format'];
  level: AdminCourse['level'];
  short_description: string;
  description: string;
  image: string;
  og_image: string;
  seo_title: string;
  seo_description: string;
  seo_h1: string;
  seo_keywords: string;
  og_title: string;
  og_description: string;
};

const FIELDS = [
  'title', 'slug', 'category_id', 'is_kids', 'price', 'old_price', 'duration_hours', 'duration_text', 'age_min', 'age_max', 'format', 'level',
  'short_description', 'description', 'image', 'og_image', 'seo_title', 'seo_description', 'seo_h1', 'seo_keywords',
  'og_title', 'og_description', 'is_published',
] as const;

function valuesOf(course: AdminCourse): Values {
  return {
    title: course.title,
    slug: course.slug,
    category_id: String(course.category_id),
    is_kids: course.is_kids,
    price: kopecksToRubles(course.price),
    old_price: kopecksToRubles(course.old_price),
    duration_hours: course.duration_hours === null ? '' : String(course.duration_hours),
    duration_text: course.duration_text ?? '',
    age_min: course.age_min === null ? '' : String(course.age_min),
    age_max: course.age_max === null ? '' : String(course.age_max),
    format: course.format,
    level: course.level,
    short_description: course.short_description ?? '',
    description: course.description ?? '',
    image: course.image_key ?? '',
    og_image: course.og_image_key ?? '',
    seo_title: course.seo_title ?? '',
    seo_description: course.seo_description ?? '',
    seo_h1: course.seo_h1 ?? '',
    seo_keywords: course.seo_keywords ?? '',
    og_title: course.og_title ?? '',
    og_description: course.og_description ?? '',
  };
}

/** The PATCH body of the form's values; a price or duration that is not a number is a field error. */
function bodyOf(values: Values): AdminCoursePatch {
  const price = rublesToKopecks(values.price);
  const oldPrice = rublesToKopecks(values.old_price);
  const hours = values.duration_hours.trim();
  const badHours = hours !== '' && !/^\d+$/.test(hours);
  // An age is whole years or empty (no limit); the range itself by the contract's rule, as the server checks it.
  const age = (text: string) => (text.trim() === '' ? null : /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : undefined);
  const ageMin = age(values.age_min);
  const ageMax = age(values.age_max);
  const ages = ageMin !== undefined && ageMax !== undefined ? ageRangeProblems({ min: ageMin, max: ageMax }) : {};
  const problem = rejection({
    price: price === undefined && ['Введите цену в рублях, например 4900 или 4900,50.'],
    old_price: oldPrice === undefined && ['Введите цену в рублях, например 5900.'],
    duration_hours: badHours && ['Введите целое число часов.'],
    age_min: ageMin === undefined ? [AGE_TEXTS.notWhole] : ages.age_min ? [ages.age_min] : null,
    age_max: ageMax === undefined ? [AGE_TEXTS.notWhole] : ages.age_max ? [ages.age_max] : null,
  });
  if (problem) throw problem;
  return {
    title: values.title,
    slug: values.slug,
    category_id: Number(values.category_id),
    is_kids: values.is_kids,
    price: price ?? null,
    old_price: oldPrice ?? null,
    duration_hours: hours === '' ? null : Number(hours),
    duration_text: values.duration_text,
    age_min: ageMin ?? null,
    age_max: ageMax ?? null,
    format: values.format,
    level: values.level,
    short_description: values.short_description,
    description: values.description,
    image: values.image || null,
    og_image: values.og_image || null,
    seo_title: values.seo_title,
    seo_description: values.seo_description,
    seo_h1: values.seo_h1,
    seo_keywords: values.seo_keywords,
    og_title: values.og_title,
    og_description: values.og_description,
  };
}

/** The course's pictures: JPEG, PNG or WebP. */
const COURSE_PICTURE = builderUpload('image', 'image/jpeg,image/png,image/webp');

/** A picture of the course (cover, social image): the kit's upload field with a preview; the form keeps the key. */
function ImageUpload({
  label,
  previewUrl,
  errors,
  onUploaded,
  onRemoved,
}: {
  label: string;
  previewUrl: string | null;
  errors: string[];
  onUploaded: (key: string, url: string) => void;
  onRemoved: () => void;
}) {
  return (
    <UploadField
      look="admin"
      target={COURSE_PICTURE}
      label={label}
      current={Boolean(previewUrl)}
      hint="JPEG, PNG или WebP. Картинка сохранится вместе с курсом."
      errors={errors}
      showName
      remove={{ label: 'Убрать картинку', onRemove: onRemoved }}
      onUploaded={(uploaded) => onUploaded(uploaded.key, uploaded.url)}
    >
      {previewUrl ? (
        <>
          <img src={previewUrl} alt="Выбранная картинка" width={200} height={120} />
          <span className="img-alt">Выбранная картинка</span>
        </>
      ) : null}
    </UploadField>
  );
}

export function CourseEditScreen({ course: loaded, categories, catalog }: { course: AdminCourse; categories: Category[]; catalog?: CatalogChoices }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [course, setCourse] = useState(loaded);
  const [saved, setSaved] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [unpublishing, setUnpublishing] = useState(false);
  // Someone saved the course after it was opened (409): their version can be taken in under the edits.
  const [conflict, setConflict] = useState(false);
  const [previews, setPreviews] = useState({ image: loaded.image?.url ?? null, og_image: null as string | null });
  const form = useApiForm(FIELDS);
  const descriptionId = useId();
  const { register, handleSubmit, control, reset, setValue, formState } = useForm<Values>({ defaultValues: valuesOf(loaded) });
  const guard = useUnsavedGuard(formState.isDirty && !form.busy);
  const [ogImage, slug] = useWatch({ control, name: ['og_image', 'slug'] });

  const save = (publish?: boolean) =>
    handleSubmit((values) =>
      form.run(async () => {
        setSaved(null);
        const body = { ...bodyOf(values), updated_at: course.updated_at, ...(publish === undefined ? {} : { is_published: publish }) };
        let next: AdminCourse;
        try {
          next = await adminApi.updateCourse(course.id, body);
        } catch (error) {
          if (error instanceof ApiRequestError && error.status === 409) setConflict(true);
          throw error;
        }
        setConflict(false);
        setCourse(next);
        reset(valuesOf(next));
        setSaved(publish === true ? 'Курс опубликован.' : publish === false ? 'Курс снят с публикации.' : 'Изменения сохранены.');
        await revalidator.revalidate();
      }),
    );

  /** The newest version under the owner's edits: fields they changed stay as typed, the rest are the new ones. */
  const takeNewVersion = () =>
    form.run(async () => {
      const next = await adminApi.course(course.id);
      setCourse(next);
      reset(valuesOf(next), { keepDirtyValues: true });
      setPreviews((current) => ({ ...current, image: next.image?.url ?? current.image }));
      setConflict(false);
      form.setProblems(NO_PROBLEMS);
      setSaved('Загружена новая версия курса, ваши правки остались. Проверьте и сохраните.');
    });

  const publishProblems = form.errorsOf('is_published');
  const checklist = publishProblems.length ? publishProblems : course.is_published ? [] : course.publish_problems;
  return (
    <section aria-labelledby="admin-edit-title">
      {guard.dialog}
      <div className="admin-head">
        <h1 id="admin-edit-title">Редактирование курса</h1>
        <span className={`admin-status admin-status--${course.is_published ? 'published' : 'draft'}`}>
          {course.is_published ? 'Опубликован' : 'Черновик'}
        </span>
        <Link className="button button--ghost" to={adminPaths.preview(course.id, 'edit')}>
          Просмотр как ученик
        </Link>
      </div>

      <div className="admin-publish" aria-labelledby="admin-publish-title">
        <h2 id="admin-publish-title">{course.is_published ? 'Курс виден ученикам' : 'Публикация'}</h2>
        {course.is_published ? (
          <p className="admin-muted">
            Курс в каталоге: <a href={`/courses/${course.slug}/`}>/courses/{course.slug}/</a>. Снятый с публикации курс пропадёт из
            каталога, но ученики, у которых он уже есть, продолжат учиться.
          </p>
        ) : checklist.length ? (
          <>
            <p className="admin-muted">Чтобы опубликовать курс, осталось:</p>
            <ul className="admin-checklist" aria-label="Чего не хватает для публикации">
              {checklist.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="admin-muted">Всё готово к публикации. Пока курс — черновик, ученики его не видят.</p>
        )}
        <div className="admin-actions" style={{ marginTop: 12 }}>
          {course.is_published ? (
            <button type="button" className="button button--ghost" disabled={form.busy} onClick={() => setUnpublishing(true)}>
              Снять с публикации
            </button>
          ) : (
            <button type="button" className="button button--primary" disabled={form.busy} onClick={() => void save(true)()}>
              Опубликовать
            </button>
          )}
        </div>
      </div>

      <form className="admin-form" noValidate onSubmit={save()}>
        <fieldset>
          <legend>Основное</legend>
          <Field look="admin" label="Название курса" errors={form.errorsOf('title')}>
            {(a11y) => <input {...a11y} {...register('title')} maxLength={200} />}
          </Field>
          <Field look="admin"
            label="Адрес страницы курса"
            hint={`Латинские буквы, цифры и дефисы: /courses/${slug || '…'}/`}
            errors={form.errorsOf('slug')}
          >
            {(a11y) => <input {...a11y} {...register('slug')} maxLength={128} autoComplete="off" spellCheck={false} />}
          </Field>
          <div className="admin-grid">
            <Field look="admin" label="Категория" errors={form.errorsOf('category_id')}>
              {(a11y) => (
                <select {...a11y} {...register('category_id')}>
                  <CategoryOptions categories={categories} />
                </select>
              )}
            </Field>
            <Field look="admin" label="Формат" errors={form.errorsOf('format')}>
              {(a11y) => (
                <select {...a11y} {...register('format')}>
                  {COURSE_FORMATS.map((value) => (
                    <option key={value} value={value}>
                      {COURSE_FORMAT_LABELS[value]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field look="admin" label="Уровень" errors={form.errorsOf('level')}>
              {(a11y) => (
                <select {...a11y} {...register('level')}>
                  {COURSE_LEVELS.map((value) => (
                    <option key={value} value={value}>
                      {COURSE_LEVEL_LABELS[value]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <label className="admin-check">
            <input type="checkbox" {...register('is_kids')} /> Курс для детей
          </label>
          <div className="admin-grid">
            <Field look="admin"
              label="Возраст учеников от, лет"
              hint={`Полных лет, от ${COURSE_AGE_BOUNDS.min} до ${COURSE_AGE_BOUNDS.max}; пусто — без ограничения`}
              errors={form.errorsOf('age_min')}
            >
              {(a11y) => <input {...a11y} {...register('age_min')} inputMode="numeric" autoComplete="off" maxLength={3} />}
            </Field>
            <Field look="admin"
              label="Возраст учеников до, лет"
              hint="Включительно. Заказ и заявка не примут ребёнка другого возраста на начало занятий"
              errors={form.errorsOf('age_max')}
            >
              {(a11y) => <input {...a11y} {...register('age_max')} inputMode="numeric" autoComplete="off" maxLength={3} />}
            </Field>
          </div>
        </fieldset>

        <fieldset>
          <legend>Цена и длительность</legend>
          <div className="admin-grid">
            <Field look="admin" label="Цена, ₽" hint="0 — бесплатный курс; пусто — цена не указана" errors={form.errorsOf('price')}>
              {(a11y) => <input {...a11y} {...register('price')} inputMode="decimal" autoComplete="off" />}
            </Field>
            <Field look="admin" label="Старая цена, ₽" hint="Зачёркнутая цена до скидки" errors={form.errorsOf('old_price')}>
              {(a11y) => <input {...a11y} {...register('old_price')} inputMode="decimal" autoComplete="off" />}
            </Field>
            <Field look="admin" label="Длительность, часов" errors={form.errorsOf('duration_hours')}>
              {(a11y) => <input {...a11y} {...register('duration_hours')} inputMode="numeric" autoComplete="off" />}
            </Field>
            <Field look="admin" label="Длительность словами" hint="Например, «6 недель»" errors={form.errorsOf('duration_text')}>
              {(a11y) => <input {...a11y} {...register('duration_text')} maxLength={100} />}
            </Field>
          </div>
        </fieldset>

        <fieldset>
          <legend>Описание</legend>
          <Field look="admin" label="Краткое описание" hint="Для карточки в каталоге, до 500 символов" errors={form.errorsOf('short_description')}>
            {(a11y) => <textarea {...a11y} {...register('short_description')} maxLength={500} rows={3} />}
          </Field>
          <div className="admin-field">
            <span className="admin-field__label" id={`${descriptionId}-label`}>
              Описание курса
            </span>
            <Controller
              control={control}
              name="description"
              render={({ field }) => <RichText id={descriptionId} label="Описание курса" value={field.value} onChange={field.onChange} />}
            />
            {form.errorsOf('description').length ? <p className="admin-field__error">{form.errorsOf('description').join(' ')}</p> : null}
          </div>
          <ImageUpload
            label="Обложка курса"
            previewUrl={previews.image}
            errors={form.errorsOf('image')}
            onUploaded={(key, url) => {
              setValue('image', key, { shouldDirty: true });
              setPreviews((current) => ({ ...current, image: url }));
            }}
            onRemoved={() => {
              setValue('image', '', { shouldDirty: true });
              setPreviews((current) => ({ ...current, image: null }));
            }}
          />
        </fieldset>

        <details className="admin-details">
          <summary>SEO и соцсети</summary>
          <fieldset>
            <legend>Для поисковиков и соцсетей</legend>
            <Field look="admin" label="Заголовок страницы (title)" errors={form.errorsOf('seo_title')}>
              {(a11y) => <input {...a11y} {...register('seo_title')} maxLength={200} />}
            </Field>
            <Field look="admin" label="Описание страницы (description)" errors={form.errorsOf('seo_description')}>
              {(a11y) => <textarea {...a11y} {...register('seo_description')} maxLength={500} rows={2} />}
            </Field>
            <Field look="admin" label="Заголовок H1" errors={form.errorsOf('seo_h1')}>
              {(a11y) => <input {...a11y} {...register('seo_h1')} maxLength={200} />}
            </Field>
            <Field look="admin" label="Ключевые слова" errors={form.errorsOf('seo_keywords')}>
              {(a11y) => <input {...a11y} {...register('seo_keywords')} maxLength={500} />}
            </Field>
            <Field look="admin" label="Заголовок для соцсетей" errors={form.errorsOf('og_title')}>
              {(a11y) => <input {...a11y} {...register('og_title')} maxLength={200} />}
            </Field>
            <Field look="admin" label="Описание для соцсетей" errors={form.errorsOf('og_description')}>
              {(a11y) => <textarea {...a11y} {...register('og_description')} maxLength={500} rows={2} />}
            </Field>
            <ImageUpload
              label="Картинка для соцсетей"
              previewUrl={previews.og_image ?? (ogImage ? `/media/${ogImage}` : null)}
              errors={form.errorsOf('og_image')}
              onUploaded={(key, url) => {
                setValue('og_image', key, { shouldDirty: true });
                setPreviews((current) => ({ ...current, og_image: url }));
              }}
              onRemoved={() => {
                setValue('og_image', '', { shouldDirty: true });
                setPreviews((current) => ({ ...current, og_image: null }));
              }}
            />
          </fieldset>
        </details>

        <div className="admin-sticky-actions">
          <FormMessages look="admin" messages={publishProblems.length ? form.problems.general : form.problems.general} />
          {conflict ? (
            <p className="admin-actions" style={{ marginBottom: 12 }}>
              <button type="button" className="button button--ghost" disabled={form.busy} onClick={() => void takeNewVersion()}>
                Загрузить новую версию, сохранив мои правки
              </button>
            </p>
          ) : null}
          {saved && (!formState.isDirty || saved.startsWith('Загружена')) ? (
            <p className="admin-notice" role="status">
              {saved}
            </p>
          ) : formState.isDirty ? (
            <p className="admin-unsaved" role="status">
              Есть несохранённые изменения
            </p>
          ) : null}
          <div className="admin-actions">
            <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>
              Сохранить
            </button>
            <button type="button" className="button button--ghost" onClick={() => setDeleting(true)}>
              Удалить курс
            </button>
          </div>
        </div>
      </form>

      {catalog ? (
        <Suspense fallback={null}>
          <CourseCatalogSection courseId={course.id} choices={catalog} />
        </Suspense>
      ) : null}

      <ConfirmDialog look="admin"
        open={unpublishing}
        title="Снять курс с публикации?"
        confirmLabel="Снять с публикации"
        onClose={() => setUnpublishing(false)}
        action={() => save(false)()}
      >
        <p>
          Курс пропадёт из каталога, купить его или записаться по ссылке станет нельзя. Ученики, у которых он уже есть, продолжат
          учиться. Опубликовать снова можно в любой момент.
        </p>
      </ConfirmDialog>

      <ConfirmDialog look="admin"
        open={deleting}
        title="Удалить курс?"
        confirmLabel="Удалить курс"
        onClose={() => setDeleting(false)}
        action={async () => {
          await adminApi.deleteCourse(course.id);
          reset(valuesOf(course));
          await navigate(adminPaths.courses());
        }}
      >
        <p>
          Курс «{course.title}» будет удалён вместе со всеми модулями, уроками, тестами и ссылками-приглашениями. Вернуть их будет
          нельзя.
        </p>
        <p className="admin-muted">Курс, у которого есть ученики или заказы, удалить нельзя — его можно снять с публикации.</p>
      </ConfirmDialog>
    </section>
  );
}
