import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, newNonce, PageCache, pinToHashes, type CachedPage } from './page-cache.ts';

function page(html: string, status = 200): CachedPage {
  const body = Buffer.from(html);
  return {
    status,
    headers: new Headers({ 'content-type': 'text/html' }),
    setCookies: [],
    body,
    policy: "script-src 'self'",
    encoded: {},
    bytes: body.length,
  };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('a kept page is the same for every guest', () => {
  it('drops the render’s nonce and allows exactly its inline scripts by hash', () => {
    const html =
      '<script nonce="N1">a()</script><script nonce="N1" type="module">import("/x.js")</script>' +
      '<script nonce="N1" src="/assets/app.js"></script><script nonce="N1" type="application/ld+json">{"@type":"Course"}</script>' +
      '<script nonce="N1">a()</script><p nonce="N1">text</p>';
    const pinned = pinToHashes(html, "default-src 'self'; script-src 'self' 'nonce-N1' https://mc.yandex.ru; object-src 'none'", 'N1');
    expect(pinned.body.toString()).not.toContain('nonce="N1"');
    expect(pinned.body.toString()).toContain('<p>text</p>');
    // The classic and the module script, each once; not the external one nor the JSON-LD data.
    expect(pinned.policy).toBe(
      `default-src 'self'; script-src 'self' ${sha256('a()')} ${sha256('import("/x.js")')} https://mc.yandex.ru; object-src 'none'`,
    );
    expect(pinToHashes('<p>no scripts</p>', "script-src 'self' 'nonce-N2'; object-src 'none'", 'N2').policy).toBe(
      "script-src 'self'; object-src 'none'",
    );
  });

  it('hashes a script as the browser reads it: line breaks as LF', () => {
    expect(inlineScriptHashes('<script>a();\r\nb();\rc();</script>')).toEqual([sha256('a();\nb();\nc();')]);
  });

  it('makes a different 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('PageCache', () => {
  it('keeps a page for its TTL, then serves it while one render replaces it, and waits after a second TTL', async () => {
    let time = 0;
    const cache = new PageCache(1000, 1 << 20, 10, () => time);
    let renders = 0;
    let finish: () => void = () => {};
    const load = async () => {
      renders += 1;
      const text = `<p>${renders}</p>`;
      if (renders === 2) await new Promise<void>((resolve) => (finish = resolve));
      return { page: page(text), keep: true };
    };
    const text = async () => (await cache.get('/', load))!.body.toString();
    expect(await text()).toBe('<p>1</p>');
    time = 999;
    expect(await text()).toBe('<p>1</p>');
    expect(renders).toBe(1);
    // Past the TTL: the old page at once, one render started in the background.
    time = 1000;
    expect(await text()).toBe('<p>1</p>');
    expect(await text()).toBe('<p>1</p>');
    expect(renders).toBe(2);
    finish();
    await expect.poll(text).toBe('<p>2</p>');
    expect(renders).toBe(2);
    // Two TTLs after the last render nothing old is served: the request waits for a new one.
    time = 1000 + 2000;
    expect(await text()).toBe('<p>3</p>');
  });

  it('renders a page once for requests that arrive together', async () => {
    const cache = new PageCache(1000, 1 << 20);
    let renders = 0;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const load = async () => {
      renders += 1;
      await gate;
      return { page: page('<p>once</p>'), keep: true };
    };
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.get('/courses/', load)));
    finish();
    const pages = await answers;
    expect(renders).toBe(1);
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toBeDefined();
  });

  it('gives an answer not to keep only to the request that rendered it; the others render for themselves', async () => {
    const cache = new PageCache(1000, 1 << 20);
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const failed = page('<p>error</p>', 500);
    const first = cache.get('/', async () => {
      await gate;
      return { page: failed, keep: false };
    });
    const waiting = cache.get('/', async () => ({ page: page('unused'), keep: true }));
    finish();
    expect(await first).toBe(failed);
    expect(await waiting).toBeUndefined();
    expect(cache.size.entries).toBe(0);
  });

  it('drops the oldest pages beyond the entry and byte limits', async () => {
    const cache = new PageCache(60_000, 25, 2);
    const load = (text: string) => async () => ({ page: page(text), keep: true });
    await cache.get('a', load('aaaaaaaaaa'));
    await cache.get('b', load('bbbbbbbbbb'));
    await cache.get('c', load('cccccccccc'));
    expect(cache.size).toEqual({ entries: 2, bytes: 20 });
    await cache.get('d', load('dddddddddddddddddddd'));
    expect(cache.size).toEqual({ entries: 1, bytes: 20 });
    await cache.get('huge', load('x'.repeat(26)));
    expect(cache.size).toEqual({ entries: 1, bytes: 20 });
    let rendered = false;
    await cache.get('d', async () => ((rendered = true), { page: page('again'), keep: true }));
    expect(rendered).toBe(false);
  });

  it('forgets everything on clear(), including a render still running', async () => {
    const cache = new PageCache(60_000, 1 << 20);
    await cache.get('/', async () => ({ page: page('old'), keep: true }));
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const slow = cache.get('/blog/', async () => {
      await gate;
      return { page: page('rendered before the change'), keep: true };
    });
    cache.clear();
    finish();
    await slow;
    expect(cache.size.entries).toBe(0);
    const fresh = await cache.get('/', async () => ({ page: page('new'), keep: true }));
    expect(fresh!.body.toString()).toBe('new');
  });

  it('keeps nothing with a TTL of 0', async () => {
    const cache = new PageCache(0, 1 << 20);
    await cache.get('/', async () => ({ page: page('a'), keep: true }));
    expect(cache.enabled).toBe(false);
    expect(cache.size.entries).toBe(0);
  });
});
