import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { AdminQuestion, AdminUpload } from '@crema/contract';
import { adminBrowserApi, uploadFile } from '../../api/admin.ts';
import { problemsOf } from '../../api/problems.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import {
  QUESTION_TYPE_LABELS,
  draftSignature,
  emptyDraft,
  emptyOption,
  emptyPair,
  markCorrect,
  toBody,
  toDraft,
  withType,
  type OptionDraft,
  type PairDraft,
  type QuestionDraft,
  type QuestionType,
} from './drafts.ts';
import { QuestionPreview } from './QuestionPreview.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';

const TYPES = Object.keys(QUESTION_TYPE_LABELS) as QuestionType[];


/** A picture picker: uploads at once and hands back the key; the API's words on failure. */
function ImageField({
  label,
  url,
  onChange,
  compact = false,
}: {
  label: string;
  url: string | null;
  onChange: (uploaded: AdminUpload | null) => void;
  compact?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const id = useId();
  return (
    <div className={compact ? 'at-image at-image--compact' : 'at-image'}>
      {url ? <img className="at-image__preview" src={url} alt="" /> : null}
      <label className="button button--ghost at-small at-image__pick" htmlFor={id} aria-busy={busy}>
        {busy ? 'Загрузка…' : url ? `Заменить: ${label.toLowerCase()}` : label}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        aria-label={label}
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setBusy(true);
          setErrors([]);
          uploadFile('image', file)
            .then((uploaded) => onChange(uploaded))
            .catch((error: unknown) => setErrors([...problemsOf(error).general, ...Object.values(problemsOf(error).fields).flat()]))
            .finally(() => setBusy(false));
        }}
      />
      {url ? (
        <button type="button" className="button button--ghost at-small" onClick={() => onChange(null)}>
          Убрать картинку
        </button>
      ) : null}
      <FormMessages look="test-editor" messages={errors} />
    </div>
  );
}

