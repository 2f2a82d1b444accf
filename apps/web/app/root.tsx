import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { useEffect } from 'react';
import type { Route } from './+types/root';
import './lib/context.ts';
import './styles/global.css';
import './styles/a11y.css';
import { createApi } from './api/client.ts';
import { loadSiteConfigs } from './lib/configs.server.ts';
import { COOKIES, readCookie } from './lib/cookies.ts';
import { sessionChangePending } from './lib/session.ts';
import { sessionUser } from './lib/session.server.ts';
import { parseMetaTags } from './lib/head.ts';
import { parseCounters } from './lib/counters.server.ts';
import { documentTitle } from './lib/seo.ts';
import { RESTORE_LINK_SCRIPT } from './lib/restore-link.ts';
import { A11Y_COOKIE, a11yAttributes, parseA11y } from './features/a11y/settings.ts';
import { useRootData, type RootData } from './lib/root-data.ts';
import { SiteLayout } from './components/layout/SiteLayout.tsx';
import { ErrorPage } from './components/layout/ErrorPage.tsx';
import { ProgressBar } from './components/layout/ProgressBar.tsx';
import { JsonLd } from './components/seo/JsonLd.tsx';
import { useNonce } from './lib/csp.ts';
import { useChunkReloadGuard, isChunkLoadError, reloadOnceForChunkError } from './lib/chunk-reload.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = createApi(context.api);
  const [configs, headerMenu, footerMenu, categories, headerBanners, user] = await Promise.all([
    loadSiteConfigs(context.api),
    api.menu('header_menu'),
    api.menu('footer_menu'),
    api.categories(),
    api.banners('header'),
    // No call for a guest without session cookies.
    sessionUser(context),
  ]);
  const cookie = request.headers.get('cookie');
  const banner = headerBanners[0] ?? null;
  const dismissedBanner = readCookie(cookie, COOKIES.hideHeaderBanner.name);
  // The raw snippets are only needed here, parsed; the page does not ship them twice.
  const { COUNTERS, META_TAGS, ...publicConfigs } = configs;
  return data<RootData>({
    configs: publicConfigs,
    headerMenu,
    footerMenu,
    categories,
    headerBanner: banner && dismissedBanner !== String(banner.id) ? banner : null,
    cookiesAccepted: readCookie(cookie, COOKIES.hideCookiesPanel.name) === '1',
    metaTags: parseMetaTags(META_TAGS),
    publicUrl: context.publicUrl,
    counters: parseCounters(COUNTERS),
    restoreLink: new URL(request.url).searchParams.has('restore'),
    user,
    a11y: a11yAttributes(parseA11y(readCookie(cookie, A11Y_COOKIE.name))),
  });
}

// The shell's data changes only with the content itself and the session: do not refetch it on
// every click, only after a form post or a sign-in or sign-out (lib/session.ts useSessionChanged).
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (sessionChangePending()) return true;
  return formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

export const meta: Route.MetaFunction = ({ data, error }) => {
  const configs = data?.configs ?? {};
  const siteName = configs.SITE_NAME ?? 'Crema';
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: documentTitle(notFound ? 'Такой страницы нет' : 'Ошибка обращения к сервису', siteName) },
      { name: 'robots', content: 'noindex' },
    ];
  }
  return [
    { title: siteName },
    ...(configs.SITE_DESCRIPTION ? [{ name: 'description', content: configs.SITE_DESCRIPTION }] : []),
    ...(configs.SITE_KEYWORDS ? [{ name: 'keywords', content: configs.SITE_KEYWORDS }] : []),
    ...(data?.metaTags ?? []),
  ];
};

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** Structured data of the matched routes: each loader may return `jsonLd` (lib/structured-data.server.ts). */
function useJsonLd(): unknown[] {
  return useMatches().flatMap((match) => {
    const jsonLd = (match.loaderData as { jsonLd?: unknown } | undefined)?.jsonLd;
    return Array.isArray(jsonLd) ? jsonLd : [];
  });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const jsonLd = useJsonLd();
  const nonce = useNonce();
  return (
    // The accessible version's settings are on <html> in the server HTML: applied before the first paint.
    <html lang="ru" {...root?.a11y}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3b2418" />
        {root?.restoreLink ? (
          // Before the counters below: the restore token is out of the address before they can read it.
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_LINK_SCRIPT }} />
        ) : null}
        <Meta />
        <Links />
        {jsonLd.map((item, index) => (
          <JsonLd key={index} data={item} nonce={nonce} />
        ))}
        {root?.counters.scripts.map((script, index) => (
          // The school's own counters run once, from the server-rendered HTML.
          <script
            key={index}
            src={script.src}
            async={script.async}
            defer={script.defer}
            type={script.type}
            id={script.id}
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={script.content ? { __html: script.content } : undefined}
          />
        ))}
      </head>
      <body>
        <ProgressBar />
        {root ? <SiteLayout data={root}>{children}</SiteLayout> : children}
        <ScrollRestoration />
        <Scripts />
        {root?.counters.rest ? (
          <div hidden suppressHydrationWarning dangerouslySetInnerHTML={{ __html: root.counters.rest }} />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  useChunkReloadGuard();
  useEffect(() => {
    // A mark for browser tests (and support): the page's scripts have taken over from the server HTML.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isChunkLoadError(error)) reloadOnceForChunkError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status === 404 || status === 503 ? status : 500} />;
}
