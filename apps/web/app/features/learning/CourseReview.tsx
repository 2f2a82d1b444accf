import { useId, useState } from 'react';
import type { LearnerReview, LearnerReviewInput } from '@crema/contract';
import { json, type ApiFetch } from '../../api/client.ts';
import { browserFetch } from '../../api/browser.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import './review.css';

// The learner's review of the course they study (decision 0073), under the course overview: one per
// course — the rating, the text and how it is signed (their name and the surname's first letter
// unless they type another). It goes to the school as new and is on the site once staff publish it.

/** GET/POST /api/user/course/{id}/review/ ({id}: the enrolment); here, not in the shared client, to keep the public pages' code small. */
export const learnerReviewApi = (fetcher: ApiFetch, id: number) => ({
  get: () => json<LearnerReview>(fetcher, `/api/user/course/${id}/review/`),
  send: (body: LearnerReviewInput) => json<LearnerReview>(fetcher, `/api/user/course/${id}/review/`, { method: 'POST', body }),
});

const STATE_TEXT = {
  new: 'Отзыв на проверке: он появится на странице курса, когда школа его опубликует.',
  published: 'Отзыв опубликован на странице курса.',
  hidden: 'Школа не стала публиковать этот отзыв.',
} as const;

export function CourseReview({ courseId, initial }: { courseId: number; initial: LearnerReview }) {
  const id = useId();
  const form = useApiForm(['rating', 'name', 'text']);
  const [state, setState] = useState(initial);
  const [v, setV] = useState({ rating: 0, name: initial.suggested_name, text: '' });
  const review = state.review;
  return (
    <section className="learn-review" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Ваш отзыв о курсе</h2>
      {review ? (
        <>
          <p role="status">{STATE_TEXT[review.status]}</p>
          <p>
            <span aria-label={`Оценка ${review.rating} из 5`}>{'★'.repeat(review.rating)}{'☆'.repeat(5 - review.rating)}</span> · {review.name}
          </p>
          <p className="learn-review__text">{review.text}</p>
          {review.reply ? <p className="learn-review__reply">Ответ школы: {review.reply}</p> : null}
        </>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit(async () => {
            setState(await learnerReviewApi(browserFetch, courseId).send({ rating: v.rating, name: v.name, text: v.text }));
          })}
        >
          <p className="learn-note">Отзыв увидят на странице курса после проверки школой.</p>
          <fieldset aria-describedby={form.errorsOf('rating').length ? `${id}-rating-error` : undefined} aria-invalid={form.errorsOf('rating').length ? true : undefined}>
            <legend>Оценка</legend>
            <div className="learn-review__stars">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n}>
                  <input type="radio" name={`${id}-rating`} value={n} checked={v.rating === n} onChange={() => setV({ ...v, rating: n })} />
                  <span aria-hidden="true">★</span> {n}
                </label>
              ))}
            </div>
            {form.errorsOf('rating').length ? (
              <p id={`${id}-rating-error`} className="learn-review__error">
                {form.errorsOf('rating').join(' ')}
              </p>
            ) : null}
          </fieldset>
          <Field look="account" label="Текст отзыва" hint="Что понравилось, что было полезно, чего не хватило." errors={form.errorsOf('text')}>
            {(a11y) => <textarea {...a11y} className="pf-field__input" value={v.text} maxLength={5000} onChange={(e) => setV({ ...v, text: e.target.value })} />}
          </Field>
          <Field look="account" label="Подпись" hint="Так отзыв будет подписан на сайте." errors={form.errorsOf('name')}>
            {(a11y) => <input {...a11y} className="pf-field__input" value={v.name} maxLength={100} autoComplete="off" onChange={(e) => setV({ ...v, name: e.target.value })} />}
          </Field>
          <FormMessages look="learning" messages={form.problems.general} />
          <div>
            <button type="submit" className="button button--primary" aria-busy={form.busy} disabled={form.busy}>
              Отправить отзыв
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
