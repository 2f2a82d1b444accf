import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AdminTest } from '@crema/contract';
import { adminBrowserApi } from '../../api/admin.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { FormMessages } from '../../ui/FormMessages.tsx';

export const REVIEW_LABELS: Record<AdminTest['review'], string> = {
  score: 'Только итоговый балл',
  correctness: 'Балл и какие вопросы решены верно',
  answers_when_done: 'Балл и верность вопросов, а правильные ответы — когда тест сдан или попытки закончились',
  answers: 'Балл, верность каждого вопроса и правильные ответы сразу после каждой попытки',
};

/**
 * Right answers shown after every attempt while another attempt is possible: a learner can finish
 * an empty attempt, read the key and pass the next one with 100 % (decision 0050). Null when fine.
 */
export function reviewWarning(review: AdminTest['review'], attemptsLimit: string): string | null {
  if (review !== 'answers') return null;
  const limit = attemptsLimit.trim() === '' ? null : Number(attemptsLimit);
  if (limit !== null && (!Number.isFinite(limit) || limit <= 1)) return null;
  const attempts = limit === null ? 'попыток сколько угодно' : `попыток ${limit}`;
  return (
    `Правильные ответы будут видны сразу после попытки, а ${attempts}: ученик сможет завершить пустую попытку, ` +
    'посмотреть ответы и следующей попыткой набрать 100 %. Лучше показывать ответы, когда тест сдан или попытки закончились, ' +
    'или оставить одну попытку.'
  );
}
export const GRADING_LABELS: Record<AdminTest['grading'], string> = {
  highest: 'Лучшая попытка',
  last: 'Последняя попытка',
  first: 'Первая попытка',
  average: 'Среднее по всем попыткам',
};

interface Values {
  name: string;
  description: string;
  pass_score: string;
  attempts_limit: string;
  time_limit_minutes: string;
  review: AdminTest['review'];
  grading: AdminTest['grading'];
}

const FIELDS = ['name', 'description', 'pass_score', 'attempts_limit', 'time_limit_minutes', 'review', 'grading'] as const;

const valuesOf = (test: AdminTest): Values => ({
  name: test.name,
  description: test.description ?? '',
  pass_score: String(test.pass_score),
  attempts_limit: test.attempts_limit === null ? '' : String(test.attempts_limit),
  time_limit_minutes: test.time_limit_minutes === null ? '' : String(test.time_limit_minutes),
  review: test.review,
  grading: test.grading,
});

/** '' is "no limit"; anything else goes as typed (the API explains a wrong number). */
const limit = (v: string) => (v.trim() === '' ? null : Number(v));

/**
 * The test's settings. Sent with the version the teacher started from (`version`): if someone
 * changed the test meanwhile, the API answers 409 and its words stay above the button with
 * everything typed still in the fields.
 */
