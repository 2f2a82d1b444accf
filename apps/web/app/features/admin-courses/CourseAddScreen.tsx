import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { Category } from '@crema/contract';
import { useApiForm } from '../../api/useApiForm.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { adminApi } from './ui.tsx';
import { adminPaths } from './paths.ts';
import './admin.css';

// /admin/courses/add/: the title and the catalogue's category (and whether it is for children)
// make a draft; everything else is filled on its edit page, where this form leads.

const FIELDS = ['title', 'category_id', 'is_kids'] as const;

/** The categories as a select's groups: for adults, for children. */
export function CategoryOptions({ categories }: { categories: Category[] }) {
  return (
    <>
      <optgroup label="Для взрослых">
        {categories
          .filter((category) => category.type === 'adult')
          .map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
      </optgroup>
      <optgroup label="Для детей">
        {categories
          .filter((category) => category.type === 'kids')
          .map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
      </optgroup>
    </>
  );
}

export function CourseAddScreen({ categories }: { categories: Category[] }) {
  const navigate = useNavigate();
  const form = useApiForm(FIELDS);
  const { register, handleSubmit, setValue } = useForm({ defaultValues: { title: '', category_id: '', is_kids: false } });
  const category = register('category_id', {
    onChange: (event: { target: { value: string } }) => {
      const chosen = categories.find((item) => String(item.id) === event.target.value);
      if (chosen) setValue('is_kids', chosen.type === 'kids');
    },
  });
  return (
    <section aria-labelledby="admin-add-title">
      <p>
        <Link to={adminPaths.courses()}>← Мои курсы</Link>
      </p>
      <h1 id="admin-add-title">Новый курс</h1>
      <p className="admin-muted">Курс создаётся черновиком: ученики увидят его только после публикации.</p>
      <form
        className="admin-form"
        noValidate
        onSubmit={handleSubmit((values) =>
          form.run(
            async () => {
              const created = await adminApi.createCourse({
                title: values.title,
                category_id: Number(values.category_id) || 0,
                is_kids: values.is_kids,
              });
              await navigate(adminPaths.edit(created.id));
            },
            { leaving: true },
          ),
        )}
      >
        <Field look="admin" label="Название курса" errors={form.errorsOf('title')}>
          {(a11y) => <input {...a11y} {...register('title')} maxLength={200} autoComplete="off" data-autofocus />}
        </Field>
        <Field look="admin" label="Категория каталога" errors={form.errorsOf('category_id')}>
          {(a11y) => (
            <select {...a11y} {...category}>
              <option value="">Выберите категорию</option>
              <CategoryOptions categories={categories} />
            </select>
          )}
        </Field>
        <label className="admin-check">
          <input type="checkbox" {...register('is_kids')} /> Курс для детей
        </label>
        <FormMessages look="admin" messages={form.problems.general} />
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>
            Создать черновик
          </button>
          <Link to={adminPaths.courses()} className="button button--ghost">
            Отмена
          </Link>
        </div>
      </form>
    </section>
  );
}
