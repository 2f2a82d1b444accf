import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { ContentTopic } from './changes.ts';

/** Where a request of a `config.shared` route says so, for the in-process caller (never a header). */
const SHARED_TOPICS = Symbol('crema.sharedTopics');
type MarkedRequest = IncomingMessage & { [SHARED_TOPICS]?: readonly ContentTopic[] };

/** Marks a request of a route whose answer is the same for everyone (`config.shared`). */
export function markShared(request: FastifyRequest): void {
  const topics = request.routeOptions.config?.shared;
  if (topics) (request.raw as MarkedRequest)[SHARED_TOPICS] = topics;
}

/** The topics of a marked request (an in-process call's), or undefined. */
export function sharedTopicsOf(raw: IncomingMessage): readonly ContentTopic[] | undefined {
  return (raw as MarkedRequest)[SHARED_TOPICS];
}

interface Answer {
  expiresAt: number;
  topics: readonly ContentTopic[];
  status: number;
  headers: Headers;
  body: Buffer;
}

/**
 * Answers of the routes that are the same for every caller (`config.shared`: settings, menus,
 * banners, the catalogue's lists), kept for page renders (web/inject-fetch.ts, decision 0081). Every page asks for
 * the shell's five and most for a few more; through Fastify each costs its whole request cycle
 * (hooks, validation, the response schema, JSON) even when the service's content cache answers.
 * Kept as long as the content cache keeps its copies (CONTENT_CACHE_TTL_MS; 0 keeps nothing) and
 * dropped with them when the content changes in any process (decision 0069).
 */
export class SharedAnswers {
  private readonly entries = new Map<string, Answer>();
  /** Moves on with every change: an answer fetched before a change is not kept after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): Answer | undefined {
    const answer = this.entries.get(key);
    if (answer && answer.expiresAt > this.now()) return answer;
    if (answer) this.entries.delete(key);
    return undefined;
  }

  /** The current generation, taken before a call whose answer may be kept. */
  mark(): number {
    return this.generation;
  }

  keep(key: string, since: number, answer: Omit<Answer, 'expiresAt'>): void {
    if (!this.enabled || since !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...answer, expiresAt: this.now() + this.ttlMs });
  }

  /** Drops the answers that depend on any of `topics`. */
  drop(topics: readonly ContentTopic[]): void {
    this.generation += 1;
    for (const [key, answer] of this.entries) if (answer.topics.some((topic) => topics.includes(topic))) this.entries.delete(key);
  }
}
