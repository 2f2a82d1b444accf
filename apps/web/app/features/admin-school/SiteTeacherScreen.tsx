import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SiteTeacher, SiteTeacherInput } from '@crema/contract';
import { useApiForm } from '../../api/useApiForm.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { UploadField, builderUpload } from '../../ui/UploadField.tsx';
import { SiteTabs, schoolPaths, siteApi } from './ui.tsx';
import './site-reviews.css';

// /admin/school/site/teachers/new/ and …/teachers/{id}/ (decision 0073): a teacher's form — photo
// (uploaded at once, with its progress), name, position, a plain-text story (as the course page
// shows it: paragraphs by empty lines), courses, where they are shown. Saved with the version it
// was opened at: a save over someone else's answers 409 and keeps what was typed.

const PHOTO = builderUpload('image', 'image/jpeg,image/png,image/webp');

const FIELDS = ['first_name', 'last_name', 'position', 'bio', 'photo', 'on_main', 'on_noschool', 'course_ids', 'version'] as const;

export function SiteTeacherScreen({ teacher, courses }: { teacher: SiteTeacher | null; courses: { id: number; title: string }[] }) {
  const id = useId();
  const navigate = useNavigate();
  const form = useApiForm(FIELDS);
  const [v, setV] = useState({
    first_name: teacher?.first_name ?? '',
    last_name: teacher?.last_name ?? '',
    position: teacher?.position ?? '',
    bio: teacher?.bio ?? '',
    photo: teacher?.photo ?? null,
    photoUrl: teacher?.photo_url ?? null,
    on_main: teacher?.on_main ?? false,
    on_noschool: teacher?.on_noschool ?? false,
    course_ids: teacher?.courses.map((c) => c.id) ?? [],
  });
  const set = (patch: Partial<typeof v>) => setV((now) => ({ ...now, ...patch }));
  const title = teacher ? `${teacher.first_name} ${teacher.last_name}` : 'Новый преподаватель';
  const toggleCourse = (courseId: number, on: boolean) =>
    set({ course_ids: on ? [...v.course_ids, courseId] : v.course_ids.filter((c) => c !== courseId) });

  return (
    <section aria-labelledby={`${id}-title`}>
      <SiteTabs />
      <p className="school-back">
        <Link to={schoolPaths.teachers()}>← Все преподаватели</Link>
      </p>
      <h1 id={`${id}-title`}>{title}</h1>
      <form
        className="admin-form school-form"
        noValidate
        onSubmit={form.onSubmit(
          async () => {
            const body: SiteTeacherInput = {
              first_name: v.first_name,
              last_name: v.last_name,
              position: v.position,
              bio: v.bio,
              photo: v.photo,
              on_main: v.on_main,
              on_noschool: v.on_noschool,
              course_ids: v.course_ids,
            };
            if (teacher) await siteApi.updateSiteTeacher(teacher.id, { ...body, version: teacher.version });
            else await siteApi.createSiteTeacher(body);
            await navigate(schoolPaths.teachers());
          },
          { leaving: true },
        )}
      >
        <UploadField
          look="admin"
          target={PHOTO}
          label="Фото"
          current={Boolean(v.photoUrl)}
          hint="JPEG, PNG или WebP, лучше квадратное. Фото сохранится вместе с формой."
          errors={form.errorsOf('photo')}
          showName
          remove={{ label: 'Убрать фото', onRemove: () => set({ photo: null, photoUrl: null }) }}
          onUploaded={(uploaded) => set({ photo: uploaded.key, photoUrl: uploaded.url })}
        >
          {v.photoUrl ? <img className="site-card__photo" src={v.photoUrl} alt="Выбранное фото" width={56} height={56} /> : null}
        </UploadField>
        <Field look="admin" label="Имя" errors={form.errorsOf('first_name')}>
          {(a11y) => <input {...a11y} className="admin-input" value={v.first_name} maxLength={100} autoComplete="off" onChange={(e) => set({ first_name: e.target.value })} />}
        </Field>
        <Field look="admin" label="Фамилия" errors={form.errorsOf('last_name')}>
          {(a11y) => <input {...a11y} className="admin-input" value={v.last_name} maxLength={100} autoComplete="off" onChange={(e) => set({ last_name: e.target.value })} />}
        </Field>
        <Field look="admin" label="Должность" hint="Например: Q-грейдер, руководитель обжарочного цеха." errors={form.errorsOf('position')}>
          {(a11y) => <input {...a11y} className="admin-input" value={v.position} maxLength={200} onChange={(e) => set({ position: e.target.value })} />}
        </Field>
        <Field look="admin" label="О преподавателе" hint="Простой текст, как на странице курса. До 3000 символов." errors={form.errorsOf('bio')}>
          {(a11y) => <textarea {...a11y} className="admin-input" rows={6} value={v.bio} maxLength={3000} onChange={(e) => set({ bio: e.target.value })} />}
        </Field>
        <fieldset className="admin-field">
          <legend className="admin-field__label">Где показывать</legend>
          <div className="site-flags">
            <label>
              <input type="checkbox" checked={v.on_main} onChange={(e) => set({ on_main: e.target.checked })} /> На главной странице
            </label>
            <label>
              <input type="checkbox" checked={v.on_noschool} onChange={(e) => set({ on_noschool: e.target.checked })} /> На сайте без школы
            </label>
          </div>
        </fieldset>
        <fieldset className="admin-field" aria-describedby={`${id}-courses-hint`}>
          <legend className="admin-field__label">Курсы</legend>
          <p id={`${id}-courses-hint`} className="admin-field__hint">
            Преподаватель появится на страницах отмеченных курсов — на новом курсе последним среди преподавателей.
          </p>
          <div className="site-courses">
            {courses.map((course) => (
              <label key={course.id}>
                <input type="checkbox" checked={v.course_ids.includes(course.id)} onChange={(e) => toggleCourse(course.id, e.target.checked)} /> {course.title}
              </label>
            ))}
          </div>
          {form.errorsOf('course_ids').length ? <p className="admin-field__error">{form.errorsOf('course_ids').join(' ')}</p> : null}
        </fieldset>
        <FormMessages look="admin" messages={[...form.problems.general, ...form.errorsOf('version')]} />
        <div className="admin-actions">
          <button type="submit" className="button button--primary" aria-busy={form.busy}>
            {teacher ? 'Сохранить' : 'Добавить преподавателя'}
          </button>
          <Link className="button button--ghost" to={schoolPaths.teachers()}>
            Отмена
          </Link>
        </div>
      </form>
    </section>
  );
}
