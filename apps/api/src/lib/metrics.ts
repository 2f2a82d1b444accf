// Prometheus metrics (decision 0075). Each app instance has a registry of its own (HTTP, pages,
// caches, the pool, the outbox, payments): tests build several apps in one process and each
// reads only its own numbers. What belongs to the process — memory, event-loop delay, the
// background jobs — is kept once, in the process registry. GET /metrics on the metrics listener
// (METRICS_PORT, never behind nginx) answers both.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (lib/metrics.ts). */
    metrics: AppMetrics;
  }
}

/** Latency buckets (seconds) of requests, page renders and queries: 1 ms to 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Background jobs take longer: 10 ms to 10 minutes. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 600];

// ---- The process: default metrics and the background jobs ----

const processRegistry = new Registry();
let defaultsCollected = false;

const jobDuration = new Histogram({
  name: 'crema_job_duration_seconds',
  help: 'Background job run time, by job',
  labelNames: ['job'] as const,
  buckets: JOB_BUCKETS,
  registers: [processRegistry],
});
const jobRuns = new Counter({ name: 'crema_job_runs_total', help: 'Background job runs, by job', labelNames: ['job'] as const, registers: [processRegistry] });
const jobFailures = new Counter({
  name: 'crema_job_failures_total',
  help: 'Background job runs that failed, by job',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});
const jobLag = new Gauge({
  name: 'crema_job_lag_seconds',
  help: 'How late the last run of a job started after it was due, by job',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

/** One finished run of a background job (the job scheduler calls it); `name` is the job's fixed name. */
export function observeJobRun(name: string, seconds: number, ok: boolean): void {
  jobDuration.observe({ job: name }, seconds);
  jobRuns.inc({ job: name });
  // Present from the first run on, so a rate of failures is 0 rather than missing.
  jobFailures.inc({ job: name }, ok ? 0 : 1);
}

/** How late a job's run started after it was due (the job scheduler calls it). */
export function setJobLag(name: string, seconds: number): void {
  jobLag.set({ job: name }, seconds);
}

/** Process memory, CPU, handles and event-loop delay (prom-client's defaults), started once per process. */
function processMetrics(): Registry {
  if (!defaultsCollected) {
    collectDefaultMetrics({ register: processRegistry });
    defaultsCollected = true;
  }
  return processRegistry;
}

// ---- One app instance ----

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route label of a request: the route pattern (`/api/courses/:id/`), a page's route id
 * (`routes/courses/course`, set by the site: web/ssr.ts) and `unmatched` for what no route
 * answered (a 404, a bad URL) — never the raw path.
 */
function routeLabel(request: FastifyRequest, pages: WeakMap<FastifyRequest, string>): string {
  return pages.get(request) ?? request.routeOptions.url ?? 'unmatched';
}

/** A request the server made to itself (a page's loader calling the API through app.inject). */
const inProcess = (request: FastifyRequest) => '_lightMyRequest' in request.raw;

const TIMED = Symbol.for('crema.metrics.timedClient');
const OBSERVERS = Symbol.for('crema.metrics.queryObservers');
type Observed = pg.Pool & { [OBSERVERS]?: Set<(seconds: number) => void> };
type TimedClient = pg.PoolClient & { [TIMED]?: true };

/**
 * Calls `observe` with the time of every query run through the pool, in a transaction or not
 * (each client is timed once, when the pool first hands it out). Returns the way to stop.
 */
function observeQueries(pool: pg.Pool, observe: (seconds: number) => void): () => void {
  const observed = pool as Observed;
  let observers = observed[OBSERVERS];
  if (!observers) {
    const all = new Set<(seconds: number) => void>();
    observers = all;
    observed[OBSERVERS] = all;
    pool.on('acquire', (acquired) => {
      const client = acquired as TimedClient;
      if (client[TIMED]) return;
      client[TIMED] = true;
      // The class's query, looked up at each call: whatever wraps it later (a test's spy) still runs.
      const query = {
        apply: (self: unknown, args: unknown[]) => (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown }).query.apply(self, args),
      };
      const timed = function (this: unknown, ...args: unknown[]) {
        const started = performance.now();
        const done = () => {
          const seconds = (performance.now() - started) / 1000;
          for (const fn of all) fn(seconds);
        };
        const last = args.length - 1;
        const callback = args[last];
        if (typeof callback === 'function') {
          args[last] = function (this: unknown, ...results: unknown[]) {
            done();
            return (callback as (...a: unknown[]) => unknown).apply(this, results);
          };
          return query.apply(this, args);
        }
        const result = query.apply(this, args);
        if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
        return result;
      };
      (client as unknown as { query: unknown }).query = timed;
    });
  }
  observers.add(observe);
  return () => observers.delete(observe);
}

