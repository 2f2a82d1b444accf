import type { PaymentState } from '../provider.ts';

/** T-Bank payment statuses (API v2). */
export const TBANK_STATUSES = [
  'NEW',
  'FORM_SHOWED',
  'DEADLINE_EXPIRED',
  'CANCELED',
  'PREAUTHORIZING',
  'AUTHORIZING',
  'AUTHORIZED',
  'AUTH_FAIL',
  'REJECTED',
  '3DS_CHECKING',
  '3DS_CHECKED',
  'REVERSING',
  'PARTIAL_REVERSED',
  'REVERSED',
  'CONFIRMING',
  'CONFIRMED',
  'REFUNDING',
  'PARTIAL_REFUNDED',
  'REFUNDED',
] as const;
export type TbankStatus = (typeof TBANK_STATUSES)[number];

/**
 * Our state for each T-Bank status. With one-stage payment only CONFIRMED is paid; anything on
 * the way to it is pending; a payment that can no longer be paid is rejected. A partial refund
 * leaves the order paid (the rest is still ours); only a full refund is 'refunded'. A status we
 * do not know yet counts as pending: reconciliation asks again later rather than guessing.
 */
const STATES: Record<TbankStatus, PaymentState> = {
  NEW: 'new',
  FORM_SHOWED: 'new',
  PREAUTHORIZING: 'pending',
  AUTHORIZING: 'pending',
  '3DS_CHECKING': 'pending',
  '3DS_CHECKED': 'pending',
  AUTHORIZED: 'pending',
  CONFIRMING: 'pending',
  REVERSING: 'pending',
  PARTIAL_REVERSED: 'pending',
  CONFIRMED: 'confirmed',
  REFUNDING: 'confirmed',
  PARTIAL_REFUNDED: 'confirmed',
  REFUNDED: 'refunded',
  DEADLINE_EXPIRED: 'rejected',
  CANCELED: 'rejected',
  AUTH_FAIL: 'rejected',
  REJECTED: 'rejected',
  REVERSED: 'rejected',
};

export function stateOf(status: string): PaymentState {
  return (STATES as Record<string, PaymentState | undefined>)[status] ?? 'pending';
}
