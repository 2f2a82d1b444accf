// Which letters may be turned off and when they may be delivered. Each template belongs to one
// kind of the account's settings (LETTER_KINDS in the contract); sign-in codes, payment letters and
// the school's own letters go at any hour, the rest wait for 09:00 Moscow time when queued at night.
import { moscowDateParts, moscowInstant, moscowIsoDate, type LetterKindKey } from '@crema/contract';
import type { MailTemplate } from './templates.ts';

/**
 * The settings kind of each template; 'school' — letters to the school's own staff. A template not
 * listed is its own kind (certificate_issued): optional, delivered by day.
 */
const TEMPLATE_KIND: Partial<Record<MailTemplate, LetterKindKey | 'school'>> = {
  login_code: 'codes',
  password_change_code: 'codes',
  password_restore_link: 'codes',
  account_created: 'codes',
  no_account: 'codes',
  sign_in_failures: 'codes',
  account_delete_code: 'codes',
  email_change_code: 'codes',
  email_change_taken: 'codes',
  email_changed: 'codes',
  application_received: 'school',
  order_code: 'codes',
  order_paid: 'payments',
  order_payment_link: 'payments',
  order_placed: 'payments',
  payment_failed: 'payments',
  refund_made: 'payments',
  // A seat held for a few hours: a payment letter that cannot wait for the morning.
  waiting_offer: 'payments',
  course_access: 'course_access',
  group_session_changed: 'group_session_changed',
  group_starts_tomorrow: 'group_starts_tomorrow',
  lesson_opened: 'lesson_opened',
  test_result: 'test_result',
  access_ending: 'access_ending',
  homework_returned: 'homework_checked',
  homework_accepted: 'homework_checked',
  homework_digest: 'homework_digest',
};

/** The settings kind a template's letters belong to. */
export function kindOf(template: MailTemplate): string {
  return TEMPLATE_KIND[template] ?? template;
}

/** Kinds delivered at any hour: codes, payments and the school's own letters. */
const ANY_HOUR = new Set<string>(['codes', 'payments', 'school']);

/** Moscow hours of the quiet night: from 22:00 to 09:00. */
export const NIGHT_FROM_HOUR = 22;
export const MORNING_HOUR = 9;

/**
 * When a letter of `kind` queued at `now` may be delivered: `now` by day (and for codes and
 * payments always), else the coming 09:00 Moscow time.
 */
export function deliverAt(kind: string, now: Date): Date {
  if (ANY_HOUR.has(kind)) return now;
  const { hour } = moscowDateParts(now);
  if (hour >= MORNING_HOUR && hour < NIGHT_FROM_HOUR) return now;
  const today = moscowIsoDate(now);
  const morning = moscowInstant(today, '09:00');
  if (hour < MORNING_HOUR) return morning;
  // After 22:00: tomorrow's morning (noon UTC of today plus a day is safely the next Moscow date).
  return moscowInstant(moscowIsoDate(new Date(morning.getTime() + 24 * 3600_000)), '09:00');
}
