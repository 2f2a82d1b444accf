import { useEffect, useRef, useState } from 'react';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import {
  A11Y_COOKIE,
  A11Y_DEFAULTS,
  A11Y_GROUPS,
  A11Y_OPTIONS,
  a11yAttributes,
  parseA11y,
  serializeA11y,
  type A11yKey,
  type A11ySettings,
} from './settings.ts';
import './a11y-panel.css';

// The panel of the version for visually impaired visitors (decision 0044): loaded when
// the header's 'Версия для слабовидящих' is pressed. A non-modal region at the top of the page;
// each choice writes the cookie and the attributes of <html> at once (styles/a11y.css does the rest).

/** Puts the settings on <html> and in the cookie; null returns to the normal version. */
function apply(settings: A11ySettings | null) {
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) if (name.startsWith('data-a11y')) root.removeAttribute(name);
  for (const [name, value] of Object.entries(a11yAttributes(settings))) root.setAttribute(name, value);
  writeCookie(A11Y_COOKIE.name, settings ? serializeA11y(settings) : '', settings ? A11Y_COOKIE.maxAgeS : 0);
}

/** Where the focus goes when the panel closes: the header's button, or the burger at 375 px or less. */
function focusOpener() {
  const button = document.querySelector<HTMLElement>('.site-header__actions .a11y-button');
  const target = button && button.offsetParent ? button : document.querySelector<HTMLElement>('.burger');
  target?.focus();
}

export default function A11yPanel({ onClose }: { onClose: () => void }) {
  const [settings, setSettings] = useState<A11ySettings>(
    () => parseA11y(readCookie(document.cookie, A11Y_COOKIE.name)) ?? A11Y_DEFAULTS,
  );
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // Opening the panel switches the accessible version on (with the defaults the first time).
    apply(settings);
    panelRef.current?.focus();
    // Only on opening: later choices apply in `choose`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const choose = (key: A11yKey, value: string) => {
    const next = { ...settings, [key]: value } as A11ySettings;
    setSettings(next);
    apply(next);
  };
  const close = () => {
    onClose();
    focusOpener();
  };

  return (
    <section
      ref={panelRef}
      id="a11y-panel"
      className="a11y-panel"
      aria-labelledby="a11y-panel-title"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
    >
      <div className="container a11y-panel__inner">
        <h2 id="a11y-panel-title" className="a11y-panel__title">
          Версия для слабовидящих
        </h2>
        {A11Y_GROUPS.map((group) => (
          <fieldset key={group.key} className="a11y-panel__group">
            <legend>{group.legend}</legend>
            {A11Y_OPTIONS[group.key].map((value) => (
              <label key={value} className="a11y-panel__option">
                <input
                  type="radio"
                  name={`a11y-${group.key}`}
                  value={value}
                  checked={settings[group.key] === value}
                  onChange={() => choose(group.key, value)}
                />
                <span className={group.key === 'scheme' ? `a11y-panel__sample--${value}` : undefined}>
                  {group.labels[value]}
                </span>
              </label>
            ))}
          </fieldset>
        ))}
        <div className="a11y-panel__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              apply(null);
              close();
            }}
          >
            Обычная версия
          </button>
          <button type="button" className="button button--ghost" onClick={close}>
            Скрыть настройки
          </button>
        </div>
      </div>
    </section>
  );
}
