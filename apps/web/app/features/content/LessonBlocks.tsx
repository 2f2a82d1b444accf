import { useEffect, useRef, type ReactNode } from 'react';
import type { LessonBlockView } from '@crema/contract';
import { formatFileSize } from '@crema/contract/format';
import { Block } from './Blocks.tsx';
import { HomeworkPreview } from './HomeworkTask.tsx';
import { VideoBlock } from './VideoBlock.tsx';
import { nearEnd, readPosition, savePosition, videoPositionKey } from './video-position.ts';
import './lessons.css';

// A lesson page's blocks (every type of db/schema/blocks.ts LESSON_BLOCK_TYPES), for the lesson
// route to put into the course-study layout (features/learning). Text, images and quotes are the
// content pages' own renderer (Blocks.tsx: the admin's sanitised HTML with the headings moved under
// the page's h1); video is the content pages' player with the position remembered per lesson;
// files and recipes are the lessons' own. Their styles are in content.css. A homework block is what
// the route passes as `homework`: the task (HomeworkTask.tsx) with the learner's own part — status,
// conversation, answer form — under it (a feature does not import another). Without it (the owner's
// previews) the task stands with a note of what the learner will see there.

type HomeworkView = Extract<LessonBlockView, { type: 'homework' }>;
/** A homework block as the page shows it. */
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


function FileIcon() {
  return (
    <svg className="learn-file__icon" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 2.5h8l4.5 4.5v14.5H6z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M14 2.5V7h4.5M12 11v6m-2.5-2.5L12 17l2.5-2.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
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
      const size = block.size_bytes && block.size_bytes > 0 ? formatFileSize(block.size_bytes) : null;
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
      return homework ? homework(block) : <HomeworkPreview block={block} />;
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
