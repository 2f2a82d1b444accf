// Content pages, blog posts and menus.
import type { Executor } from '../client.ts';
import * as s from '../schema/index.ts';
import type { SeedPage } from './data/pages.ts';
import type { SeedMenuItem } from './data/site.ts';
import { daysBefore, required } from './helpers.ts';

export async function seedPage(tx: Executor, page: SeedPage, now: Date): Promise<{ id: number; path: string }> {
  const publishFrom =
    page.publishedDaysAgo === undefined ? null : daysBefore(now, page.publishedDaysAgo);
  const [row] = await tx
    .insert(s.pages)
    .values({
      slug: page.slug,
      title: page.title,
      kind: page.kind,
      excerpt: page.excerpt,
      image: page.image ?? null,
      publishFrom,
      isPublished: page.isPublished ?? true,
      author: page.author ?? null,
      seoTitle: page.seoTitle,
      seoDescription: page.seoDescription,
      seoH1: page.title,
      seoKeywords: page.seoKeywords ?? null,
      ogTitle: page.title,
      ogDescription: page.excerpt,
      ogImage: page.image ?? null,
    })
    .returning({ id: s.pages.id });
  const pageId = required(row).id;
  await tx
    .insert(s.pageBlocks)
    .values(page.blocks.map((block, sort) => ({ pageId, sort, type: block.type, data: block.data })));
  return { id: pageId, path: page.kind === 'post' ? `/blog/${page.slug}/` : `/${page.slug}/` };
}

export async function seedMenuItems(
  tx: Executor,
  menuId: number,
  parentId: number | null,
  items: SeedMenuItem[],
  pages: Map<string, { id: number; path: string }>,
): Promise<void> {
  for (const [sort, item] of items.entries()) {
    const page = item.page ? required(pages.get(item.page), `page ${item.page}`) : null;
    const [row] = await tx
      .insert(s.menuItems)
      .values({
        menuId,
        parentId,
        title: item.title,
        slug: item.slug,
        type: page ? 'page' : 'direct_link',
        url: page ? page.path : required(item.url, `url of ${item.slug}`),
        pageId: page?.id ?? null,
        target: item.target ?? '_self',
        sort,
      })
      .returning({ id: s.menuItems.id });
    if (item.children) await seedMenuItems(tx, menuId, required(row).id, item.children, pages);
  }
}
