// The 54-ФЗ receipt sent with a payment (T-Bank's `Receipt` object of Init, FFD 1.05): one item
// per student (or one for a payer studying themselves), amounts in kopecks summing exactly to the
// order's amount. The school's taxation system and VAT rate come from config.

export const TAXATIONS = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const;
export const TAXES = ['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat105', 'vat107', 'vat110', 'vat120'] as const;
export type Taxation = (typeof TAXATIONS)[number];
export type Tax = (typeof TAXES)[number];

/** The provider's limits: item name length and number of items per receipt. */
export const MAX_ITEM_NAME = 128;
export const MAX_ITEMS = 100;

export interface ReceiptItem {
  Name: string;
  /** Kopecks. */
  Price: number;
  Quantity: number;
  /** Kopecks; Price × Quantity. */
  Amount: number;
  Tax: Tax;
  PaymentMethod: 'full_prepayment';
  PaymentObject: 'service';
}

export interface PaymentReceipt {
  FfdVersion: '1.05';
  Email?: string;
  Phone?: string;
  Taxation: Taxation;
  Items: ReceiptItem[];
}

export interface ReceiptInput {
  /** The course title (becomes the item name, cut to 128 characters). */
  title: string;
  /** The order's total in kopecks. */
  amountKopecks: number;
  /** Learners paid for: the number of students, or 1 for a payer studying themselves. */
  learners: number;
  email?: string | null;
  phone?: string | null;
  taxation: Taxation;
  tax: Tax;
}

/** `name` cut to `max` characters (whole code points), ending with '…' when cut. */
export function itemName(name: string, max = MAX_ITEM_NAME): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** '+7 (999) 123-45-67' → '+79991234567'; null when it does not look like a phone number. */
export function receiptPhone(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return null;
  // Russian numbers written with a leading 8 are +7.
  if (digits.length === 11 && digits.startsWith('8') && !phone.trim().startsWith('+')) return `+7${digits.slice(1)}`;
  return `+${digits}`;
}

/**
 * Splits `total` kopecks into `parts` integer shares that differ by at most one kopeck and sum to
 * `total` exactly (the first `total mod parts` shares carry the extra kopeck).
 */
export function splitKopecks(total: number, parts: number): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total must be whole kopecks, got ${total}`);
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`parts must be a positive integer, got ${parts}`);
  const base = Math.floor(total / parts);
  const extra = total % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

/** The receipt for an order; throws on input no provider would accept (a programming error). */
export function buildReceipt(input: ReceiptInput): PaymentReceipt {
  if (!Number.isSafeInteger(input.amountKopecks) || input.amountKopecks <= 0) {
    throw new RangeError(`amountKopecks must be a positive integer, got ${input.amountKopecks}`);
  }
  if (input.learners > MAX_ITEMS) throw new RangeError(`a receipt holds at most ${MAX_ITEMS} items, got ${input.learners}`);
  const email = input.email?.trim() || undefined;
  const phone = input.phone ? (receiptPhone(input.phone) ?? undefined) : undefined;
  if (!email && !phone) throw new RangeError('a receipt needs the payer’s e-mail or phone');
  const name = itemName(input.title);
  if (!name) throw new RangeError('a receipt item needs a name');
  const items = splitKopecks(input.amountKopecks, input.learners).map(
    (share): ReceiptItem => ({
      Name: name,
      Price: share,
      Quantity: 1,
      Amount: share,
      Tax: input.tax,
      PaymentMethod: 'full_prepayment',
      PaymentObject: 'service',
    }),
  );
  return {
    FfdVersion: '1.05',
    ...(email ? { Email: email } : {}),
    ...(phone ? { Phone: phone } : {}),
    Taxation: input.taxation,
    Items: items,
  };
}

/** The sum of a receipt's item amounts (must equal the payment's Amount). */
export function receiptTotal(receipt: Pick<PaymentReceipt, 'Items'>): number {
  return receipt.Items.reduce((sum, item) => sum + item.Amount, 0);
}
