import { useId, useState } from 'react';
import { Form, Link, useNavigation, useRevalidator } from 'react-router';
import type { SiteReview } from '@crema/contract';
import { useApiForm } from '../../api/useApiForm.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { FilterSelect, SiteTabs, listHref, moscowTime, schoolPaths, siteApi } from './ui.tsx';
import './site-reviews.css';

// /admin/school/site/reviews/ (decision 0073): the moderation queue — new reviews first, filters by
// state, course and rating, a search in names and texts, pages from the server. Each review is
// published or hidden in one click (the course page's rating follows at once), answered as the
// school (the answer stands under it on the site) or its typo fixed (the old text stays in the
// journal). Every action carries the version the list was loaded at: someone else's change first
// answers 409, and the list reloads.

export const REVIEWS_PAGE_SIZE = 20;

export interface ReviewFilters {
  status?: 'new' | 'published' | 'hidden';
  course?: number;
  rating?: number;
  search?: string;
}

export interface ReviewWords {
  statuses: Record<string, string>;
  courses: { id: number; title: string }[];
}

type Mode = 'view' | 'reply' | 'edit';

function ReviewCard({ review, words, onChanged }: { review: SiteReview; words: ReviewWords; onChanged: () => void }) {
  const id = useId();
  const form = useApiForm(['reply', 'text', 'name', 'version']);
  const [mode, setMode] = useState<Mode>('view');
  const [reply, setReply] = useState(review.reply ?? '');
  const [text, setText] = useState(review.text);
  const [name, setName] = useState(review.name);
  const [done, setDone] = useState('');
  const act = (what: () => Promise<unknown>, said: string) =>
    form.run(async () => {
      setDone('');
      await what();
      setDone(said);
      setMode('view');
      onChanged();
    }, { onFailed: onChanged });
  const open = (next: Mode) => {
    form.setProblems({ general: [], fields: {} });
    setReply(review.reply ?? '');
    setText(review.text);
    setName(review.name);
    setMode(mode === next ? 'view' : next);
  };
  return (
    <li className="site-card" data-testid={`review-${review.id}`} aria-labelledby={`${id}-name`}>
      <div className="site-card__body" style={{ gridColumn: '1 / -1' }}>
        <p>
          <span className={`site-badge site-badge--${review.status}`}>{words.statuses[review.status]}</span>{' '}
          <span aria-label={`Оценка ${review.rating} из 5`}>{'★'.repeat(review.rating)}{'☆'.repeat(5 - review.rating)}</span>
        </p>
        <p className="site-card__name" id={`${id}-name`}>
          {review.name}
        </p>
        <p className="site-card__muted">
          {review.course ? (
            <Link to={listHref(schoolPaths.reviews(), { course: review.course.id })}>{review.course.title}</Link>
          ) : (
            'Без курса'
          )}
          {' · '}прислан {moscowTime(review.created_at)}
          {review.author ? ` · ${review.author.email}` : ''}
        </p>
        <p className="site-review__text">{review.text}</p>
        {review.reply ? (
          <p className="site-review__reply">
            <strong>Ответ школы{review.replied_at ? ` (${moscowTime(review.replied_at)})` : ''}:</strong> {review.reply}
          </p>
        ) : null}
      </div>
      <div className="site-card__actions">
        {review.status !== 'published' ? (
          <button type="button" className="button button--primary" aria-busy={form.busy} onClick={() => void act(() => siteApi.publishSiteReview(review.id, review.version), 'Отзыв опубликован.')}>
            Опубликовать<span className="visually-hidden"> — отзыв {review.name}</span>
          </button>
        ) : null}
        {review.status !== 'hidden' ? (
          <button type="button" className="button button--ghost" aria-busy={form.busy} onClick={() => void act(() => siteApi.hideSiteReview(review.id, review.version), 'Отзыв скрыт.')}>
            Скрыть<span className="visually-hidden"> — отзыв {review.name}</span>
          </button>
        ) : null}
        <button type="button" className="button button--ghost" aria-expanded={mode === 'reply'} onClick={() => open('reply')}>
          {review.reply ? 'Изменить ответ' : 'Ответить'}
          <span className="visually-hidden"> — отзыв {review.name}</span>
        </button>
        <button type="button" className="button button--ghost" aria-expanded={mode === 'edit'} onClick={() => open('edit')}>
          Исправить текст<span className="visually-hidden"> — отзыв {review.name}</span>
        </button>
      </div>
      {mode === 'reply' ? (
        <form
          className="site-review__form"
          noValidate
          onSubmit={form.onSubmit(async () => {
            await siteApi.replySiteReview(review.id, { version: review.version, reply });
            setDone(reply.trim() ? 'Ответ сохранён.' : 'Ответ убран.');
            setMode('view');
            onChanged();
          }, { onFailed: onChanged })}
        >
          <Field look="admin" label="Ответ школы" hint="Появится под отзывом на сайте. Пустой ответ — убрать." errors={form.errorsOf('reply')}>
            {(a11y) => <textarea {...a11y} className="admin-input" value={reply} maxLength={3000} onChange={(e) => setReply(e.target.value)} />}
          </Field>
          <div className="admin-actions">
            <button type="submit" className="button button--primary" aria-busy={form.busy}>
              Сохранить ответ
            </button>
          </div>
        </form>
      ) : null}
      {mode === 'edit' ? (
        <form
          className="site-review__form"
          noValidate
          onSubmit={form.onSubmit(async () => {
            await siteApi.updateSiteReview(review.id, { version: review.version, name, text });
            setDone('Отзыв исправлен.');
            setMode('view');
            onChanged();
          }, { onFailed: onChanged })}
        >
          <Field look="admin" label="Подпись" errors={form.errorsOf('name')}>
            {(a11y) => <input {...a11y} className="admin-input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field look="admin" label="Текст отзыва" hint="Только опечатки: прежний текст останется в журнале." errors={form.errorsOf('text')}>
            {(a11y) => <textarea {...a11y} className="admin-input" value={text} maxLength={5000} onChange={(e) => setText(e.target.value)} />}
          </Field>
          <div className="admin-actions">
            <button type="submit" className="button button--primary" aria-busy={form.busy}>
              Сохранить текст
            </button>
          </div>
        </form>
      ) : null}
      <div style={{ gridColumn: '1 / -1' }}>
        <FormMessages look="admin" messages={[...form.problems.general, ...form.errorsOf('version')]} />
        <p role="status" className="admin-muted">
          {done}
        </p>
      </div>
    </li>
  );
}

export function SiteReviewsScreen({ reviews, count, page, filters, words }: { reviews: SiteReview[]; count: number; page: number; filters: ReviewFilters; words: ReviewWords }) {
  const id = useId();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const totalPages = Math.max(1, Math.ceil(count / REVIEWS_PAGE_SIZE));
  const pageHref = (n: number) => listHref(schoolPaths.reviews(), filters, n);
  return (
    <section aria-labelledby="site-reviews-title">
      <SiteTabs />
      <div className="admin-head">
        <h1 id="site-reviews-title">Отзывы</h1>
      </div>
      <p className="school-lead">Новые отзывы учеников ждут проверки: на сайте и в оценке курса только опубликованные.</p>
      <Form method="get" action={schoolPaths.reviews()} className="audit-filters" role="search" aria-label="Фильтры отзывов" key={pageHref(1)}>
        <FilterSelect label="Состояние" name="status" value={filters.status} all="Все" options={Object.entries(words.statuses)} />
        <FilterSelect label="Курс" name="course" value={filters.course} all="Все курсы" options={words.courses.map((c) => [c.id, c.title] as const)} />
        <FilterSelect label="Оценка" name="rating" value={filters.rating} all="Любая" options={[5, 4, 3, 2, 1].map((n) => [n, `${n} из 5`] as const)} />
        <div className="admin-field">
          <label htmlFor={`${id}-search`}>Имя или текст</label>
          <input id={`${id}-search`} className="admin-input" type="search" name="search" defaultValue={filters.search ?? ''} maxLength={100} />
        </div>
        <button type="submit" className="button button--primary">
          Показать
        </button>
      </Form>
      <p className="admin-muted">Найдено: {count}</p>
      <div aria-busy={navigation.state === 'loading'}>
        {reviews.length ? (
          <ul className="site-list" aria-label="Отзывы">
            {reviews.map((review) => (
              <ReviewCard key={review.id} review={review} words={words} onChanged={() => void revalidator.revalidate()} />
            ))}
          </ul>
        ) : (
          <p className="school-state--empty">Отзывов с такими условиями нет.</p>
        )}
      </div>
      <Pagination page={page} totalPages={totalPages} label="Страницы списка отзывов" hrefFor={pageHref} />
    </section>
  );
}
