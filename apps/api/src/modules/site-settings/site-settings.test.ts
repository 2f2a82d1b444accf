// The site settings for staff (decision 0074): read grouped, every field checked with a Russian
// message, phones written as the site's mask writes them, a stale form answers 409, the audit trail
// keeps the changed keys only (the school's private mailbox masked), guests see a change at once
// with the content cache on, the private mailbox never reaches them, and the letters about
// applications go to it.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_SETTING_TEXTS, type SiteSettings } from '@crema/contract';
import { auditEvents, configs, mailOutbox } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildFeedbackForm, buildPage, buildUser, setConfig, signInAs, type TestSession } from '../../test/factories.ts';

const URL = '/api/admin/school/site/settings/';
const ENV_INBOX = 'inbox@crema.test';
let t: TestContext;
const db = () => t.database.db;
let staff: { id: number; session: TestSession };

const read = async (): Promise<SiteSettings> => (await t.app.inject({ method: 'GET', url: URL, headers: staff.session.headers })).json();
const versionsOf = (settings: SiteSettings, keys: string[]) =>
  Object.fromEntries(settings.groups.flatMap((g) => g.settings).filter((s) => keys.includes(s.key)).map((s) => [s.key, s.version]));
const valueOf = (settings: SiteSettings, key: string) => settings.groups.flatMap((g) => g.settings).find((s) => s.key === key)?.value;

/** Saves `values` with the versions the settings have now (or the ones given). */
async function save(values: Record<string, string>, versions?: Record<string, number>) {
  const current = await read();
  return t.app.inject({ method: 'PUT', url: URL, headers: staff.session.headers, payload: { values, versions: versions ?? versionsOf(current, Object.keys(values)) } });
}

const publicConfigs = async (keys?: string[]) =>
  (await t.app.inject({ method: 'POST', url: '/api/configs/', payload: keys ? { keys } : {} })).json<Record<string, string>>();

beforeAll(async () => {
  // The content cache on, as in production: a change must drop it to show.
  t = await createTestApp({ CONTENT_CACHE_TTL_MS: '60000', SCHOOL_NOTIFY_EMAIL: ENV_INBOX });
  await setConfig(db(), {
    HEADER_PHONE: '+7 (495) 120-34-56',
    FOOTER_PHONE: '+7 (495) 120-34-56',
    CONTACT_EMAIL: 'hello@crema.test',
    LEGAL_INN: '7709123453',
    LEGAL_KPP: '770901001',
    LEGAL_OGRN: '1237700123451',
    SITE_NAME: 'Crema',
    COUNTERS: '<script>window.dataLayer = [];</script>',
  });
  const s = await buildUser(db(), { isStaff: true });
  staff = { id: s.id, session: await signInAs(t.app, s) };
});
afterAll(async () => {
  await t?.close();
});

describe('reading', () => {
  it('gives every setting in its group with its version; one never saved has version 0', async () => {
    const settings = await read();
    expect(settings.groups.map((g) => g.title)).toEqual(['Контакты', 'Соцсети', 'Реквизиты', 'SEO', 'Счётчики и метатеги', 'Уведомления']);
    const contacts = settings.groups[0]!.settings;
    expect(contacts.find((s) => s.key === 'HEADER_PHONE')).toMatchObject({ label: 'Телефон в шапке', kind: 'phone', value: '+7 (495) 120-34-56', version: 1 });
    expect(settings.groups[1]!.settings.find((s) => s.key === 'FOOTER_DZEN_LINK')).toMatchObject({ value: '', version: 0, updated_at: null });
    expect(settings.csp_hosts).toEqual([]);
    // Until the school names its own mailbox, the letters go to the environment's.
    expect(settings.notify_fallback).toBe(ENV_INBOX);
  });
});

