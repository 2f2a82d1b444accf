// The API shape of stored lesson blocks, shared by the learner's pages (content.ts caches them) and
// the course builder's preview (admin/lessons.ts).
import type { LessonBlockView } from '@crema/contract';
import type {
  FileBlockData,
  HomeworkBlockData,
  ImageBlockData,
  LessonBlock,
  QuoteBlockData,
  RecipeBlockData,
  TextBlockData,
  VideoBlockData,
} from '../../db/schema/index.ts';
import { originalUrl, type MediaService } from '../media/images.ts';

const IMAGE_OPTS = { width: 1200, crop: 'center' as const };

/** The API shape of a stored lesson block: storage keys become media URLs, keys snake_case. */
export async function toLessonBlock(media: MediaService, row: Pick<LessonBlock, 'id' | 'type' | 'data'>): Promise<LessonBlockView> {
  const { id } = row;
  switch (row.type) {
    case 'text':
      return { id, type: 'text', html: (row.data as TextBlockData).html ?? '' };
    case 'video': {
      const data = row.data as VideoBlockData;
      return {
        id,
        type: 'video',
        // An embeddable player link stays as it is; an uploaded file becomes its media URL (served with Range).
        url: data.url ? originalUrl(data.url) : '',
        title: data.title ?? null,
        poster: await media.image(data.poster, IMAGE_OPTS),
        duration_seconds: data.durationSeconds ?? null,
      };
    }
    case 'image': {
      const data = row.data as ImageBlockData;
      return { id, type: 'image', image: await media.image(data.image, IMAGE_OPTS), alt: data.alt ?? '', caption: data.caption ?? null };
    }
    case 'file': {
      const data = row.data as FileBlockData;
      return { id, type: 'file', url: data.file ? originalUrl(data.file) : '', title: data.title ?? '', size_bytes: data.sizeBytes ?? null };
    }
    case 'quote': {
      const data = row.data as QuoteBlockData;
      return { id, type: 'quote', text: data.text ?? '', author: data.author ?? null, author_role: data.authorRole ?? null };
    }
    case 'recipe': {
      const data = row.data as RecipeBlockData;
      return { id, type: 'recipe', title: data.title ?? '', parameters: data.parameters ?? [], steps: data.steps ?? [] };
    }
    case 'homework': {
      const data = row.data as HomeworkBlockData;
      return {
        id,
        type: 'homework',
        title: data.title,
        html: data.html,
        images: await Promise.all((data.images ?? []).map(async (picture) => ({ image: await media.image(picture.image, IMAGE_OPTS), alt: picture.alt }))),
        video: data.video ? originalUrl(data.video) : null,
        accepts: data.accepts,
        max_file_mb: data.maxFileMb,
        gate: data.gate,
        deadline: data.deadline,
      };
    }
  }
}
