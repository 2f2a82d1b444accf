import type { Route } from './+types/groups';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { GroupsScreen } from '../../features/groups/GroupsScreen.tsx';
import { privateMeta } from '../../ui/meta.ts';

/** /user/group/ 'Мои группы': the groups of the account's holder and their children. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return { groups: await createApi(context.api).myGroups() };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Мои группы');

export default function GroupsPage({ loaderData }: Route.ComponentProps) {
  return <GroupsScreen groups={loaderData.groups} />;
}
