import { createHash, randomBytes } from 'node:crypto';

/** A fresh Content Security Policy nonce: 128 random bits, base64url. */
export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** A rendered page, kept whole: the same bytes for every guest, so it is compressed once. */
export interface CachedPage {
  status: number;
  /** Response headers as rendered, without Set-Cookie and Content-Security-Policy. */
  headers: Headers;
  /** Set-Cookie lines (a page that sets one is served to its own request only, never kept). */
  setCookies: string[];
  body: Buffer;
  /** The Content-Security-Policy header, its nonce replaced by the hashes of the inline scripts. */
  policy: string | undefined;
  /** Compressed copies of `body`, made by the first answer that asks for each. */
  encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
  bytes: number;
}

// An inline script: no src; its type absent or one a browser runs (JSON-LD is data, never run).
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const RUNS = /^\s*(?:|module|text\/javascript|application\/javascript)\s*$/i;

/** The CSP hash source of every inline script a browser would run in `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!RUNS.test(type)) continue;
    // Browsers hash the script's text after the parser has turned CR LF and CR into LF.
    const source = text.replace(/\r\n?/g, '\n');
    hashes.add(`'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * A page rendered with `nonce`, made the same for every guest: the nonce attributes leave the
 * body, and the policy allows the page's own inline scripts by their hashes instead (decision
 * 0016). Nothing injected later can match a hash of what the server rendered.
 */
export function pinToHashes(html: string, policy: string | undefined, nonce: string): { body: Buffer; policy: string | undefined } {
  const body = html.replaceAll(` nonce="${nonce}"`, '');
  const hashes = inlineScriptHashes(body);
  return {
    body: Buffer.from(body),
    policy: policy?.replace(`'nonce-${nonce}'`, hashes.join(' ')).replace(/ {2,}/g, ' ').replace(/ ;/g, ';'),
  };
}

/**
 * Rendered guest pages for a few seconds (decision 0016). Entries are fresh for `ttlMs`, then
 * served for one more `ttlMs` while one render replaces them (stale-while-revalidate); at most
 * `maxEntries` and `maxBytes` are kept, the oldest dropped first. `load` runs once per key at a
 * time: requests that arrive while a page is being rendered wait for that render. An answer not
 * to keep (an error, a cookie) is not kept, and the waiting requests are told to render for
 * themselves. `ttlMs = 0` keeps nothing.
 */
export class PageCache {
  private readonly entries = new Map<string, { expiresAt: number; page: CachedPage }>();
  private readonly loading = new Map<string, Promise<{ page: CachedPage; keep: boolean }>>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes: number,
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Told of each lookup whether it was answered from the cache (a kept page, or the render another
   * request started) or not (metrics, decision 0075).
   */
  onLookup?: (hit: boolean) => void;

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The kept page of `key`, or the one being rendered, or a new render by `load`. The request that
   * started a render always gets its page; the ones waiting for it get it only when it is kept
   * (`undefined` otherwise: render for yourself).
   */
  async get(key: string, load: () => Promise<{ page: CachedPage; keep: boolean }>): Promise<CachedPage | undefined> {
    const time = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > time) {
      this.onLookup?.(true);
      return hit.page;
    }
    const pending = this.loading.get(key);
    // Past its TTL, a page is still served for one more TTL while a single render replaces it, so
    // guests never queue behind the refresh; after that they wait for the render.
    if (hit && hit.expiresAt + this.ttlMs > time) {
      if (!pending) void this.start(key, load).catch(() => undefined);
      this.onLookup?.(true);
      return hit.page;
    }
    if (hit) this.remove(key);
    if (pending) {
      const { page, keep } = await pending;
      this.onLookup?.(keep);
      return keep ? page : undefined;
    }
    this.onLookup?.(false);
    return (await this.start(key, load)).page;
  }

  private async start(key: string, load: () => Promise<{ page: CachedPage; keep: boolean }>) {
    const loaded = load();
    this.loading.set(key, loaded);
    try {
      const result = await loaded;
      // Cleared while rendering (content changed): the render may predate the change, so it is not kept.
      if (result.keep && this.enabled && this.loading.get(key) === loaded) this.store(key, result.page);
      return result;
    } finally {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    }
  }

  /** Forgets every page: call it when content shown to guests changes. */
  clear() {
    this.entries.clear();
    this.loading.clear();
    this.bytes = 0;
  }

  private store(key: string, page: CachedPage) {
    if (page.bytes > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { expiresAt: this.now() + this.ttlMs, page });
    this.bytes += page.bytes;
    // Maps iterate in insertion order: the first key is the oldest.
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) this.remove(this.entries.keys().next().value!);
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.page.bytes;
  }
}
