import { request } from 'node:http';
import { gzipSync } from 'node:zlib';

/** What a page makes the browser download as JavaScript on first load. */
export interface FirstLoadJs {
  /** `sentGzipped`: the server sent the build's gzip copy (false: counted as `gzip -9` would make it). */
  files: { path: string; gzipBytes: number; sentGzipped: boolean }[];
  /** Bytes on the wire for a browser that accepts gzip (the build's .gz copies). */
  gzipBytes: number;
}

/** The slice of `fetch` this needs; tests pass one that goes through app.inject. */
export type AssetFetch = (
  url: string,
  init?: { headers?: Record<string, string> },
) => Promise<{ headers: { get(name: string): string | null }; text(): Promise<string>; arrayBuffer(): Promise<ArrayBuffer> }>;

/** A plain HTTP GET that keeps the body exactly as sent (fetch would decompress it). */
export const rawFetch: AssetFetch = (url, init) =>
  new Promise((resolve, reject) => {
    const req = request(url, { headers: init?.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          headers: { get: (name) => (res.headers[name.toLowerCase()] as string | undefined) ?? null },
          text: async () => body.toString('utf8'),
          arrayBuffer: async () => body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });

/**
 * Every /assets/*.js the page's HTML makes the browser load: `<link rel="modulepreload">`,
 * `<script src>` and the `import` statements of inline module scripts. Paths that are merely
 * named in the inline route manifest (routes the visitor may go to next) are not loaded.
 */
export function scriptAssets(html: string): string[] {
  const found = new Set<string>();
  for (const [, href] of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)) found.add(href!);
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) found.add(src!);
  for (const [, body] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, spec] of body!.matchAll(/\bimport\s*(?:[^'"()]*?from\s*)?\(?\s*["']([^"']+\.js)["']/g)) found.add(spec!);
  }
  return [...found].filter((path) => path.startsWith('/assets/'));
}

/**
 * First-load JavaScript of a page as a gzip-only browser receives it: each asset is asked for
 * with `Accept-Encoding: gzip` and the bytes sent are counted. An asset the server sends
 * uncompressed is counted as `gzip -9` would make it.
 */
export async function firstLoadJs(pageUrl: string, fetcher: AssetFetch = rawFetch): Promise<FirstLoadJs> {
  const html = await (await fetcher(pageUrl)).text();
  const files = await Promise.all(
    scriptAssets(html).map(async (asset) => {
      const res = await fetcher(new URL(asset, pageUrl).href, { headers: { 'accept-encoding': 'gzip' } });
      const body = Buffer.from(await res.arrayBuffer());
      const sentGzipped = res.headers.get('content-encoding') === 'gzip' && body[0] === 0x1f && body[1] === 0x8b;
      return { path: asset, gzipBytes: sentGzipped ? body.length : gzipSync(body, { level: 9 }).length, sentGzipped };
    }),
  );
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
