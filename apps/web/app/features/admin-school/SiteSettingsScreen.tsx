import { useState } from 'react';
import type { SiteSetting, SiteSettings } from '@crema/contract';
import { counterSources, parseCounters } from '@crema/contract/rules';
import { useApiForm } from '../../api/useApiForm.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { useUnsavedGuard } from '../../ui/UnsavedGuard.tsx';
import { MASK, showMasked } from '../../ui/masks.ts';
import { SiteTabs, moscowTime, siteApi } from './ui.tsx';
import './site-settings.css';

// /admin/school/site/settings/ (decision 0074): the site's settings in their groups, each group
// saved on its own (or all at once) with the versions it was opened at; the server's messages go
// under the field they are about. The phones are written as the site's mask writes them while
// typed; under the counters, the outside hosts the pages' security policy will allow for them.

type Values = Record<string, string>;

/** The site's phone mask (a typed or pasted 8, 7 or +7 is the country code), written as the server keeps phones: '+7 (495) 120-34-56'. */
const PHONE = { ...MASK.phone, mask: '+{7} (000) 000-00-00' };
type Group = SiteSettings['groups'][number];

const valuesOf = (settings: SiteSettings): Values =>
  Object.fromEntries(settings.groups.flatMap((group) => group.settings.map((setting) => [setting.key, setting.value])));

function SettingField({ setting, value, errors, onChange }: { setting: SiteSetting; value: string; errors: string[]; onChange: (value: string) => void }) {
  const wide = setting.kind === 'long_text' || setting.kind === 'html';
  return (
    <Field look="admin" label={setting.label} hint={setting.hint ?? undefined} errors={errors} className={wide ? 'school-wide' : undefined}>
      {(a11y) =>
        setting.kind === 'html' ? (
          <textarea {...a11y} className="site-settings__code" rows={6} spellCheck={false} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
        ) : setting.kind === 'long_text' ? (
          <textarea {...a11y} rows={2} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
        ) : (
          <input
            {...a11y}
            type={setting.kind === 'email' ? 'email' : setting.kind === 'phone' ? 'tel' : 'text'}
            inputMode={setting.kind === 'phone' ? 'tel' : setting.kind === 'link' || setting.kind === 'site_link' ? 'url' : setting.kind === 'inn' || setting.kind === 'ogrn' ? 'numeric' : undefined}
            autoComplete="off"
            placeholder={setting.kind === 'phone' ? '+7 (___) ___-__-__' : setting.kind === 'link' ? 'https://' : undefined}
            value={value}
            onChange={(e) => onChange(setting.kind === 'phone' ? showMasked(e.currentTarget.value, PHONE) : e.currentTarget.value)}
          />
        )
      }
    </Field>
  );
}