function OptionRows({ draft, setDraft }: { draft: QuestionDraft; setDraft: (d: QuestionDraft) => void }) {
  const isText = draft.type === 'text';
  const name = useId();
  const update = (key: string, patch: Partial<OptionDraft>) =>
    setDraft({
      ...draft,
      options: draft.options.map((o) => (o.key === key ? { ...o, ...patch } : o)),
    });
  return (
    <fieldset className="at-answers">
      <legend className="at-answers__legend">{isText ? 'Правильные ответы' : 'Варианты ответа'}</legend>
      <p className="at-hint">
        {isText
          ? 'Ученик вписывает ответ сам. Засчитывается любой из этих вариантов — добавьте все формы, которые считаете верными.'
          : draft.type === 'single'
            ? 'Отметьте кружком один правильный вариант.'
            : 'Отметьте галочками все правильные варианты.'}
      </p>
      {draft.options.map((option, i) => (
        <div key={option.key} className="at-option">
          {isText ? null : (
            <label className="at-option__correct">
              <input
                type={draft.type === 'single' ? 'radio' : 'checkbox'}
                name={name}
                checked={option.isCorrect}
                onChange={(event) => setDraft(markCorrect(draft, option.key, event.target.checked))}
                aria-label={`Вариант ${i + 1} — правильный`}
              />
              <span aria-hidden="true">верный</span>
            </label>
          )}
          <input
            className="at-input at-option__text"
            value={option.text}
            maxLength={1000}
            aria-label={isText ? `Правильный ответ ${i + 1}` : `Вариант ${i + 1}`}
            placeholder={isText ? 'Ответ, как его введёт ученик' : `Вариант ${i + 1}`}
            onChange={(event) => update(option.key, { text: event.target.value })}
          />
          {isText ? null : (
            <ImageField
              compact
              label={`Картинка варианта ${i + 1}`}
              url={option.imageUrl}
              onChange={(uploaded) =>
                update(option.key, {
                  image: uploaded?.key ?? null,
                  imageUrl: uploaded?.url ?? null,
                })
              }
            />
          )}
          <button
            type="button"
            className="button button--ghost at-small"
            aria-label={isText ? `Удалить ответ ${i + 1}` : `Удалить вариант ${i + 1}`}
            onClick={() =>
              setDraft({
                ...draft,
                options: draft.options.filter((o) => o.key !== option.key),
              })
            }
          >
            Удалить
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--ghost at-small"
        onClick={() =>
          setDraft({
            ...draft,
            options: [...draft.options, emptyOption(isText)],
          })
        }
      >
        {isText ? 'Добавить ещё вариант ответа' : 'Добавить вариант'}
      </button>
    </fieldset>
  );
}

function PairRows({ draft, setDraft }: { draft: QuestionDraft; setDraft: (d: QuestionDraft) => void }) {
  const update = (key: string, patch: Partial<PairDraft>) =>
    setDraft({
      ...draft,
      pairs: draft.pairs.map((p) => (p.key === key ? { ...p, ...patch } : p)),
    });
  return (
    <fieldset className="at-answers">
      <legend className="at-answers__legend">Пары</legend>
      <p className="at-hint">Слева — то, что ученик сопоставляет, справа — верная пара. Ученик увидит правую колонку перемешанной.</p>
      <div className="at-pairs__head" aria-hidden="true">
        <span>Левая колонка</span>
        <span>Правая колонка</span>
      </div>
      {draft.pairs.map((pair, i) => (
        <div key={pair.key} className="at-pair">
          <input
            className="at-input"
            value={pair.left}
            maxLength={1000}
            aria-label={`Пара ${i + 1}: слева`}
            placeholder="Например, эспрессо"
            onChange={(event) => update(pair.key, { left: event.target.value })}
          />
          <span className="at-pair__arrow" aria-hidden="true">
            ↔
          </span>
          <input
            className="at-input"
            value={pair.right}
            maxLength={1000}
            aria-label={`Пара ${i + 1}: справа`}
            placeholder="Например, 30 мл"
            onChange={(event) => update(pair.key, { right: event.target.value })}
          />
          <button
            type="button"
            className="button button--ghost at-small"
            aria-label={`Удалить пару ${i + 1}`}
            onClick={() =>
              setDraft({
                ...draft,
                pairs: draft.pairs.filter((p) => p.key !== pair.key),
              })
            }
          >
            Удалить
          </button>
        </div>
      ))}
      <button type="button" className="button button--ghost at-small" onClick={() => setDraft({ ...draft, pairs: [...draft.pairs, emptyPair()] })}>
        Добавить пару
      </button>
    </fieldset>
  );
}

/**
 * One question being written: a new one (`question` null) or a saved one. The whole question with
 * its answers is saved in one call (PATCH replaces the answer list); until then nothing is sent.
 */
export function QuestionEditor({
  testId,
  question,
  number,
  nextSort,
  onSaved,
  onCancel,
  onDirtyChange,
  header,
}: {
  testId: number;
  question: AdminQuestion | null;
  number: number;
  nextSort: number;
  onSaved: (saved: AdminQuestion) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  header?: ReactNode;
}) {
  const [draft, setDraft] = useState<QuestionDraft>(() => (question ? toDraft(question) : emptyDraft()));
  const [saved, setSaved] = useState(() => draftSignature(question ? toDraft(question) : emptyDraft()));
  const [preview, setPreview] = useState(false);
  const form = useApiForm(['text', 'probability', 'type']);
  const dirty = useMemo(() => draftSignature(draft) !== saved, [draft, saved]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  const ids = useId();

  const save = () =>
    form.run(async () => {
      const body = toBody(draft);
      const result = question
        ? await adminBrowserApi.updateAdminQuestion(testId, question.id, body)
        : await adminBrowserApi.addAdminQuestion(testId, {
            ...body,
            sort: nextSort,
          });
      setSaved(draftSignature(toDraft(result)));
      onSaved(result);
    });

  return (
    <form
      className="at-editor"
      aria-label={question ? `Вопрос ${number}: изменение` : 'Новый вопрос'}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {header}
      <div className="at-field">
        <label className="at-field__label" htmlFor={`${ids}-type`}>
          Тип вопроса
        </label>
        <select
          id={`${ids}-type`}
          className="at-input"
          value={draft.type}
          onChange={(event) => setDraft(withType(draft, event.target.value as QuestionType))}
        >
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {QUESTION_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="at-field">
        <label className="at-field__label" htmlFor={`${ids}-text`}>
          Текст вопроса
        </label>
        <textarea
          id={`${ids}-text`}
          className="at-input"
          rows={3}
          maxLength={5000}
          value={draft.text}
          aria-invalid={form.errorsOf('text').length ? true : undefined}
          onChange={(event) => setDraft({ ...draft, text: event.target.value })}
        />
        <FormMessages look="test-editor" messages={form.errorsOf('text')} />
      </div>
      <ImageField
        label="Картинка к вопросу"
        url={draft.imageUrl}
        onChange={(uploaded) =>
          setDraft({
            ...draft,
            image: uploaded?.key ?? null,
            imageUrl: uploaded?.url ?? null,
          })
        }
      />
      {draft.type === 'match' ? <PairRows draft={draft} setDraft={setDraft} /> : <OptionRows draft={draft} setDraft={setDraft} />}
      <div className="at-field at-field--narrow">
        <label className="at-field__label" htmlFor={`${ids}-probability`}>
          Вероятность попасть в попытку, %
        </label>
        <input
          id={`${ids}-probability`}
          className="at-input"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={draft.probability}
          aria-describedby={`${ids}-probability-hint`}
          aria-invalid={form.errorsOf('probability').length ? true : undefined}
          onChange={(event) => setDraft({ ...draft, probability: event.target.value })}
        />
        <p className="at-hint" id={`${ids}-probability-hint`}>
          100 — вопрос есть в каждой попытке; 50 — примерно в каждой второй; 0 — не попадает никогда. Так можно собрать попытки из большого набора
          вопросов.
        </p>
        <FormMessages look="test-editor" messages={form.errorsOf('probability')} />
      </div>
      <FormMessages look="test-editor" messages={[...form.errorsOf('type'), ...form.problems.general]} />
      <div className="at-editor__actions">
        <button type="submit" className="button button--primary at-small" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? 'Сохраняем…' : 'Сохранить вопрос'}
        </button>
        <button type="button" className="button button--ghost at-small" onClick={() => setPreview((v) => !v)} aria-expanded={preview}>
          Как увидит ученик
        </button>
        <button type="button" className="button button--ghost at-small" onClick={onCancel} disabled={form.busy}>
          {question ? 'Закрыть без сохранения' : 'Отмена'}
        </button>
        {dirty && question ? <span className="at-unsaved">Есть несохранённые изменения</span> : null}
      </div>
      {preview ? <QuestionPreview draft={draft} number={number} /> : null}
    </form>
  );
}
