import type { Route } from './+types/layout';
import { requireUser } from '../../lib/session.server.ts';
import { AccountFrame } from '../../features/account/AccountSidebar.tsx';

/** /user/*: signed-in people only (a guest is sent to sign in and back); sidebar and page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await requireUser(request, context) };
}

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  return <AccountFrame user={loaderData.user} />;
}
