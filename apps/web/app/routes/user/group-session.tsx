import type { Route } from './+types/group-session';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { SessionScreen, type SessionStep } from '../../features/groups/SessionScreen.tsx';
import { groupStudyLinks } from '../../features/groups/paths.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /user/group/{id}/schedule/{scheduleId}/: one session of my group, with its lesson or
 * test as the group's programme has it (open: a link to study it in the group; closed: when it opens).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const id = pathId(params.id);
  const [session, outline] = await Promise.all([orNotFound(api.myGroupSession(id, pathId(params.scheduleId))), orNotFound(api.groupModules(id))]);
  const links = groupStudyLinks(id, outline);
  const items = [...outline.modules.flatMap((module) => module.content), ...outline.final_tests.map((test) => ({ ...test, type: 'test' as const }))];
  const tied = session.lesson ? { type: 'lesson' as const, ...session.lesson } : session.test ? { type: 'test' as const, ...session.test } : null;
  const item = tied ? items.find((entry) => entry.type === tied.type && entry.id === tied.id) : undefined;
  const step: SessionStep | null =
    tied && item
      ? {
          type: tied.type,
          title: tied.title,
          to: tied.type === 'lesson' ? links.lesson(tied.id) : links.test(tied.id),
          isOpen: item.is_open,
          opensAt: item.opens_at,
        }
      : null;
  return { session, step };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? `${loaderData.session.title} — ${loaderData.session.group.title}` : undefined);

export default function GroupSessionPage({ loaderData }: Route.ComponentProps) {
  return <SessionScreen session={loaderData.session} step={loaderData.step} />;
}
