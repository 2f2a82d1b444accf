import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * What guests see that the school edits, by kind. A route that changes one declares it
 * (`config.changes`); every cache that keeps a copy of it listens for it (decision 0069).
 * - settings: the site's settings (phone, e-mail, counters, legal details…)
 * - menus: the header and footer menus
 * - banners: the home page's and the header's banners
 * - pages: blog posts and content pages (lists, pages, the sitemap)
 * - catalog: courses as the catalogue shows them, categories, collections, attributes, teachers, reviews
 * - learning: what learners study (the published structure and the lessons' blocks)
 */
export const CONTENT_TOPICS = ['settings', 'menus', 'banners', 'pages', 'catalog', 'learning'] as const;
export type ContentTopic = (typeof CONTENT_TOPICS)[number];

/** The PostgreSQL channel the processes tell each other on. */
export const CHANGES_CHANNEL = 'crema_content_changes';

type Handler = (topics: readonly ContentTopic[]) => void;
interface Log {
  warn(object: object, message?: string): void;
}

/**
 * One mechanism for dropping cached public content when it changes, in this process at once and
 * in every other process of the same database through PostgreSQL `LISTEN/NOTIFY`. A process that
 * loses its listening connection drops everything when it is back (it may have missed a message)
 * and keeps reconnecting; until then the caches' own TTL bounds what it serves.
 */
export class ContentChanges {
  private readonly handlers: { topics: ReadonlySet<ContentTopic>; handler: Handler }[] = [];
  /** Tells this process's own messages apart: it has dropped its copies before sending them. */
  private readonly origin = randomUUID();
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private listening: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Log,
    private readonly retryMs = 1000,
  ) {}

  /** Calls `handler` whenever one of `topics` changes (here or in another process). */
  on(topics: readonly ContentTopic[], handler: Handler): void {
    this.handlers.push({ topics: new Set(topics), handler });
  }

  /**
   * Content of `topics` has changed (and is committed): drops this process's copies now, then tells
   * the others. A failed message is logged, not thrown: the change is made, and the other processes'
   * TTL still bounds how long they serve the old copy.
   */
  async publish(topics: readonly ContentTopic[]): Promise<void> {
    if (topics.length === 0) return;
    this.dispatch(topics);
    try {
      await this.pool.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ origin: this.origin, topics })]);
    } catch (error) {
      this.log.warn({ err: error, topics }, 'content change not sent to the other processes');
    }
  }

  /** Starts listening for the other processes' changes; resolves once the first connection listens (or failed). */
  listen(): Promise<void> {
    this.listening ??= this.connect();
    return this.listening;
  }

  /** Stops listening (the server's shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private dispatch(topics: readonly ContentTopic[]) {
    for (const { topics: wanted, handler } of this.handlers) {
      const mine = topics.filter((t) => wanted.has(t));
      if (mine.length > 0) handler(mine);
    }
  }

  private async connect(reconnected = false): Promise<void> {
    if (this.closed) return;
    const { connectionString, host, port, user, password, database } = this.pool.options;
    const client = new pg.Client({ connectionString, host, port, user, password, database, application_name: 'crema-changes' });
    client.on('error', () => undefined);
    client.on('notification', (message) => this.received(message));
    client.on('end', () => {
      if (this.client !== client || this.closed) return;
      this.client = undefined;
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
      if (this.closed) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      // Messages sent while this process was not listening are lost: drop every copy.
      if (reconnected) this.dispatch(CONTENT_TOPICS);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.log.warn({ err: error }, 'cannot listen for content changes; retrying');
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect() {
    if (this.closed) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(true), this.retryMs);
    this.retry.unref();
  }

  private received(message: pg.Notification) {
    if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
    let parsed: { origin?: unknown; topics?: unknown };
    try {
      parsed = JSON.parse(message.payload) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.origin === this.origin || !Array.isArray(parsed.topics)) return;
    const topics = parsed.topics.filter((t): t is ContentTopic => (CONTENT_TOPICS as readonly unknown[]).includes(t));
    if (topics.length > 0) this.dispatch(topics);
  }
}
