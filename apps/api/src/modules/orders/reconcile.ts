// The reconciliation job (docs/product/payments.md): every interval, payments left new or pending
// longer than PAYMENT_RECONCILE_AFTER_MIN are asked about at the provider (GetState) and the answer
// applied exactly as a notification would be, so a lost notification cannot lose a paid order.
// The same run cancels unpaid orders whose seat hold ran out (ORDER_HOLD_MINUTES; a payment the
// bank is processing is asked about first and never cut off) and guests' orders never confirmed
// within a day, returning their seats.
import type { JobDefinition } from '../../lib/jobs.ts';
import type { OrdersService } from './service.ts';

/** A guest's order not confirmed by the e-mail code within this long is cancelled (its seats return). */
export const UNCONFIRMED_ORDER_TTL_MS = 24 * 60 * 60 * 1000;

export interface ReconcilerOptions {
  service: Pick<OrdersService, 'reconcile' | 'expireUnconfirmed' | 'expireHolds'>;
  intervalMs: number;
  /** Payments untouched for this long are asked about. */
  afterMs: number;
  /** Offers freed seats to full groups' waiting lists (decision 0067), after the holds sweep. */
  offers?: () => Promise<number>;
}

/**
 * The job (lib/jobs.ts runs it once per interval across processes, only once the server listens:
 * the test bank answers on the same server). Its counts: payments whose state changed, orders
 * released after their seat hold, unconfirmed orders cancelled, seats offered to waiting lists.
 */
export function paymentReconciliationJob(options: ReconcilerOptions): JobDefinition {
  return {
    name: 'payments.reconcile',
    everyMs: options.intervalMs,
    async run() {
      const changed = await options.service.reconcile(options.afterMs);
      const released = await options.service.expireHolds();
      const expired = await options.service.expireUnconfirmed(UNCONFIRMED_ORDER_TTL_MS);
      const offered = (await options.offers?.()) ?? 0;
      return { changed, released, expired, offered };
    },
  };
}
