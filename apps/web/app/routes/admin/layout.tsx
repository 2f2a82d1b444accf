import type { Route } from './+types/layout';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { AccountFrame } from '../../features/account/AccountSidebar.tsx';

/**
 * /admin/*: course owners only. A guest is sent to sign in and back; anyone else gets the 404
 * page (the section does not exist for them). Until the admin issue builds its own layout
 * (spec §2 Layouts 1), the account sidebar stands in for the main sidebar.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await requireCourseOwner(request, context) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AccountFrame user={loaderData.user} />;
}
