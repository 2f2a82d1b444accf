// Orders (decision 0023), one service over its parts: the order form (order-form.ts), confirming an
// order by the mailed code or LoginOrder's claim (confirmation.ts), paying it and the
// reconciliation job's hooks (payments.ts), and the payer's own orders (my-orders.ts). The app
// builds one, shared by the routes and the reconciliation job.
import type { CodeSent, OrderPayment, OrderRequest, OrderRequestResult, PaymentType, UserOrder } from '@crema/contract';
import type { Logger } from '../../deps.ts';
import type { FormRead } from '../../lib/form-body.ts';
import type { Actor, SignedInActor } from '../auth/actor.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { OrderConfirmation } from './confirmation.ts';
import type { OrdersServiceOptions } from './context.ts';
import { MyOrders } from './my-orders.ts';
import { OrderForm } from './order-form.ts';
import { OrderPayments } from './payments.ts';

export type { OrdersServiceOptions } from './context.ts';

export class OrdersService {
  readonly form: OrderForm;
  readonly confirmation: OrderConfirmation;
  readonly payments: OrderPayments;
  readonly mine: MyOrders;
  readonly provider: PaymentProvider | null;
  /** The module's logger (every part logs through it). */
  readonly log: Logger;

  constructor(options: OrdersServiceOptions) {
    this.provider = options.provider;
    this.log = options.log;
    this.form = new OrderForm(options.deps, options.auth, options.captcha);
    this.confirmation = new OrderConfirmation(options.deps, options.auth);
    this.payments = new OrderPayments(options);
    this.mine = new MyOrders(options.deps, this.payments);
  }

  // The order form and its confirmation.
  request(form: FormRead<OrderRequest>, actor: Actor, idempotencyKey: string | null = null): Promise<OrderRequestResult> {
    return this.form.request(form, actor, idempotencyKey);
  }
  sendCode(code: string, actor: Actor): Promise<CodeSent> {
    return this.confirmation.sendCode(code, actor);
  }
  confirm(code: string, digits: string, actor: Actor, deviceMark: string | undefined) {
    return this.confirmation.confirm(code, digits, actor, deviceMark);
  }
  claim(code: string, actor: SignedInActor): Promise<OrderRequestResult> {
    return this.confirmation.claim(code, actor);
  }

  // Payments, and the reconciliation job's hooks (reconcile.ts).
  paymentInfo(code: string, options?: { returned?: boolean }): Promise<OrderPayment> {
    return this.payments.paymentInfo(code, options);
  }
  paymentLink(code: string, type: PaymentType, idempotencyKey: string | null = null): Promise<{ url: string }> {
    return this.payments.paymentLink(code, type, idempotencyKey);
  }
  notification(body: unknown, network: string): Promise<{ accepted: boolean; outcome: string }> {
    return this.payments.notification(body, network);
  }
  reconcile(olderThanMs: number): Promise<number> {
    return this.payments.reconcile(olderThanMs);
  }
  expireUnconfirmed(olderThanMs: number): Promise<number> {
    return this.payments.expireUnconfirmed(olderThanMs);
  }
  expireHolds(): Promise<number> {
    return this.payments.expireHolds();
  }

  // My orders.
  listForUser(actor: SignedInActor): Promise<UserOrder[]> {
    return this.mine.list(actor);
  }
  cancel(actor: SignedInActor, code: string): Promise<UserOrder> {
    return this.mine.cancel(actor, code);
  }
}
