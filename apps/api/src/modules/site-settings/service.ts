// The site settings staff edit (decision 0074): read grouped, saved a group or all at once with the
// version each value was opened at (a stale one answers 409), checked per field with Russian
// messages, written the way the site shows them, recorded in the audit trail with the changed keys.
import { inArray, sql } from 'drizzle-orm';
import {
  counterSources,
  isEmailAddress,
  legalDetailsProblems,
  normaliseEmail,
  normaliseSiteSetting,
  parseCounters,
  SITE_SETTING_GROUPS,
  SITE_SETTING_TEXTS,
  SITE_SETTINGS,
  type SiteSettings,
  type SiteSettingsSave,
} from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { configs } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { StaffActor } from '../auth/actor.ts';
import { maskEmail, recordAudit } from '../audit/record.ts';

type Row = { key: string; value: string; version: number; updatedAt: Date };

async function rowsOf(db: Executor, keys: readonly string[], lock = false): Promise<Map<string, Row>> {
  const query = db
    .select({ key: configs.key, value: configs.value, version: configs.version, updatedAt: configs.updatedAt })
    .from(configs)
    .where(inArray(configs.key, [...keys]))
    .orderBy(configs.key);
  const rows = await (lock ? query.for('update') : query);
  return new Map(rows.map((row) => [row.key, row]));
}

/** Where the letters about applications go while the setting is empty: the environment's address, else the contact e-mail. */
async function notifyFallback(db: Executor, envAddress: string | null): Promise<string | null> {
  if (envAddress) return envAddress;
  const contact = (await rowsOf(db, ['CONTACT_EMAIL'])).get('CONTACT_EMAIL')?.value.trim();
  return contact && isEmailAddress(normaliseEmail(contact)) ? contact : null;
}

/**
 * The address the school's letters about applications go to: the SCHOOL_NOTIFY_EMAIL setting,
 * else the environment's SCHOOL_NOTIFY_EMAIL, else the contact e-mail of the site; null when none is set.
 */
export async function schoolNotifyAddress(db: Executor, envAddress: string | null): Promise<string | null> {
  const own = (await rowsOf(db, ['SCHOOL_NOTIFY_EMAIL'])).get('SCHOOL_NOTIFY_EMAIL')?.value.trim();
  if (own && isEmailAddress(normaliseEmail(own))) return own;
  return notifyFallback(db, envAddress);
}

/** GET /api/admin/school/site/settings/: every setting in its group, with its version. */
export async function getSiteSettings(db: Executor, envNotifyAddress: string | null): Promise<SiteSettings> {
  const rows = await rowsOf(db, [...SITE_SETTINGS.keys()]);
  const counters = rows.get('COUNTERS')?.value ?? '';
  return {
    groups: SITE_SETTING_GROUPS.map((group) => ({
      key: group.key,
      title: group.title,
      settings: group.settings.map((setting) => {
        const row = rows.get(setting.key);
        return {
          key: setting.key,
          label: setting.label,
          kind: setting.kind,
          hint: setting.hint ?? null,
          required: setting.required ?? false,
          value: row?.value ?? '',
          version: row?.version ?? 0,
          updated_at: row?.updatedAt.toISOString() ?? null,
        };
      }),
    })),
    csp_hosts: counterSources(parseCounters(counters)),
    notify_fallback: await notifyFallback(db, envNotifyAddress),
  };
}

/** A setting's value as the journal keeps it: the school's private mailbox masked. */
function journalValue(key: string, value: string): string {
  return key === 'SCHOOL_NOTIFY_EMAIL' && value ? maskEmail(value) : value;
}

/**
 * PUT /api/admin/school/site/settings/: saves the values sent (a group or all). Every value is
 * checked first (400 with a message under each bad one); a value changed since its version answers
 * 409 and nothing is saved; only values that differ are written, each with its version raised.
 */
export async function saveSiteSettings(db: Db, actor: StaffActor, body: SiteSettingsSave, envNotifyAddress: string | null): Promise<SiteSettings> {
  const problems: Record<string, string[]> = {};
  const next = new Map<string, string>();
  for (const [key, raw] of Object.entries(body.values)) {
    const definition = SITE_SETTINGS.get(key);
    if (!definition) {
      problems[key] = [SITE_SETTING_TEXTS.unknown];
      continue;
    }
    if (body.versions[key] === undefined) {
      problems[key] = ['Обновите страницу: форма открыта без версии значения.'];
      continue;
    }
    const checked = normaliseSiteSetting(definition, raw);
    if ('error' in checked) problems[key] = [checked.error];
    else next.set(key, checked.value);
  }
  if (Object.keys(problems).length > 0) throw ApiError.fields(problems);

  await db.transaction(async (tx) => {
    const keys = [...next.keys()];
    if (keys.length > 0) {
      // A setting never saved yet gets its row (version 0) so that it can be locked like the rest.
      await tx
        .insert(configs)
        .values(keys.map((key) => ({ key, value: '', version: 0 })))
        .onConflictDoNothing({ target: configs.key });
    }
    const current = await rowsOf(tx, keys, true);
    const stale = keys.filter((key) => (current.get(key)?.version ?? 0) !== body.versions[key]);
    if (stale.length > 0) throw new ApiError('conflict', SITE_SETTING_TEXTS.conflict(stale.map((key) => SITE_SETTINGS.get(key)!.label)));

    // The legal details checked together, as they will be after the save.
    const legalKeys = ['LEGAL_INN', 'LEGAL_KPP', 'LEGAL_OGRN'];
    if (legalKeys.some((key) => next.has(key))) {
      const others = await rowsOf(tx, legalKeys.filter((key) => !next.has(key)));
      const values = Object.fromEntries(legalKeys.map((key) => [key, next.get(key) ?? others.get(key)?.value ?? '']));
      const legal = legalDetailsProblems(values);
      if (Object.keys(legal).length > 0) throw ApiError.fields(Object.fromEntries(Object.entries(legal).map(([key, message]) => [key, [message]])));
    }

    const changed = keys.filter((key) => current.get(key)?.value !== next.get(key));
    if (changed.length === 0) return;
    for (const key of changed) {
      await tx
        .update(configs)
        .set({ value: next.get(key)!, version: sql`${configs.version} + 1`, updatedAt: sql`now()` })
        .where(inArray(configs.key, [key]));
    }
    const groups = SITE_SETTING_GROUPS.filter((group) => group.settings.some((setting) => changed.includes(setting.key)));
    await recordAudit(tx, actor, {
      action: 'settings.update',
      entity: 'settings',
      entityId: groups.map((group) => group.key).join(','),
      summary: groups.map((group) => group.title).join(', '),
      before: Object.fromEntries(changed.map((key) => [key.toLowerCase(), journalValue(key, current.get(key)?.value ?? '')])),
      after: Object.fromEntries(changed.map((key) => [key.toLowerCase(), journalValue(key, next.get(key)!)])),
    });
  });
  return getSiteSettings(db, envNotifyAddress);
}
