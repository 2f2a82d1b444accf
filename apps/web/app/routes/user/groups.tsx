import type { Route } from './+types/groups';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { GroupsScreen } from '../../features/groups/GroupsScreen.tsx';
import { privateMeta } from '../../ui/meta.ts';

/** /user/group/ 'Мои группы': the groups of the account's holder and their children, and the waiting lists they are on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const [groups, waiting] = await Promise.all([api.myGroups(), api.myWaiting()]);
  return { groups, waiting };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Мои группы');

export default function GroupsPage({ loaderData }: Route.ComponentProps) {
  return <GroupsScreen groups={loaderData.groups} waiting={loaderData.waiting} />;
}
