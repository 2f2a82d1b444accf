import { describe, expect, it, vi } from 'vitest';
import { UNCONFIRMED_ORDER_TTL_MS, paymentReconciliationJob } from './reconcile.ts';

// The job's calls and counts (what a run does is tested over HTTP in payments-flow.test.ts; its
// timing across processes in lib/jobs.test.ts).
describe('paymentReconciliationJob', () => {
  it('asks about stale payments, then releases holds, cancels unconfirmed orders and offers seats', async () => {
    const calls: string[] = [];
    const reconcile = vi.fn(async () => (calls.push('reconcile'), 1));
    const expireHolds = vi.fn(async () => (calls.push('holds'), 2));
    const expireUnconfirmed = vi.fn(async () => (calls.push('unconfirmed'), 0));
    const offers = vi.fn(async () => (calls.push('offers'), 3));
    const job = paymentReconciliationJob({ service: { reconcile, expireUnconfirmed, expireHolds }, intervalMs: 1000, afterMs: 600_000, offers });
    expect(job).toMatchObject({ name: 'payments.reconcile', everyMs: 1000 });
    expect(await job.run()).toEqual({ changed: 1, released: 2, expired: 0, offered: 3 });
    expect(calls).toEqual(['reconcile', 'holds', 'unconfirmed', 'offers']);
    expect(reconcile).toHaveBeenCalledWith(600_000);
    expect(expireUnconfirmed).toHaveBeenCalledWith(UNCONFIRMED_ORDER_TTL_MS);
  });
});
