import { useId, useState } from 'react';
import type { AdminBlockData, AdminUpload, HomeworkDeadline, HomeworkGate } from '@crema/contract';
import { HOMEWORK_FILE_MAX_MB, HOMEWORK_TASK_IMAGES_MAX } from '@crema/contract/rules';
import { RichText } from '../../ui/RichTextField.tsx';
import { Field } from '../../ui/Field.tsx';
import { UploadField, builderUpload } from '../../ui/UploadField.tsx';
import { deadlineAt, deadlineParts } from './homework.ts';

// The homework block's fields in the lesson editor: the task's name and text (the same rich-text
// editor as a text block), its pictures (an example to match) and a video, what the learner may send and how many of each, the largest file, what
// waits for the homework to be accepted, and the deadline — none, a Moscow date and time, or a
// number of days after the lesson opens for the learner. The server checks all of it on save.

type HomeworkData = Extract<AdminBlockData, { type: 'homework' }>;
type Errors = Record<string, string[]>;

const GATES: readonly { gate: HomeworkGate; label: string; hint: string }[] = [
  { gate: 'none', label: 'Ничего не ждёт', hint: 'Ученик идёт дальше, пока задание проверяют.' },
  { gate: 'next_item', label: 'Следующий урок или тест', hint: 'Откроется, когда куратор примет задание.' },
  { gate: 'next_module', label: 'Следующие модули и итоговые тесты', hint: 'Откроются, когда куратор примет задание.' },
];

const COUNTS = [
  { key: 'photos', label: 'Фотографий', max: 20 },
  { key: 'videos', label: 'Видео', max: 3 },
  { key: 'files', label: 'Файлов (PDF, DOCX, XLSX, ZIP…)', max: 10 },
] as const;

function FieldErrors({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p className="le-field__error" id={id} role="alert">
      {messages[0]}
    </p>
  );
}

const toCount = (value: string) => (value.trim() === '' ? 0 : Math.max(0, Math.trunc(Number(value)) || 0));

/**
 * A labelled whole number, typed on a phone's digit keyboard. An emptied field is 0, shown empty
 * where 0 is not allowed (`min` above it), so the person types the number afresh.
 */
function NumberField({
  label,
  hint,
  errors,
  min,
  max,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  errors: string[] | undefined;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <Field look="lesson" label={label} hint={hint} errors={errors}>
      {(props) => (
        <input
          {...props}
          className="le-input hw-edit__number"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value === 0 && min > 0 ? '' : value}
          onChange={(event) => onChange(toCount(event.target.value))}
        />
      )}
    </Field>
  );
}

