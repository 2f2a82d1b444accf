import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import type { AdminGroupOption, CourseCurator } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { useApiForm } from '../../api/useApiForm.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { adminApi } from './ui.tsx';
import './admin.css';

// /admin/courses/{id}/curators/ 'Кураторы': who checks the course's homework — for the whole course
// or for one of its groups (then only that group's learners) — named by the e-mail of their account;
// beside each, how many answers wait, wait too long and came after the deadline; removing asks first.

/** What a curator checks, in words. */
function scopeText(curator: CourseCurator): string {
  return curator.group ? `Группа «${curator.group.title}»` : 'Весь курс';
}

export function CuratorsScreen({ courseId, curators, groups }: { courseId: number; curators: CourseCurator[]; groups: AdminGroupOption[] }) {
  const revalidator = useRevalidator();
  const form = useApiForm(['email', 'group_id']);
  const [added, setAdded] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CourseCurator | null>(null);
  const { register, handleSubmit, reset } = useForm({
    defaultValues: { email: '', group: '' },
  });
  return (
    <section aria-labelledby="admin-curators-title">
      <div className="admin-head">
        <h1 id="admin-curators-title">Кураторы курса</h1>
      </div>
      <p className="admin-muted">
        Кураторы проверяют домашние задания: читают ответы учеников, пишут комментарии, принимают ответ или возвращают на доработку. Куратор всего курса видит
        ответы всех учеников, куратор группы — только её участников. Куратор видит имена учеников и их прогресс, но не документы, телефоны и заказы.
      </p>
      <form
        className="admin-form"
        noValidate
        aria-labelledby="admin-curators-add"
        onSubmit={handleSubmit((values) =>
          form.run(async () => {
            setAdded(null);
            const curator = await adminApi.addCurator(courseId, {
              email: values.email.trim(),
              group_id: values.group ? Number(values.group) : null,
            });
            setAdded(`${curator.user.name || curator.user.email} — куратор: ${scopeText(curator).toLowerCase()}.`);
            reset();
            await revalidator.revalidate();
          }),
        )}
      >
        <h2 id="admin-curators-add">Назначить куратора</h2>
        <Field look="admin" label="E-mail куратора" hint="У куратора должен быть аккаунт на сайте с этим e-mail." errors={form.errorsOf('email')}>
          {(a11y) => <input {...a11y} {...register('email')} type="email" autoComplete="off" inputMode="email" />}
        </Field>
        <Field look="admin" label="Что проверяет" errors={form.errorsOf('group_id')}>
          {(a11y) => (
            <select {...a11y} {...register('group')}>
              <option value="">Весь курс</option>
              {groups.map((group) => (
                <option key={group.id} value={group.id}>
                  Группа «{group.title}», старт {formatDate(group.starts_on)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <FormMessages look="admin" messages={form.problems.general} />
        {added ? (
          <p className="admin-notice" role="status">
            {added}
          </p>
        ) : null}
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>
            Назначить
          </button>
        </div>
      </form>

      <h2>Кто проверяет</h2>
      {curators.length ? (
        <ul className="admin-cards" aria-label="Кураторы курса">
          {curators.map((curator) => (
            <li key={curator.id} className="admin-curator">
              <div className="admin-curator__who">
                <strong>{curator.user.name || curator.user.email}</strong>
                {curator.user.name && curator.user.name !== curator.user.email ? <span className="admin-muted admin-small">{curator.user.email}</span> : null}
                <span className="admin-small">{scopeText(curator)}</span>
              </div>
              <ul className="admin-card__facts">
                <li>Ждут проверки: {curator.waiting}</li>
                <li className={curator.waiting_too_long ? 'admin-curator__late' : undefined}>Ждут дольше 48 часов: {curator.waiting_too_long}</li>
                <li className={curator.overdue ? 'admin-curator__late' : undefined}>Ответов после срока: {curator.overdue}</li>
                <li className={curator.missed ? 'admin-curator__late' : undefined}>Не сдано в срок: {curator.missed}</li>
              </ul>
              <button type="button" className="admin-icon-button" onClick={() => setRemoving(curator)}>
                Снять
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-empty">Кураторов пока нет. Пока их нет, ответы учеников проверяете вы — в разделе «Проверка заданий».</p>
      )}

      <ConfirmDialog
        look="admin"
        open={removing !== null}
        title="Снять куратора?"
        confirmLabel="Снять"
        onClose={() => setRemoving(null)}
        action={async () => {
          if (removing) await adminApi.removeCurator(courseId, removing.id);
          await revalidator.revalidate();
        }}
      >
        {removing ? (
          <p>
            {removing.user.name || removing.user.email} больше не будет проверять задания ({scopeText(removing).toLowerCase()}). Его комментарии и решения
            останутся в переписке с учениками.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
