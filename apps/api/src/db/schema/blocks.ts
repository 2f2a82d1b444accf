// Typed `data` payloads of the jsonb block columns (page_blocks.data, lesson_blocks.data).
// Image and file values are storage keys (paths under the uploads root), never absolute URLs.

/** Rich text: sanitised HTML produced by the editor. */
export interface TextBlockData {
  html: string;
}

/** Text with an image beside it (rendered at 615 px wide). */
export interface SideTextImageBlockData {
  title?: string;
  html: string;
  image: string;
  imagePosition: 'left' | 'right';
}

export interface ImageBlockData {
  image: string;
  alt: string;
  caption?: string;
}

export interface QuoteBlockData {
  text: string;
  author?: string;
  /** The author's role, e.g. 'чемпион России по латте-арту'. */
  authorRole?: string;
}

export interface GalleryBlockData {
  images: { image: string; alt: string; caption?: string }[];
}

export interface VideoBlockData {
  /** Embeddable player URL (Rutube, VK Video, Kinescope …) or the storage key of an uploaded file. */
  url: string;
  title?: string;
  poster?: string;
  durationSeconds?: number;
}

/** Call to action: a button leading to a course, the catalogue or a form. */
export interface CtaBlockData {
  title: string;
  text?: string;
  buttonText: string;
  link: string;
}

/**
 * The school's contacts from the site settings (phones, e-mail, address; decision 0074): no data of
 * its own, the page shows whatever the settings hold when it is rendered.
 */
export type ContactsBlockData = Record<string, never>;

/** `data` of a page block, by block type. */
export interface PageBlockDataByType {
  text: TextBlockData;
  side_text_image: SideTextImageBlockData;
  image: ImageBlockData;
  quote: QuoteBlockData;
  gallery: GalleryBlockData;
  video: VideoBlockData;
  cta: CtaBlockData;
  contacts: ContactsBlockData;
}
export type PageBlockType = keyof PageBlockDataByType;
export const PAGE_BLOCK_TYPES = [
  'text',
  'side_text_image',
  'image',
  'quote',
  'gallery',
  'video',
  'cta',
  'contacts',
] as const satisfies readonly PageBlockType[];
export type PageBlockData = PageBlockDataByType[PageBlockType];

/** A downloadable material (checklist, recipe card, PDF). */
export interface FileBlockData {
  file: string;
  title: string;
  sizeBytes?: number;
}

/** A brewing recipe: parameters (dose, yield, time, temperature …) and steps. */
export interface RecipeBlockData {
  title: string;
  parameters: { name: string; value: string }[];
  steps: string[];
}

/**
 * A homework task (decision 0087): what the learner may send and how much, what waits for its
 * acceptance, and the deadline (a fixed moment, or days after the lesson opens for the learner).
 */
export interface HomeworkBlockData {
  title: string;
  html: string;
  /** The task's pictures (an example, a model to match): storage keys with their alt texts. */
  images?: { image: string; alt: string }[];
  /** The task's video: an embeddable player URL or the storage key of an uploaded file. */
  video?: string;
  accepts: { text: boolean; photos: number; videos: number; files: number };
  maxFileMb: number;
  gate: 'none' | 'next_item' | 'next_module';
  deadline: { type: 'date'; at: string } | { type: 'days'; days: number } | null;
}

/** `data` of a lesson block, by block type. */
export interface LessonBlockDataByType {
  text: TextBlockData;
  video: VideoBlockData;
  image: ImageBlockData;
  file: FileBlockData;
  quote: QuoteBlockData;
  recipe: RecipeBlockData;
  homework: HomeworkBlockData;
}
export type LessonBlockType = keyof LessonBlockDataByType;
export const LESSON_BLOCK_TYPES = [
  'text',
  'video',
  'image',
  'file',
  'quote',
  'recipe',
  'homework',
] as const satisfies readonly LessonBlockType[];
export type LessonBlockData = LessonBlockDataByType[LessonBlockType];

/**
 * test_attempts.selected_answers: question id → the answer ids chosen (single / multiple),
 * the text typed (text), or pairs of answer ids matched by connect_id (match).
 */
export type SelectedAnswers = Record<string, number[] | string | [number, number][]>;