describe('checks', () => {
  it('writes phones as the site mask does and refuses what is not a Russian number', async () => {
    const res = await save({ FOOTER_PHONE: '8 495 120 34 57', FOOTER_PHONE_2: '' });
    expect(res.statusCode).toBe(200);
    expect(valueOf(res.json(), 'FOOTER_PHONE')).toBe('+7 (495) 120-34-57');
    expect(valueOf(res.json(), 'FOOTER_PHONE_2')).toBe('');
    const bad = await save({ HEADER_PHONE: '12-34', FOOTER_PHONE: '+7 495 120 34 567 8' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ HEADER_PHONE: [SITE_SETTING_TEXTS.phone], FOOTER_PHONE: [SITE_SETTING_TEXTS.phone] });
  });

  it('refuses bad e-mails and links other than https (javascript: above all); a site page may be a path', async () => {
    const bad = await save({
      CONTACT_EMAIL: 'hello@crema',
      SCHOOL_NOTIFY_EMAIL: 'не почта',
      FOOTER_VK_LINK: 'http://vk.com/crema',
      FOOTER_TELEGRAM_LINK: 'javascript:alert(1)',
      FOOTER_OK_LINK: 'https://',
      PRIVACY_POLICY_LINK: '//evil.example/privacy',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      CONTACT_EMAIL: [SITE_SETTING_TEXTS.email],
      SCHOOL_NOTIFY_EMAIL: [SITE_SETTING_TEXTS.email],
      FOOTER_VK_LINK: [SITE_SETTING_TEXTS.link],
      FOOTER_TELEGRAM_LINK: [SITE_SETTING_TEXTS.link],
      FOOTER_OK_LINK: [SITE_SETTING_TEXTS.link],
      PRIVACY_POLICY_LINK: [SITE_SETTING_TEXTS.siteLink],
    });
    const good = await save({ CONTACT_EMAIL: ' Hello@Crema.Test ', FOOTER_VK_LINK: 'https://vk.com/crema_school', PRIVACY_POLICY_LINK: '/documents/privacy-policy/' });
    expect(good.statusCode).toBe(200);
    expect(valueOf(good.json(), 'CONTACT_EMAIL')).toBe('hello@crema.test');
  });

  it('checks ИНН, КПП and ОГРН by their length and check digits, and against each other', async () => {
    const lengths = await save({ LEGAL_INN: '12345', LEGAL_KPP: '7709010', LEGAL_OGRN: '123' });
    expect(lengths.json()).toEqual({ LEGAL_INN: [SITE_SETTING_TEXTS.innLength], LEGAL_KPP: [SITE_SETTING_TEXTS.kpp], LEGAL_OGRN: [SITE_SETTING_TEXTS.ogrnLength] });
    const sums = await save({ LEGAL_INN: '7709123456', LEGAL_OGRN: '1237700123456' });
    expect(sums.json()).toEqual({ LEGAL_INN: [SITE_SETTING_TEXTS.innChecksum], LEGAL_OGRN: [SITE_SETTING_TEXTS.ogrnChecksum] });
    // An individual entrepreneur: a 12-digit ИНН has no КПП and goes with an ОГРНИП.
    const mixed = await save({ LEGAL_INN: '500100732259', LEGAL_OGRN: '1027700132195' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({ LEGAL_KPP: [SITE_SETTING_TEXTS.kppForEntrepreneur], LEGAL_OGRN: [SITE_SETTING_TEXTS.ogrnKind] });
    const entrepreneur = await save({ LEGAL_INN: '5001 0073 2259', LEGAL_KPP: '', LEGAL_OGRN: '304500116000157' });
    expect(entrepreneur.statusCode).toBe(200);
    expect(valueOf(entrepreneur.json(), 'LEGAL_INN')).toBe('500100732259');
    const organisation = await save({ LEGAL_INN: '7709123453', LEGAL_KPP: '770901001', LEGAL_OGRN: '1237700123451' });
    expect(organisation.statusCode).toBe(200);
  });

  it('refuses an empty site name, an unknown key, a value without its version and a body of the wrong shape', async () => {
    expect((await save({ SITE_NAME: '   ' })).json()).toEqual({ SITE_NAME: [SITE_SETTING_TEXTS.required] });
    expect((await save({ NO_SUCH_SETTING: 'x' }, { NO_SUCH_SETTING: 0 })).json()).toEqual({ NO_SUCH_SETTING: [SITE_SETTING_TEXTS.unknown] });
    const unversioned = await t.app.inject({ method: 'PUT', url: URL, headers: staff.session.headers, payload: { values: { SITE_NAME: 'Crema' }, versions: {} } });
    expect(unversioned.statusCode).toBe(400);
    expect(Object.keys(unversioned.json())).toEqual(['SITE_NAME']);
    const shape = await t.app.inject({ method: 'PUT', url: URL, headers: staff.session.headers, payload: { values: { SITE_NAME: 5 } } });
    expect(shape.statusCode).toBe(400);
  });
});

describe('saving', () => {
  it('answers 409 naming the setting when it changed since the form was opened, and saves nothing', async () => {
    const opened = await read();
    const versions = versionsOf(opened, ['HEADER_PHONE', 'SITE_NAME']);
    expect((await save({ HEADER_PHONE: '+7 (495) 000-00-01' })).statusCode).toBe(200);
    const stale = await save({ HEADER_PHONE: '+7 (495) 000-00-02', SITE_NAME: 'Другое имя' }, versions);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: SITE_SETTING_TEXTS.conflict(['Телефон в шапке']) });
    const now = await read();
    expect(valueOf(now, 'HEADER_PHONE')).toBe('+7 (495) 000-00-01');
    expect(valueOf(now, 'SITE_NAME')).toBe('Crema');
  });

  it('records the changed keys only, the private mailbox masked; an unchanged save records nothing', async () => {
    const before = (await read()).groups;
    const res = await save({ HEADER_PHONE: '+7 (495) 000-00-09', FOOTER_PHONE: valueOf({ groups: before } as SiteSettings, 'FOOTER_PHONE')!, SCHOOL_NOTIFY_EMAIL: 'Zayavki@Crema.Test' });
    expect(res.statusCode).toBe(200);
    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'settings.update')).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({
      actorId: staff.id,
      entity: 'settings',
      entityId: 'contacts,notifications',
      summary: 'Контакты, Уведомления',
      before: { header_phone: '+7 (495) 000-00-01', school_notify_email: '' },
      after: { header_phone: '+7 (495) 000-00-09', school_notify_email: 'z•••@crema.test' },
    });
    const count = async () => (await db().select().from(auditEvents).where(eq(auditEvents.action, 'settings.update'))).length;
    const was = await count();
    expect((await save({ HEADER_PHONE: '8 495 000 00 09' })).statusCode).toBe(200);
    expect(await count()).toBe(was);
    // The version moves only with the value.
    const [row] = await db().select().from(configs).where(eq(configs.key, 'HEADER_PHONE'));
    expect(row!.version).toBe(3);
  });

  it('shows guests the change at once with the content cache on, never the private mailbox', async () => {
    expect((await publicConfigs(['FOOTER_PHONE'])).FOOTER_PHONE).toBeDefined();
    await publicConfigs();
    expect((await save({ FOOTER_PHONE: '+7 (495) 765-43-21' })).statusCode).toBe(200);
    expect((await publicConfigs(['FOOTER_PHONE'])).FOOTER_PHONE).toBe('+7 (495) 765-43-21');
    const all = await publicConfigs();
    expect(all.FOOTER_PHONE).toBe('+7 (495) 765-43-21');
    expect(all).not.toHaveProperty('SCHOOL_NOTIFY_EMAIL');
    expect(await publicConfigs(['SCHOOL_NOTIFY_EMAIL'])).toEqual({});
  });

  it('shows the hosts the counters open in the pages’ policy, read as the policy reads them', async () => {
    const res = await save({
      COUNTERS: '<script async src="https://mc.yandex.ru/metrika/tag.js"></script><noscript><img src="https://mc.yandex.ru/watch/1"></noscript><script>fetch("//stats.example.org:8443/hit")</script>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().csp_hosts).toEqual(['https://mc.yandex.ru', 'https://stats.example.org:8443']);
  });
});

