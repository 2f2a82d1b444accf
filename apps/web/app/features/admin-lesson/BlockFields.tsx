import { lazy, Suspense, useId } from 'react';
import type { AdminBlockData, AdminUpload } from '@crema/contract';
import { formatFileSize } from '@crema/contract/format';
import { RichText } from '../../ui/RichTextField.tsx';
import { Field } from '../../ui/Field.tsx';
import { UploadField, builderUpload } from '../../ui/UploadField.tsx';

// The homework block's fields load when a lesson shows one (most have none); the server and the
// first render show the loading place, as the rich-text editor does.
const LoadingHomework = () => <p className="le-note">Загружаем задание…</p>;
const HomeworkFields = import.meta.env.SSR ? LoadingHomework : lazy(() => import('./HomeworkFields.tsx').then((module) => ({ default: module.HomeworkFields })));

// The fields of one block, by type, edited in place. Errors come from the server's answer to a
// save (`pages.{p}.{b}.data.{field}`) and stand under their field; uploads go up at once and
// put the stored file's key into the block.

type Errors = Record<string, string[]>;

export interface BlockFieldsProps {
  data: AdminBlockData;
  onChange: (data: AdminBlockData) => void;
  errors: Errors;
  /** URLs of stored files by key (saved ones from the server, new ones from their upload). */
  urls: Record<string, string>;
  onUploaded: (uploaded: AdminUpload) => void;
  /** 'Блок 2 на странице 1': names the fields of this block for assistive technology. */
  where: string;
}

