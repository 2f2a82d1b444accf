import { useEffect, useId, useRef, useState } from 'react';
import type { HomeworkAttachment, HomeworkAttachmentKind, HomeworkMessage, HomeworkThread, HomeworkUpload, LessonBlockView } from '@crema/contract';
import { formatDateTime, formatFileSize } from '@crema/contract/format';
import { HOMEWORK_PICKER_ACCEPT } from '@crema/contract/rules';
import { ApiRequestError } from '../../api/client.ts';
import { browserFetch } from '../../api/browser.ts';
import { FormRejection, rejection, useApiForm } from '../../api/useApiForm.ts';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { homeworkApi } from './api.ts';
import { KIND_COUNT, STATUS_NOTE, STATUS_TEXT, guessKind, refusal } from './attachments.ts';
import type { RunningUpload } from '../../api/homework-uploads.ts';
import { HomeworkVideo } from '../../ui/HomeworkVideo.tsx';
import './homework.css';

// The learner's part of a homework block on the lesson page (decision 0087), under its task: the
// status, the deadline in Moscow time, the whole conversation with the curator (photos, videos,
// files), and — when an answer may be sent (none yet, or returned for rework) — the answer form:
// text, and photos, videos or files from the phone's camera roll, each going up at once by tus
// with its progress, a pause and a resume; 'Отправить на проверку' sends the text and the uploads.

const api = homeworkApi(browserFetch);

type HomeworkBlockView = Extract<LessonBlockView, { type: 'homework' }>;

const KIND_LABEL: Record<HomeworkAttachmentKind, { add: string; what: string }> = {
  photo: { add: 'Добавить фото', what: 'Фотография' },
  video: { add: 'Добавить видео', what: 'Видео' },
  file: { add: 'Добавить файл', what: 'Файл' },
};

function Attachment({ item }: { item: HomeworkAttachment }) {
  if (item.kind === 'photo') {
    const image = item.preview;
    return (
      <li className="hw-att hw-att--photo">
        <a href={item.url} target="_blank" rel="noopener" aria-label={`Открыть фотографию «${item.name}» целиком`}>
          <img src={image?.url ?? item.url} alt={`Фотография «${item.name}»`} loading="lazy" width={image?.width ?? undefined} height={image?.height ?? undefined} />
        </a>
      </li>
    );
  }
  if (item.kind === 'video') {
    return (
      <li className="hw-att hw-att--video">
        <HomeworkVideo file={item} />
        <a className="hw-att__link" href={item.url} download={item.name}>
          Скачать видео «{item.name}», {formatFileSize(item.size_bytes)}
        </a>
      </li>
    );
  }
  return (
    <li className="hw-att hw-att--file">
      <a className="hw-att__link" href={item.url} download={item.name}>
        <span className="hw-att__name">{item.name}</span>
        <span className="hw-att__meta">Скачать, {formatFileSize(item.size_bytes)}</span>
      </a>
    </li>
  );
}

