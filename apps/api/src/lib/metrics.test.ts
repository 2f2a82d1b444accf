// The metrics listener (decision 0075), over real HTTP: the app on one port, GET /metrics on another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, payments } from '../db/schema/index.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { buildOrder } from '../test/factories.ts';
import { observeJobRun, setJobLag, startMetricsServer } from './metrics.ts';

let t: TestContext;
let base: string;
let metrics: Awaited<ReturnType<typeof startMetricsServer>>;
beforeAll(async () => {
  t = await createTestApp();
  base = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
  metrics = await startMetricsServer({ host: '127.0.0.1', port: 0, metrics: t.app.metrics, log: t.app.log });
});
afterAll(async () => {
  await metrics?.close();
  await t?.close();
});

const scrape = async () => {
  const res = await fetch(metrics.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('counts requests by method, route pattern and status, with a latency histogram', async () => {
    for (let i = 0; i < 2; i++) expect((await fetch(`${base}/api/health/`)).status).toBe(200);
    expect((await fetch(`${base}/api/categories/`)).status).toBe(200);
    expect((await fetch(`${base}/api/courses/987654321/`)).status).toBe(404);
    const text = await scrape();
    expect(sample(text, 'crema_http_requests_total{method="GET",route="/api/health/",status_code="200"}')).toBe(2);
    expect(sample(text, 'crema_http_requests_total{method="GET",route="/api/categories/",status_code="200"}')).toBe(1);
    expect(sample(text, 'crema_http_requests_total{method="GET",route="/api/courses/:id/",status_code="404"}')).toBe(1);
    expect(sample(text, 'crema_http_request_duration_seconds_count{method="GET",route="/api/health/",status_code="200"}')).toBe(2);
    expect(text).toContain('crema_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health/",status_code="200"}');
  });

  it('never makes a label of a raw path: unknown addresses share one', async () => {
    expect((await fetch(`${base}/no-such-place-4f2a9c/`)).status).toBe(404);
    expect((await fetch(`${base}/api/no-such-call-7d1e3b/`)).status).toBe(404);
    const text = await scrape();
    expect(text).not.toContain('4f2a9c');
    expect(text).not.toContain('7d1e3b');
    expect(sample(text, 'crema_http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'crema_http_requests_total{method="GET",route="/api/*",status_code="404"}')).toBeGreaterThanOrEqual(1);
  });

  it('reports the pool, query times, the outbox and payments by state, read at scrape time', async () => {
    const { db } = t.database;
    await db.insert(mailOutbox).values([
      { to: 'a@example.com', subject: 'a', html: 'a', text: 'a' },
      { to: 'b@example.com', subject: 'b', html: 'b', text: 'b' },
      { to: 'c@example.com', subject: 'c', html: 'c', text: 'c', status: 'sent' },
    ]);
    const order = await buildOrder(db);
    await db.insert(payments).values([
      { orderId: order.id, provider: 'testbank', attemptId: `${order.id}-1`, amountKopecks: 100, status: 'confirmed' },
      { orderId: order.id, provider: 'testbank', attemptId: `${order.id}-2`, amountKopecks: 100, status: 'rejected' },
      { orderId: order.id, provider: 'testbank', attemptId: `${order.id}-3`, amountKopecks: 100, status: 'rejected' },
    ]);
    expect((await fetch(`${base}/api/categories/`)).status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'crema_mail_outbox_pending')).toBe(2);
    expect(sample(text, 'crema_payments{state="confirmed"}')).toBe(1);
    expect(sample(text, 'crema_payments{state="rejected"}')).toBe(2);
    expect(sample(text, 'crema_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'crema_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'crema_db_pool_waiting_requests')).toBe(0);
    expect(sample(text, 'crema_db_query_duration_seconds_count')).toBeGreaterThan(0);
  });

  it('counts the content micro-cache’s hits and misses (when it is on)', async () => {
    const cached = await createTestApp({ CONTENT_CACHE_TTL_MS: '5000' });
    try {
      for (let i = 0; i < 3; i++) expect((await cached.app.inject({ method: 'GET', url: '/api/categories/' })).statusCode).toBe(200);
      const text = await cached.app.metrics.text();
      expect(sample(text, 'crema_content_cache_lookups_total{cache="content",result="miss"}')).toBe(1);
      expect(sample(text, 'crema_content_cache_lookups_total{cache="content",result="hit"}')).toBe(2);
    } finally {
      await cached.close();
    }
  });

  it('reports process memory and event-loop delay', async () => {
    const text = await scrape();
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('reports the background jobs the scheduler tells it about', async () => {
    observeJobRun('metrics-test-job', 0.2, true);
    observeJobRun('metrics-test-job', 1.5, false);
    setJobLag('metrics-test-job', 3);
    const text = await scrape();
    expect(sample(text, 'crema_job_runs_total{job="metrics-test-job"}')).toBe(2);
    expect(sample(text, 'crema_job_failures_total{job="metrics-test-job"}')).toBe(1);
    expect(sample(text, 'crema_job_duration_seconds_count{job="metrics-test-job"}')).toBe(2);
    expect(sample(text, 'crema_job_duration_seconds_sum{job="metrics-test-job"}')).toBeCloseTo(1.7);
    expect(sample(text, 'crema_job_lag_seconds{job="metrics-test-job"}')).toBe(3);
  });

  it('keeps each app its own numbers (tests build several apps in one process)', async () => {
    const other = await createTestApp();
    try {
      await other.app.inject({ method: 'GET', url: '/api/health/', remoteAddress: '127.0.0.1' });
      const text = await other.app.metrics.text();
      expect(text).not.toContain('route="/api/categories/"');
    } finally {
      await other.close();
    }
  });

  it('answers nothing but /metrics', async () => {
    expect((await fetch(metrics.url.replace(/\/metrics$/, '/api/health/'))).status).toBe(404);
  });
});
