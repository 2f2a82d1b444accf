// The payer's orders ('Мои заказы'): the list, and cancelling an unpaid one.
import { and, desc, eq } from 'drizzle-orm';
import { ORDER_TEXTS, type OrderSummary, type UserOrder } from '@crema/contract';
import type { AppDeps } from '../../deps.ts';
import { orders, type Order, type Payment } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import type { OrderPayments } from './payments.ts';
import { CANCELLABLE, PAYABLE, cancelUnpaid } from './transitions.ts';
import { orderSummaries, orderSummary } from './views.ts';

export class MyOrders {
  constructor(
    private readonly deps: AppDeps,
    private readonly payments: OrderPayments,
  ) {}

  private toUserOrder(summary: OrderSummary, order: Order): UserOrder {
    return {
      ...summary,
      can_pay: this.payments.provider !== null && PAYABLE.includes(order.status) && order.amountKopecks > 0,
      can_cancel: CANCELLABLE.includes(order.status),
      receipt_url: null,
    };
  }

  /** GET /api/user/orders/: the payer's orders, newest first. */
  async list(actor: SignedInActor): Promise<UserOrder[]> {
    const { db } = this.deps;
    const rows = await db.select().from(orders).where(eq(orders.userId, actor.user.id)).orderBy(desc(orders.createdAt), desc(orders.id));
    const summaries = await orderSummaries(db, rows);
    return rows.map((order, index) => this.toUserOrder(summaries[index]!, order));
  }

  /**
   * POST /api/user/orders/{code}/cancel/: an unpaid order of the caller is cancelled and its seats
   * return; attempts not yet started at the provider are cancelled there too. An attempt the bank is
   * processing (pending) blocks the cancel: its outcome decides.
   */
  async cancel(actor: SignedInActor, code: string): Promise<UserOrder> {
    const { db } = this.deps;
    const { order, dropped } = await db.transaction(async (tx) => {
      const [found] = await tx.select().from(orders).where(and(eq(orders.code, code), eq(orders.userId, actor.user.id))).for('update');
      if (!found) throw ApiError.notFound(ORDER_TEXTS.orderNotFound);
      if (found.status === 'cancelled') return { order: found, dropped: [] as Payment[] };
      if (!CANCELLABLE.includes(found.status)) throw new ApiError('conflict', ORDER_TEXTS.cancelPaid);
      const ended = await cancelUnpaid(tx, found);
      if (!ended) throw new ApiError('conflict', ORDER_TEXTS.cancelPending);
      return ended;
    });
    await this.payments.cancelAtProvider(dropped);
    return this.toUserOrder(await orderSummary(db, order), order);
  }
}