function Message({ message }: { message: HomeworkMessage }) {
  const mine = message.author.role === 'learner';
  return (
    <li className={`hw-msg hw-msg--${message.author.role}`}>
      <p className="hw-msg__head">
        {/* A curator without a name is 'Куратор' already: not 'Куратор, куратор'. */}
        <span className="hw-msg__who">{mine ? 'Ваш ответ' : message.author.name.toLowerCase() === 'куратор' ? message.author.name : `${message.author.name}, куратор`}</span>
        <time className="hw-msg__when" dateTime={message.created_at}>
          {formatDateTime(message.created_at)}
        </time>
      </p>
      {message.decision ? (
        <p className={`hw-msg__decision hw-msg__decision--${message.decision}`}>
          {message.decision === 'accepted' ? 'Задание принято' : 'Возвращено на доработку'}
          {message.grade !== null ? `, оценка ${message.grade} из 100` : ''}
        </p>
      ) : null}
      {message.text ? <p className="hw-msg__text">{message.text}</p> : null}
      {message.attachments.length ? (
        <ul className="hw-atts" aria-label="Вложения">
          {message.attachments.map((item) => (
            <Attachment key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

interface Picked {
  key: string;
  file: File;
  kind: HomeworkAttachmentKind;
  state: 'starting' | 'uploading' | 'paused' | 'failed' | 'done' | 'refused';
  sent: number;
  message: string;
  /** The failure can be resumed (a lost connection), not a refusal. */
  canRetry: boolean;
  uploaded?: HomeworkUpload;
  /** A picture's local preview (object URL). */
  preview?: string;
}

let counter = 0;

function Progress({ item }: { item: Picked }) {
  const percent = item.file.size ? Math.min(100, Math.round((item.sent / item.file.size) * 100)) : 0;
  const text =
    item.state === 'done'
      ? 'Загружено'
      : item.state === 'paused'
        ? `Пауза, ${percent}%`
        : item.state === 'failed' || item.state === 'refused'
          ? item.message
          : `Загружается… ${percent}%`;
  return (
    <>
      {item.state !== 'refused' ? <progress className="hw-pick__bar" max={100} value={item.state === 'done' ? 100 : percent} aria-label={`Загрузка «${item.file.name}»`} /> : null}
      <span className={`hw-pick__state${item.state === 'failed' || item.state === 'refused' ? ' hw-pick__state--bad' : ''}`} role={item.state === 'failed' || item.state === 'refused' ? 'alert' : undefined}>
        {text}
      </span>
    </>
  );
}

function AnswerForm({ enrolmentId, block, thread, onSent }: { enrolmentId: number; block: HomeworkBlockView; thread: HomeworkThread; onSent: (thread: HomeworkThread) => void }) {
  const uid = useId();
  const form = useApiForm(['text', 'uploads']);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Picked[]>([]);
  const [pickProblems, setPickProblems] = useState<string[]>([]);
  const running = useRef(new Map<string, RunningUpload>());
  const previews = useRef(new Set<string>());

  // Leaving the page stops the uploads (what the server has stays for a resume) and frees the previews.
  useEffect(() => {
    const uploads = running.current;
    const urls = previews.current;
    return () => {
      uploads.forEach((upload) => upload.pause());
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const update = (key: string, change: Partial<Picked>) => setPicked((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const begin = async (item: Picked) => {
    try {
      const { startUpload } = await import('../../api/homework-uploads.ts');
      const upload = await startUpload(item.file, block.id, item.kind, {
        onProgress: (sent) => update(item.key, { state: 'uploading', sent, message: '' }),
        onDone: (uploaded) => {
          running.current.delete(item.key);
          update(item.key, { state: 'done', sent: item.file.size, uploaded, message: '' });
        },
        onFailed: (message, canRetry) => {
          if (!canRetry) running.current.delete(item.key);
          update(item.key, { state: canRetry ? 'failed' : 'refused', message, canRetry });
        },
      });
      running.current.set(item.key, upload);
    } catch {
      update(item.key, { state: 'failed', message: 'Не удалось начать загрузку. Проверьте связь и нажмите «Продолжить».', canRetry: true });
    }
  };

  const add = (files: FileList | null, from: HomeworkAttachmentKind) => {
    if (!files?.length) return;
    const problems: string[] = [];
    const added: Picked[] = [];
    const live = picked.filter((item) => item.state !== 'refused');
    for (const file of Array.from(files)) {
      const kind = guessKind(file, from, block.accepts);
      const taken = [...live, ...added].filter((item) => item.kind === kind).length;
      const why = refusal(file, kind, block.accepts, block.max_file_mb, taken);
      if (why) {
        problems.push(why);
        continue;
      }
      const preview = kind === 'photo' && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
      if (preview) previews.current.add(preview);
      added.push({ key: `f${++counter}`, file, kind, state: 'starting', sent: 0, message: '', canRetry: false, preview });
    }
    setPickProblems(problems);
    if (!added.length) return;
    setPicked((items) => [...items, ...added]);
    added.forEach((item) => void begin(item));
  };

  const remove = (item: Picked) => {
    running.current.get(item.key)?.cancel();
    running.current.delete(item.key);
    if (item.preview) {
      URL.revokeObjectURL(item.preview);
      previews.current.delete(item.preview);
    }
    setPicked((items) => items.filter((other) => other.key !== item.key));
  };

  const pause = (item: Picked) => {
    running.current.get(item.key)?.pause();
    update(item.key, { state: 'paused' });
  };
  const resume = (item: Picked) => {
    const upload = running.current.get(item.key);
    update(item.key, { state: 'uploading', message: '' });
    if (upload) upload.resume();
    else void begin(item);
  };

  const busyUploads = picked.some((item) => item.state === 'starting' || item.state === 'uploading' || item.state === 'paused');
  const stuck = picked.some((item) => item.state === 'failed');

  const send = async () => {
    const done = picked.filter((item) => item.state === 'done' && item.uploaded);
    const check = rejection(
      {},
      busyUploads
        ? ['Дождитесь, пока загрузятся файлы.']
        : stuck
          ? ['Не все файлы загрузились: нажмите «Продолжить» у файла или уберите его.']
          : !text.trim() && !done.length
            ? [block.accepts.text ? 'Напишите ответ или приложите файлы.' : 'Приложите файлы к ответу.']
            : [],
    );
    if (check) throw check;
    try {
      const result = await api.answer(enrolmentId, block.id, { text: text.trim(), uploads: done.map((item) => item.uploaded!.upload) });
      previews.current.forEach((url) => URL.revokeObjectURL(url));
      previews.current.clear();
      setPicked([]);
      setText('');
      setPickProblems([]);
      onSent(result);
    } catch (error) {
      // The answer is already with the curator (another tab, a double press): the fresh state, and the server's words.
      if (error instanceof ApiRequestError && error.status === 409) {
        const detail = (error.body as { detail?: unknown } | null)?.detail;
        const fresh = await api.thread(enrolmentId, block.id).catch(() => null);
        if (fresh) onSent(fresh);
        throw new FormRejection({ fields: {}, general: [typeof detail === 'string' ? detail : 'Ответ уже отправлен.'] });
      }
      throw error;
    }
  };

  const kinds = (['photo', 'video', 'file'] as const).filter((kind) => block.accepts[KIND_COUNT[kind]] > 0);
  const textErrors = form.errorsOf('text');
  return (
    <form
      className="hw-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.run(send);
      }}
      aria-labelledby={`${uid}-title`} noValidate>
      <h3 className="hw-form__title" id={`${uid}-title`}>
        {thread.status === 'returned' ? 'Ответ после доработки' : 'Ваш ответ'}
      </h3>
      {block.accepts.text ? (
        <div className="hw-field">
          <label className="hw-field__label" htmlFor={`${uid}-text`}>
            Текст ответа
          </label>
          <textarea
            id={`${uid}-text`}
            className="hw-field__input"
            rows={5}
            maxLength={20_000}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={textErrors.length ? true : undefined}
            aria-describedby={textErrors.length ? `${uid}-text-error` : undefined}
          />
          {textErrors.length ? (
            <p className="hw-field__error" id={`${uid}-text-error`} role="alert">
              {textErrors[0]}
            </p>
          ) : null}
        </div>
      ) : null}
      {kinds.length ? (
        <div className="hw-pickers" role="group" aria-label="Вложения ответа">
          {kinds.map((kind) => (
            <label key={kind} className="button button--ghost hw-picker">
              <input
                className="hw-picker__input"
                type="file"
                multiple
                accept={kind === 'photo' ? 'image/*' : kind === 'video' ? 'video/*' : HOMEWORK_PICKER_ACCEPT.file}
                onChange={(event) => {
                  add(event.target.files, kind);
                  event.target.value = '';
                }}
              />
              {KIND_LABEL[kind].add}
            </label>
          ))}
          <span className="hw-pickers__hint">Каждый файл — до {block.max_file_mb} МБ. Файлы загружаются сразу; загрузку можно приостановить и продолжить.</span>
        </div>
      ) : null}
      {pickProblems.length ? (
        <div className="hw-problems" role="alert">
          {pickProblems.map((problem, index) => (
            <p key={index}>{problem}</p>
          ))}
        </div>
      ) : null}
      {picked.length ? (
        <ul className="hw-picks" aria-label="Прикреплённые файлы">
          {picked.map((item) => (
            <li key={item.key} className={`hw-pick hw-pick--${item.state}`}>
              {item.preview ? <img className="hw-pick__thumb" src={item.preview} alt="" /> : <span className="hw-pick__thumb hw-pick__thumb--file" aria-hidden="true" />}
              <span className="hw-pick__body">
                <span className="hw-pick__name">
                  {KIND_LABEL[item.kind].what} «{item.file.name}», {formatFileSize(item.file.size)}
                </span>
                <Progress item={item} />
              </span>
              <span className="hw-pick__actions">
                {item.state === 'uploading' || item.state === 'starting' ? (
                  <button type="button" className="hw-link" onClick={() => pause(item)} disabled={item.state === 'starting'}>
                    Пауза
                  </button>
                ) : null}
                {item.state === 'paused' || item.state === 'failed' ? (
                  <button type="button" className="hw-link" onClick={() => resume(item)}>
                    Продолжить
                  </button>
                ) : null}
                <button type="button" className="hw-link hw-link--danger" onClick={() => remove(item)} aria-label={`Убрать «${item.file.name}»`}>
                  Убрать
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <FormMessages look="learning" messages={[...form.problems.general, ...form.errorsOf('uploads')]} />
      <button type="submit" className="button button--primary hw-form__send" aria-busy={form.busy} disabled={form.busy}>
        Отправить на проверку
      </button>
    </form>
  );
}

/** The learner's homework of one block: status, deadline, conversation, and the answer form when one may be sent. */
export function HomeworkPanel({ enrolmentId, block, thread: loaded }: { enrolmentId: number; block: HomeworkBlockView; thread: HomeworkThread | null }) {
  const [thread, setThread] = useState(loaded);
  const [failed, setFailed] = useState(false);
  const status = thread?.status ?? null;
  const statusRef = useRef<HTMLParagraphElement>(null);

  if (!thread) {
    return (
      <div className="hw-me">
        <p className="learn-problems" role="alert">
          {failed ? 'Снова не получилось. Проверьте связь и попробуйте ещё раз.' : 'Не удалось загрузить ваш ответ на это задание.'}
        </p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            api
              .thread(enrolmentId, block.id)
              .then(setThread)
              .catch(() => setFailed(true))
          }
        >
          Загрузить ещё раз
        </button>
      </div>
    );
  }
  return (
    <div className="hw-me">
      <p className="hw-me__status" ref={statusRef} role="status">
        <span className={`hw-badge hw-badge--${status ?? 'none'}`}>{STATUS_TEXT[status ?? 'none']}</span>
        {thread.grade !== null && status === 'accepted' ? <span className="hw-me__grade">Оценка: {thread.grade} из 100</span> : null}
        {thread.deadline_at ? (
          <span className={`hw-deadline${thread.overdue ? ' hw-deadline--overdue' : ''}`}>
            {status === 'accepted' ? 'Срок был' : 'Сдать до'} {formatDateTime(thread.deadline_at)} (МСК){thread.overdue ? ' — срок прошёл' : ''}
          </span>
        ) : null}
      </p>
      {status ? <p className="hw-me__note">{STATUS_NOTE[status]}</p> : null}
      {thread.messages.length ? (
        <ol className="hw-thread" aria-label="Переписка по заданию">
          {thread.messages.map((message) => (
            <Message key={message.id} message={message} />
          ))}
        </ol>
      ) : null}
      {thread.can_send ? (
        <AnswerForm
          enrolmentId={enrolmentId}
          block={block}
          thread={thread}
          onSent={(next) => {
            setThread(next);
            statusRef.current?.scrollIntoView?.({ block: 'nearest' });
          }}
        />
      ) : null}
    </div>
  );
}