function FieldErrors({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  // The first message of a field: the server may give two for one mistake (an empty file key is
  // both "not uploaded" and "not a key"); the first says what to do.
  return (
    <p className="le-field__error" id={id} role="alert">
      {messages[0]}
    </p>
  );
}

function TextInput({ label, value, onChange, errors, hint, placeholder }: { label: string; value: string | null | undefined; onChange: (value: string) => void; errors?: string[]; hint?: string; placeholder?: string }) {
  return (
    <Field look="lesson" label={label} errors={errors} hint={hint}>
      {(props) => <input {...props} className="le-input" type="text" value={value ?? ''} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

function TextArea({ label, value, onChange, errors, rows = 3 }: { label: string; value: string | null | undefined; onChange: (value: string) => void; errors?: string[]; rows?: number }) {
  return (
    <Field look="lesson" label={label} errors={errors}>
      {(props) => <textarea {...props} className="le-input le-textarea" rows={rows} value={value ?? ''} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

const sizeText = (bytes: number | null | undefined) => (bytes ? formatFileSize(bytes) : '');

export function BlockFields({ data, onChange, errors, urls, onUploaded, where }: BlockFieldsProps) {
  const uid = useId();
  switch (data.type) {
    case 'text':
      return (
        <div className="le-field">
          <RichText value={data.html} onChange={(html) => onChange({ ...data, html })} label={`Текст: ${where}`} invalid={Boolean(errors.html?.length)} describedBy={errors.html?.length ? `${uid}-html` : undefined} />
          <FieldErrors id={`${uid}-html`} messages={errors.html} />
        </div>
      );
    case 'image': {
      const url = data.image ? urls[data.image] : undefined;
      return (
        <>
          <UploadField
            look="lesson"
            target={builderUpload('image')}
            label="Картинка (JPG, PNG, WebP, GIF, AVIF до 15 МБ)"
            current={Boolean(data.image)}
            errors={errors.image}
            onUploaded={(uploaded) => {
              onUploaded(uploaded);
              onChange({ ...data, image: uploaded.key });
            }}
          >
            {url ? (
              <>
                <img className="le-upload__image" src={url} alt={data.alt || 'Загруженная картинка'} />
                <span className="img-alt">{data.alt || 'Загруженная картинка'}</span>
              </>
            ) : null}
          </UploadField>
          <TextInput
            label="Описание картинки для незрячих (обязательно)"
            hint="Что изображено: его прочитает экранный диктор и покажет браузер, если картинка не загрузится."
            value={data.alt}
            onChange={(alt) => onChange({ ...data, alt })}
            errors={errors.alt}
          />
          <TextInput label="Подпись под картинкой" value={data.caption} onChange={(caption) => onChange({ ...data, caption })} errors={errors.caption} />
        </>
      );
    }
    case 'video': {
      const uploaded = data.url && !/^https?:/.test(data.url);
      const posterUrl = data.poster ? urls[data.poster] : undefined;
      return (
        <>
          <TextInput
            label="Ссылка на видео"
            hint="Ссылка плеера (https://…, например VK Видео, Rutube, YouTube) — или загрузите файл ниже."
            placeholder="https://"
            value={uploaded ? '' : data.url}
            onChange={(url) => onChange({ ...data, url })}
            errors={errors.url}
          />
          <UploadField
            look="lesson"
            target={builderUpload('video')}
            label="Или файл видео (MP4, WebM до 1 ГБ)"
            current={Boolean(uploaded)}
            onUploaded={(file) => {
              onUploaded(file);
              onChange({ ...data, url: file.key });
            }}
          >
            {uploaded ? <p className="le-field__hint">Загружен файл видео.</p> : null}
          </UploadField>
          {uploaded ? (
            <button type="button" className="button button--ghost le-small le-remove" onClick={() => onChange({ ...data, url: '' })}>
              Убрать файл видео
            </button>
          ) : null}
          <TextInput label="Название видео" value={data.title} onChange={(title) => onChange({ ...data, title })} errors={errors.title} />
          <UploadField
            look="lesson"
            target={builderUpload('image')}
            label="Обложка видео (картинка до начала просмотра)"
            current={Boolean(data.poster)}
            errors={errors.poster}
            onUploaded={(file) => {
              onUploaded(file);
              onChange({ ...data, poster: file.key });
            }}
          >
            {posterUrl ? (
              <>
                <img className="le-upload__image le-upload__image--small" src={posterUrl} alt="Обложка видео" />
                <span className="img-alt">Обложка видео</span>
              </>
            ) : null}
          </UploadField>
          {data.poster ? (
            <button type="button" className="button button--ghost le-small le-remove" onClick={() => onChange({ ...data, poster: null })}>
              Убрать обложку
            </button>
          ) : null}
        </>
      );
    }
    case 'file':
      return (
        <>
          <UploadField
            look="lesson"
            target={builderUpload('file')}
            label="Файл (PDF, DOCX, XLSX, PPTX, ZIP, JPG, PNG, MP3 до 50 МБ)"
            current={Boolean(data.file)}
            errors={errors.file}
            onUploaded={(file) => {
              onUploaded(file);
              onChange({ ...data, file: file.key, size_bytes: file.size_bytes, title: data.title || file.original_name.replace(/\.[^.]+$/, '') });
            }}
          >
            {data.file ? (
              <p className="le-field__hint">
                Загружен файл{data.size_bytes ? `, ${sizeText(data.size_bytes)}` : ''}.
              </p>
            ) : null}
          </UploadField>
          <TextInput label="Название файла для учеников" value={data.title} onChange={(title) => onChange({ ...data, title })} errors={errors.title} />
        </>
      );
    case 'quote':
      return (
        <>
          <TextArea label="Текст цитаты" value={data.text} onChange={(text) => onChange({ ...data, text })} errors={errors.text} />
          <div className="le-grid">
            <TextInput label="Автор" value={data.author} onChange={(author) => onChange({ ...data, author })} errors={errors.author} />
            <TextInput label="Кто он (должность, роль)" value={data.author_role} onChange={(role) => onChange({ ...data, author_role: role })} errors={errors.author_role} />
          </div>
        </>
      );
    case 'recipe':
      return (
        <>
          <TextInput label="Название рецепта" value={data.title} onChange={(title) => onChange({ ...data, title })} errors={errors.title} />
          <fieldset className="le-fieldset">
            <legend className="le-field__label">Параметры (например, «Доза» — «18 г»)</legend>
            {data.parameters.map((parameter, index) => (
              <div className="le-grid le-grid--row" key={index}>
                <TextInput
                  label={`Параметр ${index + 1}`}
                  value={parameter.name}
                  onChange={(name) => onChange({ ...data, parameters: data.parameters.map((p, i) => (i === index ? { ...p, name } : p)) })}
                  errors={errors[`parameters.${index}.name`]}
                />
                <TextInput
                  label="Значение"
                  value={parameter.value}
                  onChange={(value) => onChange({ ...data, parameters: data.parameters.map((p, i) => (i === index ? { ...p, value } : p)) })}
                  errors={errors[`parameters.${index}.value`]}
                />
                <button
                  type="button"
                  className="le-icon-button"
                  aria-label={`Убрать параметр ${index + 1}`}
                  onClick={() => onChange({ ...data, parameters: data.parameters.filter((_, i) => i !== index) })}
                >
                  ×
                </button>
              </div>
            ))}
            <FieldErrors id={`${uid}-parameters`} messages={errors.parameters} />
            <button type="button" className="button button--ghost le-small" onClick={() => onChange({ ...data, parameters: [...data.parameters, { name: '', value: '' }] })}>
              + Параметр
            </button>
          </fieldset>
          <fieldset className="le-fieldset">
            <legend className="le-field__label">Шаги приготовления</legend>
            {data.steps.map((step, index) => (
              <div className="le-grid le-grid--step" key={index}>
                <TextArea
                  label={`Шаг ${index + 1}`}
                  rows={2}
                  value={step}
                  onChange={(value) => onChange({ ...data, steps: data.steps.map((s, i) => (i === index ? value : s)) })}
                  errors={errors[`steps.${index}`]}
                />
                <button type="button" className="le-icon-button" aria-label={`Убрать шаг ${index + 1}`} onClick={() => onChange({ ...data, steps: data.steps.filter((_, i) => i !== index) })}>
                  ×
                </button>
              </div>
            ))}
            <FieldErrors id={`${uid}-steps`} messages={errors.steps} />
            <button type="button" className="button button--ghost le-small" onClick={() => onChange({ ...data, steps: [...data.steps, ''] })}>
              + Шаг
            </button>
          </fieldset>
        </>
      );
    case 'homework':
      return (
        <Suspense fallback={<LoadingHomework />}>
          <HomeworkFields data={data} onChange={onChange} errors={errors} where={where} urls={urls} onUploaded={onUploaded} />
        </Suspense>
      );
  }
}
