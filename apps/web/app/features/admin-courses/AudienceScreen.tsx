import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useRevalidator } from 'react-router';
import type { AdminLearner } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { useApiForm } from '../../api/useApiForm.ts';
import type { AdminAudience, AdminPendingGrant } from '../../api/admin.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { adminApi, useSearchForm } from './ui.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { adminPaths } from './paths.ts';
import { endOfMoscowDay } from './dates.ts';
import './admin.css';

// /admin/courses/{id}/audience/ 'Ученики' and /audience/add/ (decision 0035): who studies the
// course and how they came, their progress; ending access (progress stays), adding by e-mail,
// invitations not yet taken.

const SOURCE_LABELS: Record<AdminLearner['source'], string> = {
  order: 'Заказ',
  invitation: 'Ссылка-приглашение',
  manual: 'Добавлен вручную',
};

function learnerName(learner: AdminLearner): string {
  const name = [learner.user.last_name, learner.user.first_name].filter(Boolean).join(' ');
  return name || learner.user.email;
}

/** Access ends when `access_until` has passed ('Закрыть доступ' sets it to now); `now` is the loader's. */
function hasAccess(learner: AdminLearner, now: string): boolean {
  return learner.access_until === null || learner.access_until > now;
}

function accessText(learner: AdminLearner, now: string): string {
  if (!hasAccess(learner, now)) return 'Доступ закрыт';
  const until = learner.access_until ? `Доступ до ${formatDate(learner.access_until)}` : 'Доступ бессрочный';
  return learner.is_active ? until : `${until} (ученик скрыл курс)`;
}

type Ending = { kind: 'learner'; learner: AdminLearner } | { kind: 'grant'; grant: AdminPendingGrant };

