/**
 * A small per-process cache for public content that is read on every page and changes rarely
 * (settings, menus, categories, banners). Entries live `ttlMs`; concurrent misses for the same
 * key share one load; failed loads are not kept. PostgreSQL stays the source of truth: a
 * change shows everywhere within `ttlMs`, or at once where it is dropped (`clear`, decision 0069).
 * `ttlMs = 0` turns caching off.
 */
export class TtlCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Told of each lookup whether it was answered from the cache (metrics, decision 0075). */
  onLookup?: (hit: boolean) => void;

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const time = this.now();
    const hit = this.entries.get(key);
    this.onLookup?.(hit !== undefined && hit.expiresAt > time);
    if (hit && hit.expiresAt > time) return hit.value as Promise<T>;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { expiresAt: time + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    // Maps iterate in insertion order: the first key is the oldest.
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /**
   * Drops the entries whose key starts with `prefix` (all without one). A load still running keeps
   * answering the calls that joined it but is no longer kept: it may have read the old content.
   */
  clear(prefix = ''): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
