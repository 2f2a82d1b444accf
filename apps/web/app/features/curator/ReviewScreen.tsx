import { useId, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { CuratorSubmission, HomeworkAccepts, HomeworkAttachment, HomeworkMessage, HomeworkUpload } from '@crema/contract';
import { formatDateTime, formatFileSize } from '@crema/contract/format';
import { HOMEWORK_PICKER_ACCEPT } from '@crema/contract/rules';
import { ApiRequestError } from '../../api/client.ts';
import { messagesOf } from '../../api/problems.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { HomeworkVideo } from '../../ui/HomeworkVideo.tsx';
import { curatorApi } from './api.ts';
import { uploadCommentFile } from './upload.ts';
import { SubmissionFacts, curatorPaths } from './ui.tsx';

// /curator/homework/{id}/: the task beside the learner's answers and the whole conversation; the
// curator takes the answer, comments, grades, and accepts it or returns it for rework. A decision is
// made from the version the page shows: when the answer changed meanwhile (the learner wrote again,
// another curator decided), the server's 409 is shown with a button that loads the answer afresh.

/** What the learner may send, as a sentence: 'текст, до 5 фото, файлы до 3'. */
function acceptsText(accepts: HomeworkAccepts, maxMb: number): string {
  const parts = [
    accepts.text ? 'текст' : '',
    accepts.photos ? `фото (до ${accepts.photos})` : '',
    accepts.videos ? `видео (до ${accepts.videos})` : '',
    accepts.files ? `файлы (до ${accepts.files})` : '',
  ].filter(Boolean);
  const files = accepts.photos + accepts.videos + accepts.files > 0 ? `; одно вложение — до ${maxMb} МБ` : '';
  return `${parts.join(', ')}${files}`;
}

function Attachment({ file }: { file: HomeworkAttachment }) {
  if (file.kind === 'photo' && file.preview) {
    return (
      <li className="cur-file cur-file--photo">
        <a href={file.url} target="_blank" rel="noreferrer" title={`${file.name}, ${formatFileSize(file.size_bytes)}`}>
          <img src={file.preview.url} alt={`Фото: ${file.name}`} width={file.preview.width ?? 240} height={file.preview.height ?? 240} loading="lazy" />
        </a>
      </li>
    );
  }
  if (file.kind === 'video') {
    return (
      <li className="cur-file cur-file--video">
        <HomeworkVideo file={file} />
        <a href={file.url} download={file.name} className="admin-small">
          {file.name}, {formatFileSize(file.size_bytes)}
        </a>
      </li>
    );
  }
  return (
    <li className="cur-file">
      <a href={file.url} download={file.name}>
        {file.name}
      </a>{' '}
      <span className="admin-muted admin-small">{formatFileSize(file.size_bytes)}</span>
    </li>
  );
}

function Message({ message }: { message: HomeworkMessage }) {
  const role = message.author.role === 'curator' ? 'куратор' : 'ученик';
  return (
    <li className={`cur-message cur-message--${message.author.role}`}>
      <p className="cur-message__head">
        <strong>{message.author.name}</strong>{' '}
        {/* The role, unless the name says it already (someone without a name is 'Ученик' or 'Куратор'). */}
        {message.author.name.toLowerCase() === role ? null : <span className="admin-muted admin-small">{role} </span>}
        <time className="admin-muted admin-small" dateTime={message.created_at}>
          {formatDateTime(message.created_at)}
        </time>
      </p>
      {message.decision ? (
        <p className="cur-message__decision">
          <span className={`cur-status cur-status--${message.decision}`}>{message.decision === 'accepted' ? 'Принято' : 'Возвращено на доработку'}</span>
          {message.grade !== null ? <span className="cur-grade"> Оценка: {message.grade}</span> : null}
        </p>
      ) : null}
      {message.text ? <p className="cur-message__text">{message.text}</p> : null}
      {message.attachments.length ? (
        <ul className="cur-files" aria-label="Вложения">
          {message.attachments.map((file) => (
            <Attachment key={file.id} file={file} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

type Decision = 'accepted' | 'returned';

/** A file of the comment: going up, up (its upload id), or refused (the server's words). */
interface Picked {
  key: number;
  name: string;
  size: number;
  percent: number;
  upload?: HomeworkUpload;
  error?: string;
}

/** What the comment's picker offers: photos, videos and documents (the server reads each file's content). */
const COMMENT_ACCEPT = Object.values(HOMEWORK_PICKER_ACCEPT).join(',');

/** The comment's files: picked from the gallery, the camera or the phone's files, uploaded at once, removable before sending. */
function useCommentFiles(blockId: number) {
  const [files, setFiles] = useState<Picked[]>([]);
  const next = useRef(0);
  const update = (key: number, changes: Partial<Picked>) => setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...changes } : f)));
  const add = (picked: FileList | null) => {
    for (const file of Array.from(picked ?? [])) {
      const key = (next.current += 1);
      setFiles((list) => [...list, { key, name: file.name, size: file.size, percent: 0 }]);
      uploadCommentFile(file, blockId, (percent) => update(key, { percent })).then(
        (upload) => update(key, { upload, percent: 100 }),
        (error: unknown) =>
          update(key, {
            error: (error instanceof ApiRequestError ? messagesOf(error.body)[0] : undefined) ?? 'Файл не загрузился. Попробуйте ещё раз.',
          }),
      );
    }
  };
  return {
    files,
    add,
    remove: (key: number) => setFiles((list) => list.filter((f) => f.key !== key)),
    clear: () => setFiles([]),
    uploading: files.some((f) => !f.upload && !f.error),
    ids: files.flatMap((f) => (f.upload ? [f.upload.upload] : [])),
  };
}

function CommentFiles({ files, disabled }: { files: ReturnType<typeof useCommentFiles>; disabled: boolean }) {
  const id = useId();
  return (
    <div className="cur-attach">
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={COMMENT_ACCEPT}
        multiple
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          files.add(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      <label htmlFor={id} className="button button--ghost button--small cur-attach__pick">
        Приложить файлы
      </label>
      <p id={`${id}-hint`} className="admin-muted admin-small cur-attach__hint">
        Фото, видео MP4, WebM или MOV, документы PDF, DOCX, XLSX, PPTX, ODT, ZIP или MP3.
      </p>
      {files.files.length ? (
        <ul className="cur-attach__list" aria-label="Файлы к комментарию">
          {files.files.map((file) => (
            <li key={file.key}>
              <span className="cur-attach__file">
                <span className="cur-attach__name">{file.name}</span> <span className="admin-muted admin-small">{formatFileSize(file.size)}</span>{' '}
                {file.error ? (
                  <span className="admin-field__error" role="alert">
                    {file.error}
                  </span>
                ) : file.upload ? (
                  <span className="admin-muted admin-small">загружено</span>
                ) : (
                  <progress max={100} value={file.percent} aria-label={`Загрузка ${file.name}`}>
                    {file.percent}%
                  </progress>
                )}
              </span>{' '}
              <button type="button" className="admin-icon-button" onClick={() => files.remove(file.key)} aria-label={`Убрать ${file.name}`}>
                Убрать
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ReviewForm({ submission, onDone }: { submission: CuratorSubmission; onDone: (decision: Decision) => void }) {
  const revalidator = useRevalidator();
  const form = useApiForm(['text', 'grade']);
  const [text, setText] = useState('');
  const [grade, setGrade] = useState('');
  // The answer changed since the page was loaded (the server's 409): the curator reloads it.
  const [stale, setStale] = useState(false);
  const files = useCommentFiles(submission.task.id);
  const mine = submission.reviewer_is_me;

  const decide = (decision: Decision) =>
    form.run(async () => {
      setStale(false);
      try {
        await curatorApi.review(submission.id, {
          decision,
          text: text.trim(),
          uploads: files.ids,
          grade: grade.trim() === '' ? null : Number(grade),
          version: submission.version,
        });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 409) setStale(true);
        throw error;
      }
      onDone(decision);
      files.clear();
      setText('');
      setGrade('');
      await revalidator.revalidate();
    });

  const claim = () =>
    form.run(async () => {
      setStale(false);
      try {
        await curatorApi.claim(submission.id);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 409) setStale(true);
        throw error;
      }
      await revalidator.revalidate();
    });

  return (
    <form
      className="admin-form cur-review-form"
      aria-labelledby="cur-review-form-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        void decide(submitter?.value === 'returned' ? 'returned' : 'accepted');
      }}
    >
      <h2 id="cur-review-form-title">Ваш ответ</h2>
      {submission.status === 'sent' ? (
        <p className="cur-claim">
          <span className="admin-muted">Возьмите ответ на проверку, чтобы другие кураторы не проверяли его одновременно с вами.</span>{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => void claim()} disabled={form.busy}>
            Взять на проверку
          </button>
        </p>
      ) : submission.reviewer && mine ? (
        <p className="cur-claim admin-muted">Вы проверяете это задание: 30 минут с начала проверки другие кураторы не могут его взять.</p>
      ) : submission.reviewer ? (
        <p className="cur-claim">
          {/* Another curator's claim older than 30 minutes may be taken over; one's own is simply kept. */}
          <span className="admin-muted">Сейчас проверяет: {submission.reviewer}. Если проверку бросили больше 30 минут назад, её можно взять себе.</span>{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => void claim()} disabled={form.busy}>
            Взять себе
          </button>
        </p>
      ) : null}
      <Field look="admin" label="Комментарий" hint="Для возврата напишите, что исправить; ученик увидит комментарий в уроке." errors={form.errorsOf('text')}>
        {(a11y) => <textarea {...a11y} className="admin-input" rows={5} maxLength={20000} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <CommentFiles files={files} disabled={form.busy} />
      <Field look="admin" label="Оценка" hint="От 0 до 100, необязательно" errors={form.errorsOf('grade')}>
        {(a11y) => (
          <input
            {...a11y}
            className="admin-input cur-grade-input"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={grade}
            onChange={(e) => setGrade(e.target.value)}
          />
        )}
      </Field>
      <FormMessages look="admin" messages={form.problems.general} />
      {stale ? (
        <p className="cur-stale">
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() =>
              void revalidator.revalidate().then(() => {
                setStale(false);
                form.setProblems({ fields: {}, general: [] });
              })
            }
          >
            Обновить ответ
          </button>
        </p>
      ) : null}
      <div className="admin-actions">
        <button
          type="submit"
          name="decision"
          value="accepted"
          className="button button--primary"
          disabled={form.busy || files.uploading}
          aria-busy={form.busy}
        >
          Принять
        </button>
        <button type="submit" name="decision" value="returned" className="button button--ghost" disabled={form.busy || files.uploading}>
          Вернуть на доработку
        </button>
      </div>
    </form>
  );
}

export function ReviewScreen({ submission, now }: { submission: CuratorSubmission; now: string }) {
  const open = submission.status === 'sent' || submission.status === 'checking';
  const [done, setDone] = useState<Decision | null>(null);
  const task = submission.task;
  return (
    <section aria-labelledby="cur-review-title" className="cur cur-review">
      <p>
        <Link to={curatorPaths.queue()}>← Все задания</Link>
      </p>
      <h1 id="cur-review-title">{submission.title}</h1>
      <p className="admin-muted">
        {submission.course.title} · {submission.lesson.title}
        {submission.group ? ` · ${submission.group.title}` : ''}
      </p>
      <p className="cur-review__who">
        <strong>{submission.learner.name}</strong> <span className="admin-muted admin-small">прогресс по курсу {submission.learner.progress}%</span>
      </p>
      <SubmissionFacts card={submission} now={now} grade={submission.grade} />
      <div className="cur-review__columns">
        <section className="cur-review__task" aria-labelledby="cur-task-title">
          <h2 id="cur-task-title">Задание</h2>
          {/* The task's HTML as the server cleaned it when the lesson was saved. */}
          <div className="cur-task__text" dangerouslySetInnerHTML={{ __html: task.html }} />
          <p className="admin-muted admin-small">Можно прислать: {acceptsText(task.accepts, task.max_file_mb)}.</p>
        </section>
        <section className="cur-review__thread" aria-labelledby="cur-thread-title">
          <h2 id="cur-thread-title">Переписка</h2>
          {submission.messages.length ? (
            <ol className="cur-messages">
              {submission.messages.map((message) => (
                <Message key={message.id} message={message} />
              ))}
            </ol>
          ) : (
            <p className="admin-muted">Сообщений нет.</p>
          )}
          {done ? (
            <p className="admin-notice" role="status">
              {done === 'accepted' ? 'Задание принято.' : 'Задание возвращено на доработку.'} <Link to={curatorPaths.queue()}>К другим заданиям</Link>
            </p>
          ) : null}
          {open ? (
            <ReviewForm key={submission.id} submission={submission} onDone={setDone} />
          ) : done ? null : (
            <p className="admin-muted">
              {submission.status === 'accepted' ? 'Задание принято.' : 'Задание возвращено на доработку: когда ученик ответит, ответ снова появится в очереди.'}
            </p>
          )}
        </section>
      </div>
    </section>
  );
}