function DeadlineFields({ deadline, onChange, errors, uid }: { deadline: HomeworkDeadline | null; onChange: (deadline: HomeworkDeadline | null) => void; errors: Errors; uid: string }) {
  // The date and time as typed: `at` is set only once both make a moment.
  const [parts, setParts] = useState(() => deadlineParts(deadline?.type === 'date' ? deadline.at : ''));
  const kind = deadline?.type ?? 'none';
  const atErrors = [...(errors['deadline.at'] ?? []), ...(errors.deadline ?? [])];
  const setDate = (next: { date: string; time: string }) => {
    setParts(next);
    onChange({ type: 'date', at: deadlineAt(next.date, next.time) });
  };
  return (
    <fieldset className="le-fieldset hw-edit__group">
      <legend className="le-field__label">Срок сдачи</legend>
      <div className="hw-edit__choices" role="radiogroup" aria-label="Срок сдачи">
        {(
          [
            ['none', 'Без срока'],
            ['date', 'Дата и время (по Москве)'],
            ['days', 'Дней после открытия урока'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="hw-edit__choice">
            <input
              type="radio"
              name={`${uid}-deadline`}
              checked={kind === value}
              onChange={() =>
                onChange(value === 'none' ? null : value === 'date' ? { type: 'date', at: deadlineAt(parts.date, parts.time) } : { type: 'days', days: deadline?.type === 'days' ? deadline.days : 7 })
              }
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
      {deadline?.type === 'date' ? (
        <div className="le-grid hw-edit__when">
          <Field look="lesson" label="Дата" errors={atErrors}>
            {(props) => <input {...props} className="le-input" type="date" value={parts.date} onChange={(event) => setDate({ ...parts, date: event.target.value })} />}
          </Field>
          <Field look="lesson" label="Время (МСК)">
            {(props) => <input {...props} className="le-input" type="time" value={parts.time} onChange={(event) => setDate({ ...parts, time: event.target.value })} />}
          </Field>
        </div>
      ) : null}
      {deadline?.type === 'days' ? (
        <NumberField
          label="Сколько дней на задание"
          hint="Считаются с открытия урока: с начала занятия группы, к которому он привязан, иначе — с первого открытия учеником."
          errors={[...(errors['deadline.days'] ?? []), ...(errors.deadline ?? [])]}
          min={1}
          max={365}
          value={deadline.days}
          onChange={(days) => onChange({ type: 'days', days })}
        />
      ) : null}
      {deadline === null ? <FieldErrors id={`${uid}-deadline`} messages={errors.deadline} /> : null}
    </fieldset>
  );
}

/** The task's pictures (each with its text for screen readers) and its video: a player link or an uploaded file. */
function TaskMedia({ data, onChange, errors, urls, onUploaded }: { data: HomeworkData; onChange: (data: HomeworkData) => void; errors: Errors; urls: Record<string, string>; onUploaded: (uploaded: AdminUpload) => void }) {
  const images = data.images ?? [];
  const setImages = (next: HomeworkData['images']) => onChange({ ...data, images: next });
  const uploadedVideo = Boolean(data.video) && !/^https?:/.test(data.video ?? '');
  return (
    <fieldset className="le-fieldset hw-edit__group">
      <legend className="le-field__label">Картинки и видео к заданию</legend>
      {images.map((picture, n) => (
        <div key={`${picture.image}-${n}`} className="hw-edit__picture">
          {urls[picture.image] ? <img className="le-upload__image le-upload__image--small" src={urls[picture.image]} alt={picture.alt || `Картинка ${n + 1}`} /> : null}
          <Field look="lesson" label={`Описание картинки ${n + 1} для незрячих (обязательно)`} errors={errors[`images.${n}.alt`] ?? errors[`images.${n}.image`]}>
            {(props) => (
              <input
                {...props}
                className="le-input"
                type="text"
                value={picture.alt}
                maxLength={300}
                onChange={(event) => setImages(images.map((item, i) => (i === n ? { ...item, alt: event.target.value } : item)))}
              />
            )}
          </Field>
          <button type="button" className="button button--ghost le-small le-remove" onClick={() => setImages(images.filter((_, i) => i !== n))}>
            Убрать картинку {n + 1}
          </button>
        </div>
      ))}
      {images.length < HOMEWORK_TASK_IMAGES_MAX ? (
        <UploadField
          look="lesson"
          target={builderUpload('image')}
          label={images.length ? 'Ещё картинка (JPG, PNG, WebP до 15 МБ)' : 'Картинка к заданию: пример, образец (JPG, PNG, WebP до 15 МБ)'}
          current={false}
          errors={errors.images}
          onUploaded={(uploaded) => {
            onUploaded(uploaded);
            setImages([...images, { image: uploaded.key, alt: '' }]);
          }}
        />
      ) : null}
      <Field look="lesson" label="Ссылка на видео к заданию" hint="Ссылка плеера (https://…) — или загрузите файл ниже." errors={errors.video}>
        {(props) => (
          <input
            {...props}
            className="le-input"
            type="text"
            placeholder="https://"
            value={uploadedVideo ? '' : (data.video ?? '')}
            onChange={(event) => onChange({ ...data, video: event.target.value || null })}
          />
        )}
      </Field>
      <UploadField
        look="lesson"
        target={builderUpload('video')}
        label="Или файл видео (MP4, WebM до 1 ГБ)"
        current={uploadedVideo}
        onUploaded={(uploaded) => {
          onUploaded(uploaded);
          onChange({ ...data, video: uploaded.key });
        }}
        remove={uploadedVideo ? { label: 'Убрать файл видео', onRemove: () => onChange({ ...data, video: null }) } : undefined}
      >
        {uploadedVideo ? <p className="le-field__hint">Загружен файл видео.</p> : null}
      </UploadField>
    </fieldset>
  );
}

export function HomeworkFields({
  data,
  onChange,
  errors,
  where,
  urls,
  onUploaded,
}: {
  data: HomeworkData;
  onChange: (data: HomeworkData) => void;
  errors: Errors;
  where: string;
  urls: Record<string, string>;
  onUploaded: (uploaded: AdminUpload) => void;
}) {
  const uid = useId();
  const acceptErrors = errors.accepts;
  return (
    <>
      <Field look="lesson" label="Название задания" errors={errors.title}>
        {(props) => <input {...props} className="le-input" type="text" value={data.title} maxLength={200} onChange={(event) => onChange({ ...data, title: event.target.value })} />}
      </Field>
      <div className="le-field">
        <span className="le-field__label" id={`${uid}-task`}>
          Задание
        </span>
        <RichText value={data.html} onChange={(html) => onChange({ ...data, html })} label={`Задание: ${where}`} invalid={Boolean(errors.html?.length)} describedBy={errors.html?.length ? `${uid}-html` : undefined} />
        <FieldErrors id={`${uid}-html`} messages={errors.html} />
      </div>
      <TaskMedia data={data} onChange={onChange} errors={errors} urls={urls} onUploaded={onUploaded} />
      <fieldset className="le-fieldset hw-edit__group" aria-describedby={acceptErrors?.length ? `${uid}-accepts` : undefined}>
        <legend className="le-field__label">Что ученик может отправить</legend>
        <label className="hw-edit__choice">
          <input type="checkbox" checked={data.accepts.text} onChange={(event) => onChange({ ...data, accepts: { ...data.accepts, text: event.target.checked } })} />
          <span>Текст ответа</span>
        </label>
        <div className="hw-edit__counts">
          {COUNTS.map(({ key, label, max }) => (
            <NumberField
              key={key}
              label={label}
              hint={`0 — нельзя, до ${max}`}
              errors={errors[`accepts.${key}`]}
              min={0}
              max={max}
              value={data.accepts[key]}
              onChange={(count) => onChange({ ...data, accepts: { ...data.accepts, [key]: count } })}
            />
          ))}
        </div>
        <FieldErrors id={`${uid}-accepts`} messages={acceptErrors} />
        <NumberField
          label="Наибольший размер одного файла, МБ"
          hint={`От 1 до ${HOMEWORK_FILE_MAX_MB} МБ.`}
          errors={errors.max_file_mb}
          min={1}
          max={HOMEWORK_FILE_MAX_MB}
          value={data.max_file_mb}
          onChange={(mb) => onChange({ ...data, max_file_mb: mb })}
        />
      </fieldset>
      <fieldset className="le-fieldset hw-edit__group">
        <legend className="le-field__label">Что ждёт принятия задания</legend>
        {GATES.map(({ gate, label, hint }) => (
          <label key={gate} className="hw-edit__choice">
            <input type="radio" name={`${uid}-gate`} checked={data.gate === gate} onChange={() => onChange({ ...data, gate })} />
            <span>
              {label}
              <span className="le-field__hint hw-edit__hint">{hint}</span>
            </span>
          </label>
        ))}
        <FieldErrors id={`${uid}-gate`} messages={errors.gate} />
      </fieldset>
      <DeadlineFields deadline={data.deadline} onChange={(deadline) => onChange({ ...data, deadline })} errors={errors} uid={uid} />
    </>
  );
}
