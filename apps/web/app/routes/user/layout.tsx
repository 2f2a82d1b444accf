import type { Route } from './+types/layout';
import { createApi } from '../../api/client.ts';
import { readCookie } from '../../lib/cookies.ts';
import { requireUser } from '../../lib/session.server.ts';
import { AccountFrame } from '../../features/account/AccountSidebar.tsx';
import { dismissedKeys, keyOf, RECONSENT_COOKIE } from '../../features/account/ReconsentPrompt.tsx';

/**
 * /user/*: signed-in people only (a guest is sent to sign in and back); sidebar and page. The
 * re-consent questions (decision 0046) are read here, beside the session check, so the server
 * renders them above the page and nothing moves when the page has shown (decision 0083). A
 * failed read only leaves them to the browser.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, pending] = await Promise.all([
    requireUser(request, context),
    createApi(context.api)
      .pendingConsents()
      .then(({ items }) => items)
      .catch(() => null),
  ]);
  const dismissed = dismissedKeys(readCookie(request.headers.get('cookie'), RECONSENT_COOKIE.name));
  return { user, pendingConsents: pending?.filter((item) => !dismissed.includes(keyOf(item))) ?? null };
}

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  return <AccountFrame user={loaderData.user} pendingConsents={loaderData.pendingConsents} />;
}
