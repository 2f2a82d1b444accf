import type { AdminBlockData, AdminBlocks, AdminBlocksPut, LessonBlockView } from '@crema/contract';

// The lesson editor's content as plain data (no React): pages of blocks with local keys, what
// the server sends and takes (PUT /api/admin/lessons/{id}/blocks/ is the whole content), and the
// small moves the screen makes. Kept pure so the tests can check them without a browser.

export type BlockType = AdminBlockData['type'];

export interface DraftBlock {
  /** Local key: stays through saves, so editors are not re-created. */
  key: string;
  /** The server's id, once saved. */
  id?: number;
  data: AdminBlockData;
}

export interface DraftPage {
  key: string;
  blocks: DraftBlock[];
}

/** The block types in the order the editor offers them, with their Russian names. */
export const BLOCK_TYPES: readonly { type: BlockType; name: string }[] = [
  { type: 'text', name: 'Текст' },
  { type: 'image', name: 'Картинка' },
  { type: 'video', name: 'Видео' },
  { type: 'file', name: 'Файл' },
  { type: 'quote', name: 'Цитата' },
  { type: 'recipe', name: 'Рецепт' },
  { type: 'homework', name: 'Домашнее задание' },
];

export const blockName = (type: BlockType) => BLOCK_TYPES.find((item) => item.type === type)?.name ?? type;

let counter = 0;
/** A fresh local key. */
export const newKey = (prefix: string) => `${prefix}${++counter}`;

/** A new, empty block of a type (the editor fills it in; the server checks it on save). */
export function emptyBlock(type: BlockType): AdminBlockData {
  switch (type) {
    case 'text':
      return { type, html: '' };
    case 'image':
      return { type, image: '', alt: '', caption: null };
    case 'video':
      return { type, url: '', title: null, poster: null };
    case 'file':
      return { type, file: '', title: '' };
    case 'quote':
      return { type, text: '', author: null, author_role: null };
    case 'recipe':
      return { type, title: '', parameters: [{ name: '', value: '' }], steps: [''] };
    case 'homework':
      return { type, title: '', html: '', images: [], video: null, accepts: { text: true, photos: 5, videos: 0, files: 0 }, max_file_mb: 50, gate: 'none', deadline: null };
  }
}

const filled = (value: string | null | undefined) => Boolean(value && value.trim());
/** Text of an HTML fragment (tags dropped, entities of spaces as spaces). */
export const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();

/** Whether deleting the block loses something typed or uploaded (then the editor asks first). */
export function hasContent(data: AdminBlockData): boolean {
  switch (data.type) {
    case 'text':
      return filled(plainText(data.html)) || /<img\b/i.test(data.html);
    case 'image':
      return filled(data.image) || filled(data.alt) || filled(data.caption);
    case 'video':
      return filled(data.url) || filled(data.title) || filled(data.poster);
    case 'file':
      return filled(data.file) || filled(data.title);
    case 'quote':
      return filled(data.text) || filled(data.author) || filled(data.author_role);
    case 'recipe':
      return filled(data.title) || data.parameters.some((p) => filled(p.name) || filled(p.value)) || data.steps.some(filled);
    case 'homework':
      return filled(data.title) || filled(plainText(data.html)) || /<img\b/i.test(data.html) || data.images.length > 0 || filled(data.video);
  }
}

/** The editor's pages from the server's content; a lesson without blocks starts with one empty page. */
export function pagesFrom(content: AdminBlocks): DraftPage[] {
  const pages = content.pages.map((blocks) => ({ key: newKey('p'), blocks: blocks.map((block) => ({ key: newKey('b'), id: block.id, data: block.data })) }));
  return pages.length ? pages : [{ key: newKey('p'), blocks: [] }];
}

/**
 * After a save: the server's ids and cleaned data, keeping the local keys. The server drops empty
 * pages and keeps the order, so the saved pages are the sent non-empty ones, in order; `sent` is
 * the content as it was sent (the person may have typed on meanwhile: `current` keeps that).
 */
export function adoptSaved(current: DraftPage[], sent: DraftPage[], saved: AdminBlocks): DraftPage[] {
  const sentPages = sent.filter((page) => page.blocks.length);
  const byKey = new Map<string, { id: number; data: AdminBlockData; changed: boolean }>();
  sentPages.forEach((page, p) =>
    page.blocks.forEach((block, b) => {
      const stored = saved.pages[p]?.[b];
      if (stored) byKey.set(block.key, { id: stored.id, data: stored.data, changed: false });
    }),
  );
  const sentData = new Map(sent.flatMap((page) => page.blocks.map((block) => [block.key, block.data] as const)));
  const pages = current
    .filter((page) => page.blocks.length || !sent.some((s) => s.key === page.key))
    .map((page) => ({
      ...page,
      blocks: page.blocks.map((block) => {
        const stored = byKey.get(block.key);
        if (!stored) return block;
        // Typed on while saving: keep the newer text (it is unsaved), with the id.
        if (sentData.get(block.key) !== block.data) return { ...block, id: stored.id };
        return { ...block, id: stored.id, data: stored.data };
      }),
    }));
  return pages.length ? pages : [{ key: newKey('p'), blocks: [] }];
}

