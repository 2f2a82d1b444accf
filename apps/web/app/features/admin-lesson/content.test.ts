import { describe, expect, it } from 'vitest';
import type { AdminBlocks } from '@crema/contract';
import { adoptSaved, blockErrorsOf, emptyBlock, hasContent, mediaUrls, moveToPage, pagesFrom, reorder, toPut, type DraftPage } from './content.ts';

const content: AdminBlocks = {
  lesson_id: 7,
  updated_at: '2026-11-26T01:00:00.000Z',
  pages: [
    [
      { id: 1, data: { type: 'text', html: '<p><strong>Эспрессо</strong></p>' }, view: { id: 1, type: 'text', html: '<p><strong>Эспрессо</strong></p>' } },
      {
        id: 2,
        data: { type: 'image', image: 'courses/1/cup.png', alt: 'Чашка', caption: null },
        view: { id: 2, type: 'image', image: { original: '/media/courses/1/cup.png', url: '/media/courses/1/cup.png', width: 2, height: 2 }, alt: 'Чашка', caption: null },
      },
    ],
    [{ id: 3, data: { type: 'video', url: 'https://vk.com/video1', title: null, poster: null }, view: { id: 3, type: 'video', url: 'https://vk.com/video1', title: null, poster: null, duration_seconds: null } }],
  ],
};

const ids = (pages: DraftPage[]) => pages.map((page) => page.blocks.map((block) => block.id ?? block.data.type));

describe('the lesson editor’s content', () => {
  it('reads the server’s pages and writes them back whole, empty optional texts as null', () => {
    const pages = pagesFrom(content);
    expect(ids(pages)).toEqual([[1, 2], [3]]);
    const withNew = [...pages, { key: 'x', blocks: [{ key: 'n', data: { ...emptyBlock('quote'), text: 'Вкус', author: '  ' } as never }] }];
    expect(toPut(withNew, content.updated_at)).toEqual({
      updated_at: content.updated_at,
      pages: [
        [
          { id: 1, data: content.pages[0]![0]!.data },
          { id: 2, data: content.pages[0]![1]!.data },
        ],
        [{ id: 3, data: content.pages[1]![0]!.data }],
        [{ data: { type: 'quote', text: 'Вкус', author: null, author_role: null } }],
      ],
    });
    expect(pagesFrom({ ...content, pages: [] })).toHaveLength(1);
  });

  it('reorders within a page and moves a block to the end of another page', () => {
    const pages = pagesFrom(content);
    expect(ids(reorder(pages, 0, 1, 0))).toEqual([[2, 1], [3]]);
    expect(ids(moveToPage(pages, pages[0]!.blocks[0]!.key, 1))).toEqual([[2], [3, 1]]);
  });

  it('knows when a block has something to lose', () => {
    expect(hasContent(emptyBlock('text'))).toBe(false);
    expect(hasContent({ type: 'text', html: '<p> </p>' })).toBe(false);
    expect(hasContent({ type: 'text', html: '<p>Вода</p>' })).toBe(true);
    expect(hasContent(emptyBlock('recipe'))).toBe(false);
    expect(hasContent({ ...emptyBlock('image'), image: 'courses/1/a.png' } as never)).toBe(true);
  });

  it('puts the server’s field errors at the blocks that were sent, by key', () => {
    const pages = pagesFrom(content);
    const errors = blockErrorsOf({ 'pages.0.1.data.alt': ['Заполните описание картинки для незрячих.'], 'pages.1.0.data.url': ['Плохая ссылка'], updated_at: ['Ожидается версия'] }, pages);
    expect(errors.blocks[pages[0]!.blocks[1]!.key]).toEqual({ alt: ['Заполните описание картинки для незрячих.'] });
    expect(errors.blocks[pages[1]!.blocks[0]!.key]).toEqual({ url: ['Плохая ссылка'] });
    expect(errors.general).toEqual(['Ожидается версия']);
  });

  it('after a save keeps local keys, takes new ids, drops the empty pages sent', () => {
    const pages = [...pagesFrom(content), { key: 'empty', blocks: [] }];
    const added: DraftPage[] = pages.map((page, index) => (index === 1 ? { ...page, blocks: [...page.blocks, { key: 'new', data: { type: 'text', html: '<p>Новый</p>' } }] } : page));
    const saved: AdminBlocks = {
      ...content,
      updated_at: '2026-11-26T01:00:01.000Z',
      pages: [content.pages[0]!, [content.pages[1]![0]!, { id: 9, data: { type: 'text', html: '<p>Новый</p>' }, view: { id: 9, type: 'text', html: '<p>Новый</p>' } }]],
    };
    const adopted = adoptSaved(added, added, saved);
    expect(ids(adopted)).toEqual([[1, 2], [3, 9]]);
    expect(adopted[1]!.blocks[1]!.key).toBe('new');
  });

  it('finds the URLs of stored files from the learners’ view', () => {
    expect(mediaUrls(content)).toEqual({ 'courses/1/cup.png': '/media/courses/1/cup.png' });
  });
});
