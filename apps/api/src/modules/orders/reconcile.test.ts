import { describe, expect, it, vi } from 'vitest';
import { UNCONFIRMED_ORDER_TTL_MS, startPaymentReconciliation } from './reconcile.ts';

// The job's timing and its calls (what a run does is tested over HTTP in payments-flow.test.ts).
describe('startPaymentReconciliation', () => {
  it('runs on every interval, never two runs at once, and stops', async () => {
    vi.useFakeTimers();
    try {
      let release!: () => void;
      const reconcile = vi.fn(() => new Promise<number>((resolve) => (release = () => resolve(1))));
      const expireUnconfirmed = vi.fn(async () => 0);
      const expireHolds = vi.fn(async () => 2);
      const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
      const stop = startPaymentReconciliation({ service: { reconcile, expireUnconfirmed, expireHolds }, intervalMs: 1000, afterMs: 600_000, log });
      expect(reconcile).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1000);
      expect(reconcile).toHaveBeenCalledWith(600_000);
      // Still running: the next tick does not start another run.
      await vi.advanceTimersByTimeAsync(1000);
      expect(reconcile).toHaveBeenCalledTimes(1);
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(expireHolds).toHaveBeenCalledTimes(1);
      expect(log.info).toHaveBeenCalledWith({ released: 2 }, 'unpaid orders past their seat hold cancelled');
      expect(expireUnconfirmed).toHaveBeenCalledWith(UNCONFIRMED_ORDER_TTL_MS);
      expect(log.info).toHaveBeenCalledWith({ changed: 1 }, 'payments reconciled');
      await stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(reconcile).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
