import { useEffect, useRef, type ReactNode } from 'react';
import type { LessonBlockView } from '@crema/contract';
import { DAY_FORMS, formatCount, formatDateTime, formatNumber } from '@crema/contract/format';
import { Block } from './Blocks.tsx';
import { shiftHeadings, withAltText } from './html.ts';
import { VideoBlock } from './VideoBlock.tsx';
import { nearEnd, readPosition, savePosition, videoPositionKey } from './video-position.ts';
import './lessons.css';

// A lesson page's blocks (every type of db/schema/blocks.ts LESSON_BLOCK_TYPES), for the lesson
// route to put into the course-study layout (features/learning). Text, images and quotes are the
// content pages' own renderer (Blocks.tsx: the admin's sanitised HTML with the headings moved under
// the page's h1); video is the content pages' player with the position remembered per lesson;
// files and recipes are the lessons' own. Their styles are in content.css. A homework block shows
// its task and rules here; the learner's own part (status, conversation, answer form) is what the
// route passes as `homework` (a feature does not import another), and without it (the owner's
// previews) a note says what the learner will see there.

type HomeworkView = Extract<LessonBlockView, { type: 'homework' }>;
/** The learner's part of a homework block, under its task. */
export type RenderHomework = (block: HomeworkView) => ReactNode;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The content pages' video block; an uploaded file resumes where the learner stopped. */
function LessonVideo({ block, courseId, lessonId }: { block: Extract<LessonBlockView, { type: 'video' }>; courseId: number; lessonId: number }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const video = frame.current?.querySelector('video');
    if (!video) return;
    const key = videoPositionKey(courseId, lessonId, block.id);
    let last = -1;
    const restore = () => {
      const seconds = readPosition(storage(), key);
      if (seconds > 0 && !nearEnd(seconds, video.duration)) video.currentTime = seconds;
    };
    const save = () => savePosition(storage(), key, video.currentTime, video.duration);
    const onTime = () => {
      // About every 5 seconds of playback, and at every pause or seek.
      const now = Math.floor(video.currentTime / 5);
      if (now === last) return;
      last = now;
      save();
    };
    if (video.readyState >= 1) restore();
    video.addEventListener('loadedmetadata', restore);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('pause', save);
    video.addEventListener('seeked', save);
    video.addEventListener('ended', save);
    return () => {
      video.removeEventListener('loadedmetadata', restore);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('pause', save);
      video.removeEventListener('seeked', save);
      video.removeEventListener('ended', save);
      if (video.currentTime > 0) save();
    };
  }, [courseId, lessonId, block.id]);
  return (
    <div ref={frame} className="learn-video" data-video-key={videoPositionKey(courseId, lessonId, block.id)}>
      <VideoBlock block={block} />
    </div>
  );
}

function fileSize(bytes: number | null): string | null {
  if (!bytes || bytes <= 0) return null;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`;
}

function FileIcon() {
  return (
    <svg className="learn-file__icon" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 2.5h8l4.5 4.5v14.5H6z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M14 2.5V7h4.5M12 11v6m-2.5-2.5L12 17l2.5-2.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** What the learner may send: 'текст, до 5 фотографий, файлы до 50 МБ каждый'. */
export function homeworkAccepts(block: HomeworkView): string {
  const { text, photos, videos, files } = block.accepts;
  const parts = [
    text ? 'текст' : '',
    photos ? `до ${formatCount(photos, ['фотографии', 'фотографий', 'фотографий'])}` : '',
    videos ? `до ${formatCount(videos, ['видео', 'видео', 'видео'])}` : '',
    files ? `до ${formatCount(files, ['файла', 'файлов', 'файлов'])}` : '',
  ].filter(Boolean);
  const attachments = photos + videos + files > 0 ? `; каждый файл — до ${formatNumber(block.max_file_mb)} МБ` : '';
  return `${parts.join(', ')}${attachments}`;
}

const GATE_TEXT: Record<HomeworkView['gate'], string | null> = {
  none: null,
  next_item: 'Следующий урок или тест откроется, когда куратор примет задание.',
  next_module: 'Следующие модули и итоговые тесты откроются, когда куратор примет задание.',
};

function HomeworkTask({ block, children }: { block: HomeworkView; children: ReactNode }) {
  const gate = GATE_TEXT[block.gate];
  return (
    <section className="block hw" aria-labelledby={`hw-${block.id}-title`} data-homework={block.id}>
      <p className="hw__kicker">Домашнее задание</p>
      <h2 className="hw__title" id={`hw-${block.id}-title`}>
        {block.title}
      </h2>
      {block.html ? <div className="prose hw__task" dangerouslySetInnerHTML={{ __html: withAltText(shiftHeadings(block.html, 3)) }} /> : null}
      <ul className="hw__rules">
        <li>Можно отправить: {homeworkAccepts(block)}.</li>
        {block.deadline?.type === 'date' ? <li>Срок: до {formatDateTime(block.deadline.at)} (по московскому времени).</li> : null}
        {block.deadline?.type === 'days' ? <li>Срок: {formatCount(block.deadline.days, DAY_FORMS)} после открытия урока.</li> : null}
        {gate ? <li>{gate}</li> : null}
      </ul>
      {children}
    </section>
  );
}

function LessonBlock({ block, courseId, lessonId, first, homework }: { block: LessonBlockView; courseId: number; lessonId: number; first: boolean; homework?: RenderHomework }) {
  switch (block.type) {
    case 'text':
    case 'image':
    case 'quote':
      return <Block block={block} priority={first} />;
    case 'video':
      return <LessonVideo block={block} courseId={courseId} lessonId={lessonId} />;
    case 'file': {
      const size = fileSize(block.size_bytes);
      return (
        <p className="block learn-file">
          <a className="learn-file__link" href={block.url} download>
            <FileIcon />
            <span className="learn-file__text">
              <span className="learn-file__title">{block.title}</span>
              <span className="learn-file__meta">Скачать{size ? `, ${size}` : ''}</span>
            </span>
          </a>
        </p>
      );
    }
    case 'recipe':
      return (
        <section className="block learn-recipe" aria-label={`Рецепт: ${block.title}`}>
          <h2 className="learn-recipe__title">{block.title}</h2>
          {block.parameters.length ? (
            <dl className="learn-recipe__params">
              {block.parameters.map((parameter, index) => (
                <div key={index} className="learn-recipe__param">
                  <dt>{parameter.name}</dt>
                  <dd>{parameter.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {block.steps.length ? (
            <ol className="learn-recipe__steps">
              {block.steps.map((step, index) => (
                <li key={index}>{step}</li>
              ))}
            </ol>
          ) : null}
        </section>
      );
    case 'homework':
      return (
        <HomeworkTask block={block}>
          {homework ? homework(block) : <p className="learn-note hw__preview">Здесь ученик увидит статус задания, переписку с куратором и форму ответа.</p>}
        </HomeworkTask>
      );
  }
}

export function LessonBlocks({ blocks, courseId, lessonId, homework }: { blocks: readonly LessonBlockView[]; courseId: number; lessonId: number; homework?: RenderHomework }) {
  return (
    <div className="blocks">
      {blocks.map((block, index) => (
        <LessonBlock key={block.id} block={block} courseId={courseId} lessonId={lessonId} first={index === 0} homework={homework} />
      ))}
    </div>
  );
}
