// The reconciliation job (docs/product/payments.md): every interval, payments left new or pending
// longer than PAYMENT_RECONCILE_AFTER_MIN are asked about at the provider (GetState) and the answer
// applied exactly as a notification would be, so a lost notification cannot lose a paid order.
// The same run cancels unpaid orders whose seat hold ran out (ORDER_HOLD_MINUTES; a payment the
// bank is processing is asked about first and never cut off) and guests' orders never confirmed
// within a day, returning their seats.
import type { Logger } from '../../deps.ts';
import type { OrdersService } from './service.ts';

/** A guest's order not confirmed by the e-mail code within this long is cancelled (its seats return). */
export const UNCONFIRMED_ORDER_TTL_MS = 24 * 60 * 60 * 1000;

export interface ReconcilerOptions {
  service: Pick<OrdersService, 'reconcile' | 'expireUnconfirmed' | 'expireHolds'>;
  intervalMs: number;
  /** Payments untouched for this long are asked about. */
  afterMs: number;
  log: Logger;
  /** Offers freed seats to full groups' waiting lists (decision 0067), after the holds sweep. */
  offers?: () => Promise<number>;
}

/**
 * Starts the job: a run every `intervalMs` (the first one after the first interval, once the server
 * listens: the test bank answers on the same server), never two at once. Returns its stop.
 */
export function startPaymentReconciliation(options: ReconcilerOptions): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = (async () => {
      const changed = await options.service.reconcile(options.afterMs);
      if (changed > 0) options.log.info({ changed }, 'payments reconciled');
      const released = await options.service.expireHolds();
      if (released > 0) options.log.info({ released }, 'unpaid orders past their seat hold cancelled');
      const expired = await options.service.expireUnconfirmed(UNCONFIRMED_ORDER_TTL_MS);
      if (expired > 0) options.log.info({ expired }, 'unconfirmed orders cancelled');
      const offered = (await options.offers?.()) ?? 0;
      if (offered > 0) options.log.info({ offered }, 'freed seats offered to waiting lists');
    })()
      .catch((error: unknown) => options.log.error({ err: error }, 'payment reconciliation failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