export function AudienceScreen({ courseId, audience, search, now }: { courseId: number; audience: AdminAudience; search: string; now: string }) {
  const searchForm = useSearchForm();
  const revalidator = useRevalidator();
  const [ending, setEnding] = useState<Ending | null>(null);
  const pending = audience.pending ?? [];
  return (
    <section aria-labelledby="admin-audience-title">
      <div className="admin-head">
        <h1 id="admin-audience-title">Ученики курса</h1>
        <Link className="button button--primary" to={adminPaths.addLearner(courseId)}>
          Добавить ученика
        </Link>
      </div>
      <form method="get" role="search" className="admin-filters" aria-label="Поиск учеников" onSubmit={searchForm.onSubmit}>
        <input type="search" name="search" defaultValue={search} placeholder="Имя или e-mail" aria-label="Имя или e-mail" />
        <button type="submit" className="button button--ghost">
          Найти
        </button>
      </form>
      {audience.results.length ? (
        <table className="admin-table">
          <thead>
            <tr>
              <th>Ученик</th>
              <th>Откуда</th>
              <th>Прогресс</th>
              <th>Доступ</th>
              <th>
                <span className="visually-hidden">Действия</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {audience.results.map((learner) => (
              <tr key={learner.user_course_id}>
                <td>
                  <strong>{learnerName(learner)}</strong>
                  {learnerName(learner) !== learner.user.email ? (
                    <>
                      <br />
                      <span className="admin-muted admin-small">{learner.user.email}</span>
                    </>
                  ) : null}
                  {learner.student ? (
                    <>
                      <br />
                      <span className="admin-small">
                        Учится: {learner.student.last_name} {learner.student.first_name}
                      </span>
                    </>
                  ) : null}
                </td>
                <td>
                  {SOURCE_LABELS[learner.source]}
                  {learner.link_title ? <span className="admin-muted admin-small"> «{learner.link_title}»</span> : null}
                  <br />
                  <span className="admin-muted admin-small">с {formatDate(learner.enrolled_at)}</span>
                </td>
                <td>
                  {learner.progress.percent}%
                  <br />
                  <span className="admin-muted admin-small">
                    уроков {learner.progress.lessons_done} из {learner.progress.lessons_total}
                  </span>
                </td>
                <td>{accessText(learner, now)}</td>
                <td>
                  {hasAccess(learner, now) ? (
                    <button type="button" className="admin-icon-button" onClick={() => setEnding({ kind: 'learner', learner })}>
                      Закрыть доступ
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="admin-empty">{search ? 'Никого не нашли.' : 'У курса пока нет учеников. Добавьте их по e-mail или отправьте ссылку-приглашение.'}</p>
      )}
      {audience.count > audience.results.length ? (
        <p className="admin-muted">
          Показаны {audience.results.length} из {audience.count}. Уточните поиск.
        </p>
      ) : null}

      {pending.length ? (
        <>
          <h2>Приглашения без ответа</h2>
          <p className="admin-muted">Этим людям отправлено письмо: доступ откроется, когда они войдут на сайт с этим e-mail.</p>
          <ul className="admin-cards">
            {pending.map((grant) => (
              <li key={grant.id} className="admin-item">
                <span className="admin-item__title">
                  {grant.email}{' '}
                  <span className="admin-muted admin-small">
                    приглашён {formatDate(grant.created_at)}
                    {grant.access_until ? `, доступ до ${formatDate(grant.access_until)}` : ''}
                  </span>
                </span>
                <button type="button" className="admin-icon-button" onClick={() => setEnding({ kind: 'grant', grant })}>
                  Отозвать
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <ConfirmDialog look="admin"
        open={ending !== null}
        title={ending?.kind === 'grant' ? 'Отозвать приглашение?' : 'Закрыть доступ к курсу?'}
        confirmLabel={ending?.kind === 'grant' ? 'Отозвать' : 'Закрыть доступ'}
        onClose={() => setEnding(null)}
        action={async () => {
          if (ending?.kind === 'learner') await adminApi.endAccess(courseId, ending.learner.user_course_id);
          else if (ending?.kind === 'grant') await adminApi.withdrawGrant(courseId, ending.grant.id);
          await revalidator.revalidate();
        }}
      >
        {ending?.kind === 'learner' ? (
          <p>
            {learnerName(ending.learner)} больше не сможет открыть уроки курса. Прогресс сохранится: если добавить ученика снова,
            он продолжит с того же места.
          </p>
        ) : ending?.kind === 'grant' ? (
          <p>Приглашение для {ending.grant.email} перестанет действовать: войдя на сайт, этот человек не получит курс.</p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

export function AddLearnerScreen({ courseId }: { courseId: number }) {
  const form = useApiForm(['email', 'access_until']);
  const [answer, setAnswer] = useState<string | null>(null);
  const { register, handleSubmit, reset } = useForm({ defaultValues: { email: '', access_until: '' } });
  return (
    <section aria-labelledby="admin-add-learner-title">
      <p>
        <Link to={adminPaths.audience(courseId)}>← Ученики курса</Link>
      </p>
      <h1 id="admin-add-learner-title">Добавить ученика</h1>
      <p className="admin-muted">
        Мы отправим приглашение на этот e-mail. Курс появится в «Моем обучении», когда человек войдёт на сайт с этим адресом
        или откроет этот раздел, — до тех пор приглашение видно в списке ожидающих.
      </p>
      <form
        className="admin-form"
        noValidate
        onSubmit={handleSubmit((values) =>
          form.run(async () => {
            setAnswer(null);
            const result = await adminApi.addLearner(courseId, {
              email: values.email.trim(),
              access_until: values.access_until ? endOfMoscowDay(values.access_until) : null,
            });
            setAnswer(result.detail);
            reset();
          }),
        )}
      >
        <Field look="admin" label="E-mail ученика" errors={form.errorsOf('email')}>
          {(a11y) => <input {...a11y} {...register('email')} type="email" autoComplete="off" inputMode="email" />}
        </Field>
        <Field look="admin" label="Доступ до" hint="Пусто — бессрочно" errors={form.errorsOf('access_until')}>
          {(a11y) => <input {...a11y} {...register('access_until')} type="date" />}
        </Field>
        <FormMessages look="admin" messages={form.problems.general} />
        {answer ? (
          <p className="admin-notice" role="status">
            {answer}
          </p>
        ) : null}
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>
            Открыть доступ
          </button>
          <Link to={adminPaths.audience(courseId)} className="button button--ghost">
            К списку учеников
          </Link>
        </div>
      </form>
    </section>
  );
}
