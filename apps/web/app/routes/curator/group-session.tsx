import type { Route } from './+types/group-session';
import { requireCurator } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { createAttendanceApi } from '../../features/attendance/api.ts';
import { SheetScreen } from '../../features/attendance/SheetScreen.tsx';

/** /curator/groups/{id}/sessions/{sessionId}/: a session's list to mark; another's group or session is the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCurator(request, context);
  return { sheet: await orNotFound(createAttendanceApi(context.api).sheet(pathId(params.id), pathId(params.sessionId))) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? `Посещаемость: ${loaderData.sheet.session.title}` : 'Посещаемость групп');

export default function CuratorSessionPage({ loaderData }: Route.ComponentProps) {
  return <SheetScreen sheet={loaderData.sheet} />;
}
