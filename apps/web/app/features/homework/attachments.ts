import type { HomeworkAccepts, HomeworkAttachmentKind, HomeworkStatus } from '@crema/contract';
import { formatCount, formatNumber, type PluralForms } from '@crema/contract/format';

// The learner's homework as plain data (no React, no upload library): the status as people read it,
// which kind a picked file is, and whether it fits what the task takes — the same limits the
// server checks (it reads the content; this only saves a useless upload).

export const STATUS_TEXT: Record<HomeworkStatus | 'none', string> = {
  none: 'Не отправлено',
  sent: 'Отправлено на проверку',
  checking: 'Проверяется',
  returned: 'Возвращено на доработку',
  accepted: 'Принято',
};

/** What the learner reads under the status: what happens next. */
export const STATUS_NOTE: Record<HomeworkStatus, string> = {
  sent: 'Ответ ждёт куратора. Когда он проверит задание, здесь появится его ответ.',
  checking: 'Куратор проверяет ответ.',
  returned: 'Куратор вернул задание: прочитайте его комментарий и отправьте ответ ещё раз.',
  accepted: 'Задание принято.',
};

export const KIND_COUNT: Record<HomeworkAttachmentKind, 'photos' | 'videos' | 'files'> = { photo: 'photos', video: 'videos', file: 'files' };


/** A picked file's kind by what the browser says of it: the picker it came from, unless it is plainly a video or a picture. */
export function guessKind(file: { type: string; name: string }, picked: HomeworkAttachmentKind, accepts: HomeworkAccepts): HomeworkAttachmentKind {
  if (picked !== 'file') return picked;
  if (file.type.startsWith('video/') && accepts.videos > 0) return 'video';
  if (/^image\/(jpeg|png|webp|avif)$/.test(file.type) && accepts.photos > 0 && accepts.files === 0) return 'photo';
  return 'file';
}

/** After 'не больше N': 'не больше 1 фотографии', '5 фотографий'. */
const KIND_FORMS: Record<HomeworkAttachmentKind, PluralForms> = { photo: ['фотографии', 'фотографий', 'фотографий'], video: ['видео', 'видео', 'видео'], file: ['файла', 'файлов', 'файлов'] };
const KIND_PLURAL: Record<HomeworkAttachmentKind, string> = { photo: 'фотографии', video: 'видео', file: 'файлы' };

/**
 * Why a file cannot join the answer ('' when it can): too big for the task, or one more of a kind
 * than the task takes (`taken`: how many of that kind the answer holds already).
 */
export function refusal(file: { size: number; name: string }, kind: HomeworkAttachmentKind, accepts: HomeworkAccepts, maxFileMb: number, taken: number): string {
  if (file.size === 0) return `Файл «${file.name}» пустой.`;
  if (file.size > maxFileMb * 1024 * 1024) return `Файл «${file.name}» больше ${formatNumber(maxFileMb)} МБ: так много задание не принимает.`;
  const limit = accepts[KIND_COUNT[kind]];
  if (limit === 0) return `Это задание не принимает ${KIND_PLURAL[kind]}.`;
  if (taken >= limit) return `Не больше ${formatCount(limit, KIND_FORMS[kind])} в одном ответе: «${file.name}» не добавлен.`;
  return '';
}
