import { useId, useRef, useState, type ReactNode } from 'react';
import type { AdminUpload } from '@crema/contract';
import { uploadFile, type UploadKind } from '../api/admin.ts';
import { problemsOf } from '../api/problems.ts';
import './upload-field.css';

// The upload field of the builder's screens: a 'Выбрать файл' button over the real file input
// (visually hidden, still focusable and named by the field's label), the upload's progress, then
// what the caller shows of the stored file (a preview, a line) and the server's Russian refusal
// under the field. The file goes up at once; the caller keeps the key it gets back. Screens keep
// their look (`admin`: the course settings, `lesson`: the lesson editor), as ui/Field.tsx does.

/** What each kind accepts (the server checks the content; this only narrows the file picker). */
const UPLOAD_ACCEPT: Record<UploadKind, string> = {
  image: 'image/jpeg,image/png,image/webp,image/gif,image/avif',
  file: '.pdf,.docx,.xlsx,.pptx,.zip,.jpg,.jpeg,.png,.mp3',
  video: 'video/mp4,video/webm',
};

/** Where a file goes up (with its progress) and what the picker offers. */
export interface UploadTarget<T> {
  upload: (file: File, onProgress: (percent: number) => void) => Promise<T>;
  accept: string;
}

/** The course builder's uploads of one kind (`POST /api/admin/uploads/`). */
export function builderUpload(kind: UploadKind, accept = UPLOAD_ACCEPT[kind]): UploadTarget<AdminUpload> {
  return { upload: (file, onProgress) => uploadFile(kind, file, onProgress), accept };
}

export type UploadLook = 'admin' | 'lesson';

interface Look {
  box: string;
  label: string;
  /** Around the preview and the button row (the admin look puts them side by side). */
  body?: string;
  row: string;
  pick: string;
  input: string;
  progress: string;
  name: string;
  hint: string;
  error: string;
  /** Only the first message, announced (the lesson editor: the first says what to do). */
  firstError?: boolean;
}

const LOOKS: Record<UploadLook, Look> = {
  admin: {
    box: 'admin-field admin-upload',
    label: 'admin-field__label',
    body: 'admin-cover',
    row: 'admin-upload__row',
    pick: 'button button--ghost admin-upload__pick',
    input: 'admin-upload__input',
    progress: 'admin-upload__progress',
    name: 'admin-upload__name',
    hint: 'admin-field__hint',
    error: 'admin-field__error',
  },
  lesson: {
    box: 'le-field le-upload',
    label: 'le-field__label',
    row: 'le-upload__row',
    pick: 'button button--ghost le-small le-upload__pick',
    input: 'le-upload__input',
    progress: 'le-upload__progress',
    name: 'le-field__hint',
    hint: 'le-field__hint',
    error: 'le-field__error',
    firstError: true,
  },
};

export interface UploadFieldProps<T> {
  look: UploadLook;
  /** Where the file goes (`builderUpload(kind)` for the builder's). */
  target: UploadTarget<T>;
  label: string;
  /** Something is stored already: the button says 'Заменить файл'. */
  current: boolean;
  hint?: ReactNode;
  /** The form's messages for the field (a save's answer); an upload's own refusal replaces them. */
  errors?: string[];
  onUploaded: (uploaded: T, file: File) => void;
  /** When given and something is stored: a button that takes it out of the form. */
  remove?: { label: string; onRemove: () => void };
  /** Say «Загружен файл «…»» after an upload of this visit. */
  showName?: boolean;
  /** What is stored: a preview or a line, before the button row. */
  children?: ReactNode;
}

export function UploadField<T>({ look, target, label, current, hint, errors = [], onUploaded, remove, showName, children }: UploadFieldProps<T>) {
  const id = useId();
  const css = LOOKS[look];
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const [name, setName] = useState<string | null>(null);
  const busy = progress !== null;
  const shown = failure.length ? failure : errors;
  const describedBy = [hint ? `${id}-hint` : '', shown.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  async function send(file: File) {
    setFailure([]);
    setName(file.name);
    setProgress(0);
    try {
      onUploaded(await target.upload(file, setProgress), file);
    } catch (error) {
      const found = problemsOf(error);
      setFailure([...found.general, ...Object.values(found.fields).flat()]);
      setName(null);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  const row = (
    <div className={css.row}>
      <label className={`${css.pick}${busy ? ' is-busy' : ''}`} htmlFor={id}>
        {current ? 'Заменить файл' : 'Выбрать файл'}
      </label>
      <input
        ref={input}
        id={id}
        className={css.input}
        type="file"
        accept={target.accept}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-invalid={shown.length ? true : undefined}
        aria-busy={busy || undefined}
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void send(file);
        }}
      />
      {busy ? (
        <span className={css.progress}>
          <progress max={100} value={progress} aria-label={`Загрузка: ${progress}%`} /> {progress}%
        </span>
      ) : showName && name && current ? (
        <span className={css.name}>Загружен файл «{name}»</span>
      ) : null}
      {remove && current && !busy ? (
        <button
          type="button"
          className="admin-icon-button"
          onClick={() => {
            setName(null);
            remove.onRemove();
          }}
        >
          {remove.label}
        </button>
      ) : null}
    </div>
  );

  return (
    <div className={css.box}>
      <span className={css.label} id={`${id}-label`}>
        {label}
      </span>
      {css.body ? (
        <div className={css.body}>
          {children}
          {row}
        </div>
      ) : (
        <>
          {children}
          {row}
        </>
      )}
      {hint ? (
        <p id={`${id}-hint`} className={css.hint}>
          {hint}
        </p>
      ) : null}
      {shown.length ? (
        <p id={`${id}-error`} className={css.error} role={css.firstError ? 'alert' : undefined}>
          {css.firstError ? shown[0] : shown.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