/** The PUT body: the whole content from the version the editor loaded. */
export function toPut(pages: DraftPage[], updatedAt: string): AdminBlocksPut {
  return {
    updated_at: updatedAt,
    pages: pages.map((page) => page.blocks.map((block) => (block.id ? { id: block.id, data: cleanData(block.data) } : { data: cleanData(block.data) }))),
  };
}

/** Optional texts left empty are sent as null; recipe rows left wholly empty are dropped. */
function cleanData(data: AdminBlockData): AdminBlockData {
  const orNull = (value: string | null | undefined) => (value && value.trim() ? value : null);
  switch (data.type) {
    case 'image':
      return { ...data, caption: orNull(data.caption) };
    case 'video':
      return { ...data, title: orNull(data.title), poster: orNull(data.poster) };
    case 'quote':
      return { ...data, author: orNull(data.author), author_role: orNull(data.author_role) };
    case 'recipe':
      return {
        ...data,
        parameters: data.parameters.filter((p) => p.name.trim() || p.value.trim()),
        steps: data.steps.filter((step) => step.trim()),
      };
    default:
      return data;
  }
}

/** Moves a block to the end of another page. */
export function moveToPage(pages: DraftPage[], blockKey: string, toPage: number): DraftPage[] {
  const block = pages.flatMap((page) => page.blocks).find((item) => item.key === blockKey);
  if (!block || !pages[toPage]) return pages;
  return pages.map((page, index) => {
    const rest = page.blocks.filter((item) => item.key !== blockKey);
    return index === toPage ? { ...page, blocks: [...rest, block] } : rest.length === page.blocks.length ? page : { ...page, blocks: rest };
  });
}

/** Moves a block within its page from one place to another. */
export function reorder(pages: DraftPage[], pageIndex: number, from: number, to: number): DraftPage[] {
  return pages.map((page, index) => {
    if (index !== pageIndex || from === to) return page;
    const blocks = [...page.blocks];
    const [moved] = blocks.splice(from, 1);
    if (!moved) return page;
    blocks.splice(to, 0, moved);
    return { ...page, blocks };
  });
}

/** Server field errors of a block: `pages.{p}.{b}.data.{field}` by the keys of the content as sent. */
export interface BlockErrors {
  /** Per block key: messages per data field ('' for the block as a whole). */
  blocks: Record<string, Record<string, string[]>>;
  /** Messages that belong to no block (e.g. `pages`, `updated_at`). */
  general: string[];
}

export function blockErrorsOf(body: unknown, sent: DraftPage[]): BlockErrors {
  const result: BlockErrors = { blocks: {}, general: [] };
  if (!body || typeof body !== 'object' || Array.isArray(body)) return result;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const messages = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
    const match = /^pages\.(\d+)\.(\d+)(?:\.data)?(?:\.(.+))?$/.exec(key);
    const block = match ? sent[Number(match[1])]?.blocks[Number(match[2])] : undefined;
    if (!block) {
      result.general.push(...messages);
      continue;
    }
    const field = match![3] ?? '';
    const own = (result.blocks[block.key] ??= {});
    (own[field] ??= []).push(...messages);
  }
  return result;
}

/** URLs of the stored files the content names (from the learners' view), to show them in the editor. */
export function mediaUrls(content: AdminBlocks): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const block of content.pages.flat()) {
    const { data, view } = block as { data: AdminBlockData; view: LessonBlockView };
    if (data.type === 'image' && view.type === 'image' && view.image) urls[data.image] = view.image.original;
    if (data.type === 'video' && view.type === 'video') {
      if (!/^https:/.test(data.url)) urls[data.url] = view.url;
      if (data.poster && view.poster) urls[data.poster] = view.poster.original;
    }
    if (data.type === 'file' && view.type === 'file') urls[data.file] = view.url;
    if (data.type === 'homework' && view.type === 'homework') {
      data.images.forEach((picture, n) => {
        const shown = view.images[n]?.image;
        if (shown) urls[picture.image] = shown.original;
      });
      if (data.video && view.video && !/^https:/.test(data.video)) urls[data.video] = view.video;
    }
  }
  return urls;
}

/** The lesson's words as plain text (to copy when a save is refused as stale). */
export function contentAsText(pages: DraftPage[]): string {
  return pages
    .map((page, index) => {
      const parts = page.blocks.map(({ data }) => {
        switch (data.type) {
          case 'text':
            return plainText(data.html.replace(/<\/(p|h\d|li|blockquote)>/g, '\n'));
          case 'image':
            return `[Картинка] ${data.alt}${data.caption ? ` — ${data.caption}` : ''}`;
          case 'video':
            return `[Видео] ${data.title ?? ''} ${data.url}`.trim();
          case 'file':
            return `[Файл] ${data.title}`;
          case 'quote':
            return `«${data.text}»${data.author ? ` — ${data.author}${data.author_role ? `, ${data.author_role}` : ''}` : ''}`;
          case 'recipe':
            return [`[Рецепт] ${data.title}`, ...data.parameters.map((p) => `${p.name}: ${p.value}`), ...data.steps.map((s, i) => `${i + 1}. ${s}`)].join('\n');
          case 'homework':
            return [`[Домашнее задание] ${data.title}`, plainText(data.html.replace(/<\/(p|h\d|li|blockquote)>/g, '\n'))].join('\n');
        }
      });
      return [`Страница ${index + 1}`, ...parts].join('\n\n');
    })
    .join('\n\n');
}
