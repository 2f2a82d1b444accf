import { gzipSync } from 'node:zlib';

/** What a page makes the browser download as JavaScript on first load. */
export interface FirstLoadJs {
  files: { path: string; gzipBytes: number }[];
  gzipBytes: number;
}

/** Every /assets/*.js the page's HTML loads or preloads (module preloads and the inline entry imports). */
export function scriptAssets(html: string): string[] {
  return [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
}

/**
 * First-load JavaScript of a page, gzip level 9 (what the build's .gz copies weigh). `fetcher`
 * defaults to the network; tests pass one that goes through app.inject.
 */
export async function firstLoadJs(
  pageUrl: string,
  fetcher: (url: string) => Promise<{ text(): Promise<string>; arrayBuffer(): Promise<ArrayBuffer> }> = fetch,
): Promise<FirstLoadJs> {
  const html = await (await fetcher(pageUrl)).text();
  const files = await Promise.all(
    scriptAssets(html).map(async (asset) => {
      const body = Buffer.from(await (await fetcher(new URL(asset, pageUrl).href)).arrayBuffer());
      return { path: asset, gzipBytes: gzipSync(body, { level: 9 }).length };
    }),
  );
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