export function TestSettings({
  test,
  version,
  onSaved,
  onDirtyChange,
}: {
  test: AdminTest;
  version: string;
  onSaved: (test: AdminTest) => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const ids = useId();
  const { register, handleSubmit, reset, formState, control } = useForm<Values>({
    defaultValues: valuesOf(test),
  });
  const [review, attemptsLimit] = useWatch({ control, name: ['review', 'attempts_limit'] });
  const warning = reviewWarning(review, attemptsLimit);
  const api = useApiForm(FIELDS);
  const dirty = formState.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = handleSubmit((values) =>
    api.run(async () => {
      const saved = await adminBrowserApi.updateAdminTest(test.id, {
        name: values.name,
        description: values.description,
        pass_score: values.pass_score.trim() === '' ? Number.NaN : Number(values.pass_score),
        attempts_limit: limit(values.attempts_limit),
        time_limit_minutes: limit(values.time_limit_minutes),
        review: values.review,
        grading: values.grading,
        updated_at: version,
      });
      reset(valuesOf(saved));
      onSaved(saved);
    }),
  );

  const field = (name: (typeof FIELDS)[number]) => ({
    id: `${ids}-${name}`,
    'aria-invalid': api.errorsOf(name).length ? true : undefined,
  });

  return (
    <form className="at-card at-settings" onSubmit={(event) => void submit(event)} aria-labelledby={`${ids}-title`}>
      <h2 className="at-card__title" id={`${ids}-title`}>
        Настройки теста
      </h2>
      <div className="at-field">
        <label className="at-field__label" htmlFor={`${ids}-name`}>
          Название
        </label>
        <input className="at-input" maxLength={200} {...field('name')} {...register('name')} />
        <FormMessages look="test-editor" messages={api.errorsOf('name')} />
      </div>
      <div className="at-field">
        <label className="at-field__label" htmlFor={`${ids}-description`}>
          Описание для учеников
        </label>
        <textarea className="at-input" rows={3} maxLength={5000} {...field('description')} {...register('description')} />
        <p className="at-hint">Ученик видит его перед началом теста: что проверяем и сколько примерно займёт.</p>
        <FormMessages look="test-editor" messages={api.errorsOf('description')} />
      </div>
      <div className="at-settings__row">
        <div className="at-field">
          <label className="at-field__label" htmlFor={`${ids}-pass_score`}>
            Проходной балл, %
          </label>
          <input className="at-input" type="number" inputMode="numeric" min={0} max={100} {...field('pass_score')} {...register('pass_score')} />
          <p className="at-hint">Сколько процентов верных ответов нужно, чтобы тест был сдан.</p>
          <FormMessages look="test-editor" messages={api.errorsOf('pass_score')} />
        </div>
        <div className="at-field">
          <label className="at-field__label" htmlFor={`${ids}-attempts_limit`}>
            Сколько попыток
          </label>
          <input
            className="at-input"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            placeholder="без ограничения"
            {...field('attempts_limit')}
            {...register('attempts_limit')}
          />
          <p className="at-hint">Пусто — сколько угодно.</p>
          <FormMessages look="test-editor" messages={api.errorsOf('attempts_limit')} />
        </div>
        <div className="at-field">
          <label className="at-field__label" htmlFor={`${ids}-time_limit_minutes`}>
            Время на попытку, минут
          </label>
          <input
            className="at-input"
            type="number"
            inputMode="numeric"
            min={1}
            max={600}
            placeholder="без ограничения"
            {...field('time_limit_minutes')}
            {...register('time_limit_minutes')}
          />
          <p className="at-hint">Пусто — без ограничения времени.</p>
          <FormMessages look="test-editor" messages={api.errorsOf('time_limit_minutes')} />
        </div>
      </div>
      <fieldset className="at-field at-radios">
        <legend className="at-field__label">Что ученик видит после попытки</legend>
        {(Object.keys(REVIEW_LABELS) as AdminTest['review'][]).map((value) => (
          <label key={value} className="at-radio">
            <input type="radio" value={value} aria-describedby={`${ids}-review-warning`} {...register('review')} />
            <span>{REVIEW_LABELS[value]}</span>
          </label>
        ))}
        <div id={`${ids}-review-warning`} aria-live="polite">
          {warning ? (
            <p className="at-warning">
              <strong>Внимание.</strong> {warning}
            </p>
          ) : null}
        </div>
        <FormMessages look="test-editor" messages={api.errorsOf('review')} />
      </fieldset>
      <div className="at-field">
        <label className="at-field__label" htmlFor={`${ids}-grading`}>
          Какая попытка идёт в зачёт
        </label>
        <select className="at-input" {...field('grading')} {...register('grading')}>
          {(Object.keys(GRADING_LABELS) as AdminTest['grading'][]).map((grading) => (
            <option key={grading} value={grading}>
              {GRADING_LABELS[grading]}
            </option>
          ))}
        </select>
        <FormMessages look="test-editor" messages={api.errorsOf('grading')} />
      </div>
      <FormMessages look="test-editor" messages={api.problems.general} />
      <div className="at-editor__actions">
        <button type="submit" className="button button--primary at-small" disabled={api.busy} aria-busy={api.busy}>
          {api.busy ? 'Сохраняем…' : 'Сохранить настройки'}
        </button>
        {dirty ? <span className="at-unsaved">Есть несохранённые изменения</span> : null}
      </div>
    </form>
  );
}
