import { describe, expect, it } from 'vitest';
import { newNonce, PageCache, splitAtNonce, withNonce, type CachedPage } from './page-cache.ts';

function page(html: string, nonce = 'NONCE', status = 200): CachedPage {
  const body = Buffer.from(html);
  return {
    status,
    headers: new Headers({ 'content-type': 'text/html' }),
    setCookies: [],
    bodyParts: splitAtNonce(body, nonce),
    policyParts: `script-src 'nonce-${nonce}'`.split(nonce),
    bytes: body.length,
  };
}

describe('nonces of a kept page', () => {
  it('puts a new nonce everywhere the render had its own, in the body and the policy', () => {
    const kept = page('<script nonce="NONCE">a</script><p>x</p><script nonce="NONCE">b</script>');
    const { body, policy } = withNonce(kept, 'fresh1');
    expect(body.toString()).toBe('<script nonce="fresh1">a</script><p>x</p><script nonce="fresh1">b</script>');
    expect(policy).toBe("script-src 'nonce-fresh1'");
    expect(withNonce(page('<p>no scripts</p>'), 'x').body.toString()).toBe('<p>no scripts</p>');
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
    const text = async () => (await cache.get('/', load))!.bodyParts[0]!.toString();
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
    const failed = page('<p>error</p>', 'NONCE', 500);
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
    expect(fresh!.bodyParts[0]!.toString()).toBe('new');
  });

  it('keeps nothing with a TTL of 0', async () => {
    const cache = new PageCache(0, 1 << 20);
    await cache.get('/', async () => ({ page: page('a'), keep: true }));
    expect(cache.enabled).toBe(false);
    expect(cache.size.entries).toBe(0);
  });
});
