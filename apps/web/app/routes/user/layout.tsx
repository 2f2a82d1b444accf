import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { requireUser } from '../../lib/session.server.ts';
import { AccountSidebar } from './AccountSidebar.tsx';
import './account.css';

/** /user/*: signed-in people only (a guest is sent to sign in and back); sidebar and page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await requireUser(request, context) };
}

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container account">
      <AccountSidebar user={loaderData.user} />
      <div className="account__main">
        <Outlet />
      </div>
    </div>
  );
}
