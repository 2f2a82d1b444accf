// The seam between orders and an acquiring provider. Orders talk to a PaymentProvider;
// T-Bank and the built-in test bank implement it with one client (tbank/), YooKassa can later.
// Money is always integer kopecks.
import type { PaymentReceipt } from './receipt.ts';

/** Matches the database enum payment_provider. */
export type PaymentProviderName = 'tbank' | 'testbank';

/** Our own payment states (the database enum payment_status), whatever the provider's words. */
export type PaymentState = 'new' | 'pending' | 'confirmed' | 'rejected' | 'refunded';

export interface CreatePaymentInput {
  /** Our unique id of this attempt at the provider (T-Bank OrderId, at most 36 characters). */
  attemptId: string;
  amountKopecks: number;
  /** Shown on the provider's form (T-Bank: at most 140 characters). */
  description: string;
  receipt: PaymentReceipt;
  /** Where the provider sends status notifications (an HTTPS address in production). */
  notificationUrl: string;
  /** Where the payer returns after paying, and after a failure. */
  successUrl: string;
  failUrl: string;
  /** When the payment link stops working. */
  expiresAt?: Date;
  /** Up to 20 short string pairs the provider keeps with the payment and sends back. */
  data?: Record<string, string>;
}

export interface ProviderPayment {
  /** The provider's payment id (T-Bank PaymentId), as text. */
  providerPaymentId: string;
  attemptId: string;
  amountKopecks: number;
  /** The provider's own status word, kept for the accountant (T-Bank: CONFIRMED, REJECTED…). */
  providerStatus: string;
  state: PaymentState;
}

export interface CreatedPayment extends ProviderPayment {
  /** Where to send the payer. */
  paymentUrl: string;
}

/** A notification whose signature was checked. */
export interface ProviderNotification extends ProviderPayment {
  success: boolean;
  errorCode: string;
  /** The body as received, to be kept verbatim. */
  raw: Record<string, unknown>;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The provider's current view of a payment (the source of truth for reconciliation). */
  getPayment(providerPaymentId: string): Promise<ProviderPayment>;
  /** Cancels an unpaid payment or refunds a paid one (whole amount, or `amountKopecks` of it). */
  cancelPayment(providerPaymentId: string, options?: { amountKopecks?: number; receipt?: PaymentReceipt }): Promise<ProviderPayment>;
  /** A notification body checked and parsed, or null when it is not genuine or not understood. */
  parseNotification(body: unknown): ProviderNotification | null;
  /**
   * Why a failed (rejected) payment failed, in Russian for the payer, from its last status word and
   * the last notification kept verbatim (null when none came).
   */
  failureReason(payment: { providerStatus: string | null; rawNotification: unknown }): string;
  /** What the provider expects as the answer to a notification it may stop resending. */
  readonly notificationAnswer: { status: number; contentType: string; body: string };
}