/** The metrics of one app instance, in a registry of its own. */
export class AppMetrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'crema_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'crema_http_request_duration_seconds',
    help: 'HTTP request time until the answer is sent, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly ssrRender = new Histogram({
    name: 'crema_ssr_render_seconds',
    help: 'Server rendering of a page until its answer starts (live) or is whole (for the guest page cache)',
    labelNames: ['mode'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly pageCacheHits = new Counter({
    name: 'crema_page_cache_hits_total',
    help: 'Guest pages answered from the page cache',
    registers: [this.registry],
  });

  readonly pageCacheMisses = new Counter({
    name: 'crema_page_cache_misses_total',
    help: 'Guest pages the page cache did not have (rendered)',
    registers: [this.registry],
  });

  readonly contentCacheLookups = new Counter({
    name: 'crema_content_cache_lookups_total',
    help: 'Lookups in the content micro-caches, by cache and result (hit or miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
  });

  /** What a content micro-cache (lib/ttl-cache.ts) calls on each lookup; `cache` is its fixed name. */
  contentCacheLookup(cache: string): (hit: boolean) => void {
    return (hit) => this.contentCacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
  }

  readonly dbQueryDuration = new Histogram({
    name: 'crema_db_query_duration_seconds',
    help: 'PostgreSQL query time, as the pool client sees it',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly dbUnavailable = new Counter({
    name: 'crema_db_unavailable_total',
    help: 'Requests answered 503 because PostgreSQL could not be reached',
    registers: [this.registry],
  });

  private readonly stopObserving: () => void;
  private readonly pageRoutes = new WeakMap<FastifyRequest, string>();

  constructor(pool: pg.Pool, log: FastifyBaseLogger) {
    const registers = [this.registry];
    this.stopObserving = observeQueries(pool, (seconds) => this.dbQueryDuration.observe(seconds));
    new Gauge({ name: 'crema_db_pool_connections', help: 'Connections the pool holds', registers, collect() {
      this.set(pool.totalCount);
    } });
    new Gauge({ name: 'crema_db_pool_idle_connections', help: 'Pool connections not in use', registers, collect() {
      this.set(pool.idleCount);
    } });
    new Gauge({ name: 'crema_db_pool_waiting_requests', help: 'Queries waiting for a pool connection', registers, collect() {
      this.set(pool.waitingCount);
    } });
    // Read at scrape time, each one cheap query (the outbox's status index; a grouped count of
    // payments). A database that is away leaves them empty rather than failing the scrape.
    const scrapeQuery = async <T extends pg.QueryResultRow>(text: string): Promise<T[] | null> => {
      try {
        return (await pool.query<T>(text)).rows;
      } catch (error) {
        log.debug({ err: error }, 'metrics query failed');
        return null;
      }
    };
    new Gauge({
      name: 'crema_mail_outbox_pending',
      help: 'Letters waiting in the outbox to be sent',
      registers,
      async collect() {
        const rows = await scrapeQuery<{ n: number }>(`select count(*)::int as n from mail_outbox where status = 'pending'`);
        this.reset();
        if (rows) this.set(rows[0]?.n ?? 0);
      },
    });
    new Gauge({
      name: 'crema_payments',
      help: 'Card payments, by state',
      labelNames: ['state'] as const,
      registers,
      async collect() {
        const rows = await scrapeQuery<{ state: string; n: number }>(`select status::text as state, count(*)::int as n from payments group by status`);
        this.reset();
        for (const row of rows ?? []) this.set({ state: row.state }, row.n);
      },
    });
  }

  /** The route label of a page request: its route id, one of the site's routes (web/ssr.ts). */
  labelRoute(request: FastifyRequest, routeId: string): void {
    this.pageRoutes.set(request, routeId);
  }

  /** Counts one answered request (not the in-process API calls of a page's loaders: the page counts). */
  observeRequest(request: FastifyRequest, statusCode: number, elapsedMs: number): void {
    if (inProcess(request)) return;
    const labels = { method: METHODS.has(request.method) ? request.method : 'OTHER', route: routeLabel(request, this.pageRoutes), status_code: String(statusCode) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, elapsedMs / 1000);
  }

  /** This app's metrics and the process's, in Prometheus text format. */
  async text(): Promise<string> {
    const own = await this.registry.metrics();
    return `${own}\n${await processMetrics().metrics()}`;
  }

  close(): void {
    this.stopObserving();
  }
}

/** Gives the app its metrics and counts every answer. */
export function instrumentApp(app: FastifyInstance): void {
  const metrics = new AppMetrics(app.deps.pool, app.log.child({ module: 'metrics' }));
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => metrics.observeRequest(request, reply.statusCode, reply.elapsedTime));
  app.addHook('onClose', async () => metrics.close());
}

export const METRICS_CONTENT_TYPE = processRegistry.contentType;

/**
 * The metrics listener: GET /metrics and nothing else, on its own address (METRICS_HOST,
 * 127.0.0.1 unless set), so the public proxy never exposes it.
 */
export async function startMetricsServer(options: { host: string; port: number; metrics: AppMetrics; log: FastifyBaseLogger }): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (path !== '/metrics' && path !== '/metrics/')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    options.metrics.text().then(
      (body) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
      (error: unknown) => {
        options.log.error({ err: error }, 'metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
      },
    );
  });
  // Prometheus keeps its connection open between scrapes: closing must not wait for it.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
