import type { Route } from './+types/groups';
import { requireCurator } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { createAttendanceApi } from '../../features/attendance/api.ts';
import { GroupsScreen } from '../../features/attendance/GroupsScreen.tsx';

/** /curator/groups/: the groups whose attendance the person marks (decision 0088). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCurator(request, context);
  return { groups: await createAttendanceApi(context.api).groups() };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Посещаемость групп');

export default function CuratorGroupsPage({ loaderData }: Route.ComponentProps) {
  return <GroupsScreen groups={loaderData.groups} />;
}