describe('the letters about applications', () => {
  it('go to the school’s mailbox of the settings, and to the environment’s address while it is empty', async () => {
    const form = await buildFeedbackForm(db());
    const send = (name: string) =>
      t.app.inject({ method: 'POST', url: `/api/feedback/${form.key}/process/`, payload: { name, phone: '+79160000071', consent_personal_data: true }, remoteAddress: '10.74.0.1' });
    const to = async (address: string) => (await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, address)))).map((m) => m.text);

    expect((await save({ SCHOOL_NOTIFY_EMAIL: 'zayavki@crema.test' })).statusCode).toBe(200);
    expect((await send('Первая Заявка')).statusCode).toBe(201);
    expect((await to('zayavki@crema.test')).some((text) => text.includes('Первая Заявка'))).toBe(true);

    const cleared = await save({ SCHOOL_NOTIFY_EMAIL: '' });
    expect(cleared.json().notify_fallback).toBe(ENV_INBOX);
    expect((await send('Вторая Заявка')).statusCode).toBe(201);
    expect((await to(ENV_INBOX)).some((text) => text.includes('Вторая Заявка'))).toBe(true);
    expect((await to('zayavki@crema.test')).some((text) => text.includes('Вторая Заявка'))).toBe(false);
  });
});

describe('the contacts block of a page', () => {
  it('comes with no data of its own: the page shows the settings’ contacts', async () => {
    const page = await buildPage(db(), { blocks: [{ type: 'contacts', data: {} }, { type: 'text', data: { html: '<p>Вход со двора</p>' } }] });
    const res = await t.app.inject({ method: 'GET', url: `/api/pages/${page.slug}/extended/` });
    expect(res.statusCode).toBe(200);
    expect(res.json().blocks).toEqual([
      { id: page.blocks[0]!.id, type: 'contacts' },
      { id: page.blocks[1]!.id, type: 'text', html: '<p>Вход со двора</p>' },
    ]);
  });
});