/** The hosts the counters' code opens in the pages' policy, as the draft stands. */
function CspHosts({ counters }: { counters: string }) {
  const hosts = counterSources(parseCounters(counters));
  return (
    <div className="site-settings__hosts" aria-live="polite">
      <p className="admin-muted">
        {hosts.length
          ? 'Политика безопасности страниц разрешит скрипты, запросы и фреймы с этих адресов:'
          : 'В коде нет внешних адресов: политика безопасности страниц ничего дополнительно не разрешит.'}
      </p>
      {hosts.length ? (
        <ul aria-label="Адреса, разрешённые для счётчиков">
          {hosts.map((host) => (
            <li key={host}>
              <code>{host}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function lastChange(group: Group): string | null {
  const times = group.settings.map((setting) => setting.updated_at).filter((at): at is string => !!at);
  return times.length ? times.sort().at(-1)! : null;
}

export function SiteSettingsScreen({ settings: initial }: { settings: SiteSettings }) {
  const [settings, setSettings] = useState(initial);
  const [draft, setDraft] = useState<Values>(() => valuesOf(initial));
  const [notice, setNotice] = useState<string | null>(null);
  const keys = settings.groups.flatMap((group) => group.settings.map((setting) => setting.key));
  const form = useApiForm(keys);
  const saved = valuesOf(settings);
  const changedIn = (group: Group) => group.settings.some((setting) => draft[setting.key] !== saved[setting.key]);
  const dirty = settings.groups.some(changedIn);
  const guard = useUnsavedGuard(dirty && !form.busy);

  const save = (groups: Group[]) =>
    form.run(async () => {
      setNotice(null);
      const sent = groups.flatMap((group) => group.settings);
      const next = await siteApi.saveSiteSettings({
        values: Object.fromEntries(sent.map((setting) => [setting.key, draft[setting.key] ?? ''])),
        versions: Object.fromEntries(sent.map((setting) => [setting.key, setting.version])),
      });
      setSettings(next);
      const written = valuesOf(next);
      // The saved groups show what the server wrote (a phone as the mask writes it); the rest keep their edits.
      setDraft((current) => ({ ...current, ...Object.fromEntries(sent.map((setting) => [setting.key, written[setting.key] ?? ''])) }));
      setNotice(groups.length === 1 ? `Раздел «${groups[0]!.title}» сохранён: сайт уже показывает новые значения.` : 'Настройки сохранены: сайт уже показывает новые значения.');
    });

  return (
    <section aria-labelledby="school-settings-title">
      <SiteTabs />
      <div className="admin-head">
        <h1 id="school-settings-title">Настройки сайта</h1>
        <a className="button button--ghost" href="/contacts/" target="_blank" rel="noopener">
          Открыть «Контакты»
        </a>
      </div>
      <p className="admin-muted school-lead">
        Контакты и реквизиты показываются в шапке, подвале, на странице «Контакты», в договоре-оферте. Пустое поле — строки на сайте нет.
      </p>
      <form
        className="admin-form school-form site-settings"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // Only the groups with edits: a colleague's save in another group is no conflict.
          void save(settings.groups.filter(changedIn));
        }}
      >
        {settings.groups.map((group) => {
          const at = lastChange(group);
          return (
            <fieldset key={group.key} className="site-settings__group" aria-describedby={at ? `settings-${group.key}-at` : undefined}>
              <legend>{group.title}</legend>
              {at ? (
                <p id={`settings-${group.key}-at`} className="admin-muted site-settings__at">
                  Изменено {moscowTime(at)}
                </p>
              ) : null}
              <div className="site-settings__fields">
                {group.settings.map((setting) => (
                  <SettingField
                    key={setting.key}
                    setting={setting}
                    value={draft[setting.key] ?? ''}
                    errors={form.errorsOf(setting.key)}
                    onChange={(value) => {
                      setNotice(null);
                      setDraft((current) => ({ ...current, [setting.key]: value }));
                    }}
                  />
                ))}
              </div>
              {group.key === 'head' ? <CspHosts counters={draft.COUNTERS ?? ''} /> : null}
              {group.key === 'notifications' ? (
                <p className="admin-muted">
                  {settings.notify_fallback
                    ? `Пока поле пустое, письма о заявках уходят на ${settings.notify_fallback}.`
                    : 'Пока поле пустое и почта школы не задана, письма о заявках не отправляются.'}
                </p>
              ) : null}
              <button type="button" className="button button--ghost button--small" disabled={form.busy || !changedIn(group)} onClick={() => void save([group])}>
                Сохранить раздел «{group.title}»
              </button>
            </fieldset>
          );
        })}
        <FormMessages look="admin" messages={form.problems.general} />
        {notice ? (
          <p className="admin-notice" role="status">
            {notice}
          </p>
        ) : null}
        <div className="admin-actions">
          <button type="submit" className="button" disabled={form.busy || !dirty}>
            {form.busy ? 'Сохраняем…' : 'Сохранить всё'}
          </button>
        </div>
      </form>
      {guard.dialog}
    </section>
  );
}
