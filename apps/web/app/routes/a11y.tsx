import { redirect } from 'react-router';
import type { Route } from './+types/a11y';
import { readCookie } from '../lib/cookies.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import {
  A11Y_COOKIE,
  A11Y_DEFAULTS,
  A11Y_GROUPS,
  A11Y_OPTIONS,
  a11yBackPath,
  a11yFromQuery,
  parseA11y,
  serializeA11y,
} from '../features/a11y/settings.ts';
import '../features/a11y/a11y-panel.css';

/**
 * /a11y/: the version for visually impaired visitors without scripts (decision 0044).
 * The header's 'Версия для слабовидящих' is a form that comes here when scripts do not run (with
 * them it opens the panel instead). Plain GET addresses, each answered by the server:
 * - `/a11y/?back=/x/` switches the version on with the defaults (once, through `on=1`, so a
 *   browser that keeps no cookies does not go round in circles) and shows the settings form;
 * - `/a11y/?apply=1&size=200&scheme=blue&…&back=/x/` (the form) keeps the settings, back to /x/;
 * - `/a11y/?off=1&back=/x/` ('Обычная версия') deletes the cookie, back to /x/.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const back = a11yBackPath(query.get('back'));
  const secure = context.publicUrl.startsWith('https:') ? '; Secure' : '';
  const setCookie = (value: string, maxAgeS: number) => ({
    'Set-Cookie': `${A11Y_COOKIE.name}=${encodeURIComponent(value)}; Max-Age=${maxAgeS}; Path=/; SameSite=Lax${secure}`,
  });
  if (query.has('off')) throw redirect(back, { headers: setCookie('', 0) });
  if (query.has('apply')) throw redirect(back, { headers: setCookie(serializeA11y(a11yFromQuery(query)), A11Y_COOKIE.maxAgeS) });
  const settings = parseA11y(readCookie(request.headers.get('cookie'), A11Y_COOKIE.name));
  if (!settings && !query.has('on')) {
    throw redirect(`/a11y/?on=1&back=${encodeURIComponent(back)}`, { headers: setCookie(serializeA11y(A11Y_DEFAULTS), A11Y_COOKIE.maxAgeS) });
  }
  return { settings: settings ?? A11Y_DEFAULTS, back };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootDataOf(matches), {
    title: 'Версия для слабовидящих',
    description: 'Размер шрифта, цветовая схема, интервалы, шрифт и изображения.',
    path: '/a11y/',
    noindex: true,
  });

export default function A11ySettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings, back } = loaderData;
  return (
    <main className="page container a11y-page">
      <h1 className="page__title">Версия для слабовидящих</h1>
      <form method="get" action="/a11y/" className="a11y-panel__inner">
        <input type="hidden" name="apply" value="1" />
        <input type="hidden" name="back" value={back} />
        {A11Y_GROUPS.map((group) => (
          <fieldset key={group.key} className="a11y-panel__group">
            <legend>{group.legend}</legend>
            {A11Y_OPTIONS[group.key].map((value) => (
              <label key={value} className="a11y-panel__option">
                <input type="radio" name={group.key} value={value} defaultChecked={settings[group.key] === value} />
                <span className={group.key === 'scheme' ? `a11y-panel__sample--${value}` : undefined}>{group.labels[value]}</span>
              </label>
            ))}
          </fieldset>
        ))}
        <div className="a11y-panel__actions">
          <button type="submit" className="button button--primary">
            Применить и вернуться
          </button>
          <a className="button button--ghost" href={`/a11y/?off=1&back=${encodeURIComponent(back)}`}>
            Обычная версия
          </a>
          <a className="button button--ghost" href={back}>
            Вернуться без изменений
          </a>
        </div>
      </form>
    </main>
  );
}
