import type { Route } from './+types/group';
import { requireCurator } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { createAttendanceApi } from '../../features/attendance/api.ts';
import { GroupScreen } from '../../features/attendance/GroupScreen.tsx';

/** /curator/groups/{id}/: a group's sessions and members; a group outside the person's scope is the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCurator(request, context);
  return { group: await orNotFound(createAttendanceApi(context.api).group(pathId(params.id))) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? `Посещаемость: ${loaderData.group.title}` : 'Посещаемость групп');

export default function CuratorGroupPage({ loaderData }: Route.ComponentProps) {
  return <GroupScreen group={loaderData.group} />;
}
