// The account's notification settings (which optional letters come) and the one-click unsubscribe.
// Mandatory kinds are shown on and cannot change; advertising follows the advertising consent
// (38-ФЗ), changed in «Согласия»; every other kind is on until the person turns it off.
import { and, eq, isNull } from 'drizzle-orm';
import { LETTER_KINDS, LETTER_TEXTS, type NotificationSettings, type NotificationSettingsBody } from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { consents, mailPreferences, users } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { readUnsubscribeToken } from './context.ts';

const isAdvertising = (kind: (typeof LETTER_KINDS)[number]) => 'advertising' in kind && kind.advertising === true;

/** GET /api/user/notifications/ */
export async function getNotificationSettings(db: Executor, userId: number): Promise<NotificationSettings> {
  const rows = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  const [advertising] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, 'advertising'), isNull(consents.withdrawnAt), isNull(consents.studentId)));
  return {
    kinds: LETTER_KINDS.map((kind) => ({
      key: kind.key,
      title: kind.title,
      hint: kind.hint,
      mandatory: kind.mandatory,
      advertising: isAdvertising(kind),
      enabled: kind.mandatory ? true : isAdvertising(kind) ? advertising !== undefined : rows.find((row) => row.kind === kind.key)?.enabled !== false,
    })),
  };
}

async function setPreference(db: Executor, userId: number, kind: string, enabled: boolean): Promise<void> {
  await db
    .insert(mailPreferences)
    .values({ userId, kind, enabled })
    .onConflictDoUpdate({ target: [mailPreferences.userId, mailPreferences.kind], set: { enabled, updatedAt: new Date() } });
}

/**
 * PUT /api/user/notifications/: switches the kinds sent. An unknown kind, a mandatory one turned off
 * or the advertising kind (it is the consent's) answers 400 under `settings`, nothing saved.
 */
export async function saveNotificationSettings(db: Db, userId: number, body: NotificationSettingsBody): Promise<NotificationSettings> {
  const problems: string[] = [];
  for (const [key, enabled] of Object.entries(body.settings)) {
    const kind = LETTER_KINDS.find((k) => k.key === key);
    if (!kind) problems.push(`${LETTER_TEXTS.unknownKind} (${key.slice(0, 64)})`);
    else if (isAdvertising(kind)) problems.push(LETTER_TEXTS.advertisingKind);
    else if (kind.mandatory && !enabled) problems.push(LETTER_TEXTS.mandatoryKind);
  }
  if (problems.length > 0) throw ApiError.fields({ settings: [...new Set(problems)] });
  await db.transaction(async (tx) => {
    for (const [key, enabled] of Object.entries(body.settings)) {
      const kind = LETTER_KINDS.find((k) => k.key === key);
      if (kind && !kind.mandatory && !isAdvertising(kind)) await setPreference(tx, userId, key, enabled);
    }
  });
  return getNotificationSettings(db, userId);
}

/** What a valid unsubscribe token names: the account and the kind, with the kind's title. */
export async function readUnsubscribe(db: Executor, token: string): Promise<{ userId: number; kind: string; title: string }> {
  const named = readUnsubscribeToken(token);
  const kind = named ? LETTER_KINDS.find((k) => k.key === named.kind && !k.mandatory) : undefined;
  if (!named || !kind) throw new ApiError('validation', LETTER_TEXTS.badToken);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, named.userId));
  if (!user) throw new ApiError('validation', LETTER_TEXTS.badToken);
  return { userId: user.id, kind: kind.key, title: kind.title };
}

/**
 * POST /api/mail/unsubscribe/?token=: turns the token's kind off for its account (RFC 8058: no
 * sign-in, no confirmation). The advertising kind withdraws the advertising consent (38-ФЗ: sending
 * stops on the person's request). Doing it twice changes nothing more.
 */
export async function unsubscribe(db: Db, token: string): Promise<{ kind: string; title: string; detail: string }> {
  const { userId, kind, title } = await readUnsubscribe(db, token);
  if (kind === 'advertising') {
    await db
      .update(consents)
      .set({ withdrawnAt: new Date() })
      .where(and(eq(consents.userId, userId), eq(consents.kind, 'advertising'), isNull(consents.withdrawnAt), isNull(consents.studentId)));
  } else {
    await setPreference(db, userId, kind, false);
  }
  return { kind, title, detail: LETTER_TEXTS.unsubscribed(title) };
}
