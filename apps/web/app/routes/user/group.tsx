import { useMemo } from 'react';
import type { Route } from './+types/group';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { GroupScreen } from '../../features/groups/GroupScreen.tsx';
import { groupStudyLinks } from '../../features/groups/paths.ts';
import { continueTarget } from '../../features/learning/links.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { Outline } from '../../features/learning/Outline.tsx';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /user/group/{id}/: one group with its timetable and, as its materials, the group's
 * programme (the learning feature's outline with the group's links; closed items locked). Someone
 * else's group, or one the account no longer studies in: the 404 page (the API's 404).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const id = pathId(params.id);
  const [group, outline] = await Promise.all([orNotFound(api.myGroup(id)), orNotFound(api.groupModules(id))]);
  const target = continueTarget(outline);
  const links = groupStudyLinks(id, outline);
  const continueTo = target ? (target.type === 'lesson' ? links.lesson(target.id) : links.test(target.id)) : null;
  return { group, outline, continueTo };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? `${loaderData.group.title} — ${loaderData.group.course.title}` : undefined);

export default function GroupPage({ loaderData }: Route.ComponentProps) {
  const { group, outline, continueTo } = loaderData;
  const links = useMemo(() => groupStudyLinks(group.id, outline), [group.id, outline]);
  return <GroupScreen group={group} continueTo={continueTo} programme={<Outline links={links} outline={outline} variant="overview" heading="h3" />} />;
}
