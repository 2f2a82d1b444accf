// Small builders that keep the data files readable.
import type { SeedLessonBlock, SeedPageBlock, SeedQuestion } from './types.ts';

const paragraphs = (items: string[]) => items.map((p) => `<p>${p}</p>`).join('');

/** The school's contacts from the site settings: the block has no data of its own. */
export const contacts = (): SeedPageBlock => ({ type: 'contacts', data: {} });

/** A text block of one or more paragraphs. */
export const text = (...items: string[]): SeedLessonBlock & SeedPageBlock => ({
  type: 'text',
  data: { html: paragraphs(items) },
});

/** A text block with a heading and a bulleted list. */
export const list = (title: string, items: string[]): SeedLessonBlock & SeedPageBlock => ({
  type: 'text',
  data: { html: `<h3>${title}</h3><ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>` },
});

export const quote = (textValue: string, author: string, authorRole?: string): SeedLessonBlock & SeedPageBlock => ({
  type: 'quote',
  data: { text: textValue, author, ...(authorRole ? { authorRole } : {}) },
});

export const image = (key: string, alt: string, caption?: string): SeedLessonBlock & SeedPageBlock => ({
  type: 'image',
  data: { image: `demo/${key}.jpg`, alt, ...(caption ? { caption } : {}) },
});

/** The length of every committed demo video (scripts/demo-videos.ts makes them). */
export const DEMO_VIDEO_SECONDS = 4;

/** A lesson video; `key` names the demo file under demo/video/. */
export const video = (title: string, key: string): SeedLessonBlock & SeedPageBlock => ({
  type: 'video',
  data: { url: `demo/video/${key}.mp4`, title, poster: `demo/video/${key}.jpg`, durationSeconds: DEMO_VIDEO_SECONDS },
});

/** A homework a curator checks: photos and a video of the learner's work, due `days` after the lesson opens. */
export const homework = (title: string, task: string[], days: number): SeedLessonBlock => ({
  type: 'homework',
  data: { title, html: paragraphs(task), accepts: { text: true, photos: 3, videos: 1, files: 0 }, maxFileMb: 100, gate: 'none', deadline: { type: 'days', days } },
});

export const recipe = (title: string, parameters: [string, string][], steps: string[]): SeedLessonBlock => ({
  type: 'recipe',
  data: { title, parameters: parameters.map(([name, value]) => ({ name, value })), steps },
});

export const file = (title: string, key: string, sizeBytes: number): SeedLessonBlock => ({
  type: 'file',
  data: { title, file: `demo/files/${key}.pdf`, sizeBytes },
});

export const sideTextImage = (
  title: string,
  html: string[],
  key: string,
  imagePosition: 'left' | 'right' = 'right',
): SeedPageBlock => ({
  type: 'side_text_image',
  data: { title, html: paragraphs(html), image: `demo/${key}.jpg`, imagePosition },
});

export const gallery = (items: [key: string, alt: string][]): SeedPageBlock => ({
  type: 'gallery',
  data: { images: items.map(([key, alt]) => ({ image: `demo/${key}.jpg`, alt })) },
});

export const cta = (title: string, buttonText: string, link: string, textValue?: string): SeedPageBlock => ({
  type: 'cta',
  data: { title, buttonText, link, ...(textValue ? { text: textValue } : {}) },
});

/** One right answer: `options[correct]`. */
export const single = (textValue: string, options: string[], correct: number): SeedQuestion => ({
  type: 'single',
  text: textValue,
  answers: options.map((o, i) => ({ text: o, isCorrect: i === correct })),
});

/** Several right answers: the options at the `correct` positions. */
export const multiple = (textValue: string, options: string[], correct: number[]): SeedQuestion => ({
  type: 'multiple',
  text: textValue,
  answers: options.map((o, i) => ({ text: o, isCorrect: correct.includes(i) })),
});

/** Pairs to match: both sides of a pair share a connect_id. */
export const match = (textValue: string, pairs: [string, string][]): SeedQuestion => ({
  type: 'match',
  text: textValue,
  answers: pairs.flatMap(([left, right], i) => [
    { text: left, isCorrect: true, connectId: `p${i + 1}` },
    { text: right, isCorrect: true, connectId: `p${i + 1}` },
  ]),
});

/** A typed answer: any of `accepted` counts. */
export const written = (textValue: string, accepted: string[]): SeedQuestion => ({
  type: 'text',
  text: textValue,
  answers: accepted.map((a) => ({ text: a, isCorrect: true })),
});

/** A question drawn into an attempt only with this chance (percent): a pool that varies between attempts. */
export const sometimes = (question: SeedQuestion, probability: number): SeedQuestion => ({ ...question, probability });
