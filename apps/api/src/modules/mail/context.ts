// What the outbox needs from the process's configuration: the site's address (for the links in a
// letter's headers and footer), the key the unsubscribe links are signed with, and the clock the
// night hours are judged by. buildApp sets it; a process that never does (a command-line tool)
// queues letters without unsubscribe links, by the real clock.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/keys.ts';

interface MailContext {
  publicUrl: string | null;
  unsubscribeKey: Buffer | null;
  now: () => Date;
}

const context: MailContext = { publicUrl: null, unsubscribeKey: null, now: () => new Date() };

/** Sets the outbox's configuration for this process; `now` fixes the clock (tests, MAIL_NOW). */
export function configureMail(options: { publicUrl: string; secretKey: string; now?: (() => Date) | null }): void {
  context.publicUrl = options.publicUrl.replace(/\/+$/, '');
  context.unsubscribeKey = deriveKey(options.secretKey, 'mail-unsubscribe');
  context.now = options.now ?? (() => new Date());
}

/** The clock letters are queued by. */
export function mailNow(): Date {
  return context.now();
}

/** Replaces the clock (tests); returns a function that puts the previous one back. */
export function setMailClock(now: () => Date): () => void {
  const previous = context.now;
  context.now = now;
  return () => {
    context.now = previous;
  };
}

export function mailPublicUrl(): string | null {
  return context.publicUrl;
}

function sign(payload: string): string {
  if (!context.unsubscribeKey) throw new Error('mail is not configured');
  return createHmac('sha256', context.unsubscribeKey).update(payload).digest('base64url').slice(0, 32);
}

/** A token for turning off one kind of letter of one account, without signing in. */
export function unsubscribeToken(userId: number, kind: string): string {
  const payload = Buffer.from(`${userId}:${kind}`).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** The account and kind a token names, or null for a token not signed by this installation. */
export function readUnsubscribeToken(token: string): { userId: number; kind: string } | null {
  if (!context.unsubscribeKey) return null;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const match = /^(\d{1,10}):([a-z_]{1,64})$/.exec(Buffer.from(payload, 'base64url').toString());
  if (!match) return null;
  return { userId: Number(match[1]), kind: match[2]! };
}
