import type { Route } from "./+types/layout";
import { requireCurator } from "../../lib/session.server.ts";
import { AccountFrame } from "../../features/account/AccountSidebar.tsx";
// The admin screens' kit (fields, buttons, messages, empty states): the curators' screens use it too.
import "../../features/admin-courses/admin.css";

/**
 * /curator/*: curators of courses and groups, course owners and school staff (the API's curator level);
 * a guest is sent to sign in and back, anyone else gets the 404 page. The account's sidebar and the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await requireCurator(request, context) };
}

export default function CuratorLayout({ loaderData }: Route.ComponentProps) {
  return <AccountFrame user={loaderData.user} pendingConsents={null} />;
}
