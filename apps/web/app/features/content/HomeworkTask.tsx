import type { ReactNode } from 'react';
import type { LessonBlockView } from '@crema/contract';
import { DAY_FORMS, formatCount, formatDateTime, formatNumber } from '@crema/contract/format';
import { shiftHeadings, withAltText } from './html.ts';
import { VideoBlock } from './VideoBlock.tsx';

// A homework block's task as a lesson page shows it: its name, the task's text, what may be sent,
// the deadline's rule and what waits for acceptance; under it, what the route puts (the learner's
// status, conversation and answer form), or in the owner's previews a note of what goes there.

type HomeworkView = Extract<LessonBlockView, { type: 'homework' }>;

/** What the learner may send: 'текст, до 5 фотографий, до 1 файла; каждый файл — до 50 МБ'. */
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

export function HomeworkTask({ block, children }: { block: HomeworkView; children: ReactNode }) {
  const gate = GATE_TEXT[block.gate];
  return (
    <section className="block hw" aria-labelledby={`hw-${block.id}-title`} data-homework={block.id}>
      <p className="hw__kicker">Домашнее задание</p>
      <h2 className="hw__title" id={`hw-${block.id}-title`}>
        {block.title}
      </h2>
      {block.html ? <div className="prose hw__task" dangerouslySetInnerHTML={{ __html: withAltText(shiftHeadings(block.html, 3)) }} /> : null}
      {block.images.length ? (
        <ul className="hw__pictures" aria-label="Картинки к заданию">
          {block.images.map((picture, n) =>
            picture.image ? (
              <li key={n}>
                <img src={picture.image.url} width={picture.image.width ?? undefined} height={picture.image.height ?? undefined} alt={picture.alt} loading="lazy" />
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      {block.video ? (
        <VideoBlock block={{ id: block.id, type: 'video', url: block.video, title: `Видео к заданию «${block.title}»`, poster: null, duration_seconds: null }} />
      ) : null}
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


/** The task in the owner's previews: the note stands where the learner's part will be. */
export function HomeworkPreview({ block }: { block: HomeworkView }) {
  return (
    <HomeworkTask block={block}>
      <p className="learn-note hw__preview">Здесь ученик увидит статус задания, переписку с куратором и форму ответа.</p>
    </HomeworkTask>
  );
}
