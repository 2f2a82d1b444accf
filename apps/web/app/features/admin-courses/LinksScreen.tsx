import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminLink } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { adminApi } from './ui.tsx';
import { endOfMoscowDay } from './dates.ts';
import './admin.css';

// /admin/courses/{id}/links/ 'Ссылки-приглашения': a link enrols whoever opens it and signs in
// (decision 0035); the owner sets a limit of people and an end date, copies it, switches it off.

function linkState(link: AdminLink): string {
  if (!link.is_active) return 'Выключена';
  if (link.is_usable) return 'Действует';
  if (link.uses_limit !== null && link.uses_count >= link.uses_limit) return 'Места закончились';
  return 'Срок истёк';
}

function CopyField({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="admin-copy">
      <input readOnly value={url} aria-label="Ссылка-приглашение" onFocus={(event) => event.currentTarget.select()} />
      <button
        type="button"
        className="admin-icon-button"
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? 'Скопировано' : 'Копировать'}
      </button>
    </span>
  );
}

function LinkRow({ courseId, link, onChanged }: { courseId: number; link: AdminLink; onChanged: (link: AdminLink) => void }) {
  const form = useApiForm();
  return (
    <tr>
      <td>
        <strong>{link.title ?? 'Без названия'}</strong>
        <br />
        <span className="admin-muted admin-small">создана {formatDate(link.created_at)}</span>
      </td>
      <td>
        <CopyField url={link.url} />
      </td>
      <td>
        {link.uses_count}
        {link.uses_limit === null ? ' (без лимита)' : ` из ${link.uses_limit}`}
      </td>
      <td>
        {link.expires_at ? `до ${formatDate(link.expires_at)}` : 'бессрочно'}
        {link.access_until ? (
          <>
            <br />
            <span className="admin-muted admin-small">доступ до {formatDate(link.access_until)}</span>
          </>
        ) : null}
      </td>
      <td>
        <span className={`admin-status admin-status--${link.is_usable ? 'published' : 'draft'}`}>{linkState(link)}</span>
        <br />
        <button
          type="button"
          className="admin-icon-button"
          style={{ marginTop: 6 }}
          disabled={form.busy}
          onClick={() => void form.run(async () => onChanged(await adminApi.setLinkActive(courseId, link.id, !link.is_active)))}
        >
          {link.is_active ? 'Выключить' : 'Включить'}
        </button>
        <FormMessages look="admin" messages={form.problems.general} />
      </td>
    </tr>
  );
}

const FIELDS = ['title', 'uses_limit', 'expires_at', 'access_until'] as const;

export function LinksScreen({ courseId, links: loaded }: { courseId: number; links: AdminLink[] }) {
  const [links, setLinks] = useState(loaded);
  const form = useApiForm(FIELDS);
  const { register, handleSubmit, reset } = useForm({ defaultValues: { title: '', uses_limit: '', expires_at: '', access_until: '' } });
  return (
    <section aria-labelledby="admin-links-title">
      <h1 id="admin-links-title">Ссылки-приглашения</h1>
      <p className="admin-muted">
        Отправьте ссылку ученикам: кто откроет её и войдёт по e-mail, сразу получит доступ к курсу. Ссылку можно выключить в любой
        момент — записавшиеся по ней останутся.
      </p>
      <form
        className="admin-form"
        noValidate
        onSubmit={handleSubmit((values) =>
          form.run(async () => {
            const limit = values.uses_limit.trim();
            const problem = rejection({ uses_limit: limit !== '' && !/^\d+$/.test(limit) && ['Введите целое число людей.'] });
            if (problem) throw problem;
            const link = await adminApi.createLink(courseId, {
              title: values.title,
              uses_limit: limit === '' ? null : Number(limit),
              expires_at: values.expires_at ? endOfMoscowDay(values.expires_at) : null,
              access_until: values.access_until ? endOfMoscowDay(values.access_until) : null,
            });
            setLinks((current) => [link, ...current]);
            reset();
          }),
        )}
      >
        <fieldset>
          <legend>Новая ссылка</legend>
          <Field look="admin" label="Для кого (видно только вам)" hint="Например, «Корпоративная группа»" errors={form.errorsOf('title')}>
            {(a11y) => <input {...a11y} {...register('title')} maxLength={200} />}
          </Field>
          <div className="admin-grid">
            <Field look="admin" label="Сколько человек может записаться" hint="Пусто — без лимита" errors={form.errorsOf('uses_limit')}>
              {(a11y) => <input {...a11y} {...register('uses_limit')} inputMode="numeric" autoComplete="off" />}
            </Field>
            <Field look="admin" label="Ссылка действует до" hint="Пусто — бессрочно" errors={form.errorsOf('expires_at')}>
              {(a11y) => <input {...a11y} {...register('expires_at')} type="date" />}
            </Field>
            <Field look="admin" label="Доступ к курсу до" hint="Пусто — бессрочно" errors={form.errorsOf('access_until')}>
              {(a11y) => <input {...a11y} {...register('access_until')} type="date" />}
            </Field>
          </div>
          <FormMessages look="admin" messages={form.problems.general} />
          <div>
            <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>
              Создать ссылку
            </button>
          </div>
        </fieldset>
      </form>
      <h2>Ссылки курса</h2>
      {links.length ? (
        // A narrow content column (767–1100 px with the sidebar) scrolls the table in its own box,
        // reachable by keyboard, never the page (decision 0047).
        <div className="admin-table-wrap" role="region" aria-label="Таблица ссылок курса" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th>Название</th>
                <th>Ссылка</th>
                <th>Записались</th>
                <th>Срок</th>
                <th>Состояние</th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <LinkRow
                  key={link.id}
                  courseId={courseId}
                  link={link}
                  onChanged={(next) => setLinks((current) => current.map((each) => (each.id === next.id ? next : each)))}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-empty">Ссылок пока нет.</p>
      )}
    </section>
  );
}
