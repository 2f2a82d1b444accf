import type { Route } from './+types/courses';
import type { MyCertificates } from '@crema/contract';
import { createApi, json } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { MyCoursesScreen } from '../../features/learning/MyCoursesScreen.tsx';
import { privateMeta } from '../../ui/meta.ts';

/** /user/courses/ 'Мое обучение': the enrolments of the account and its students. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const [courses, hidden, groups, grants, certificates] = await Promise.all([
    api.userCourses(),
    api.hiddenCourses(),
    api.myGroups(),
    api.pendingGrants(),
    // Loader-only call (decision 0085): checks the courses first; a failure costs the certificates' links only.
    json<MyCertificates>(context.api, '/api/user/certificates/').catch(() => null),
  ]);
  return { courses, hidden, groups: groups.length, pendingGrants: grants.pending_grants, certificates };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Мое обучение');

export default function MyCoursesPage({ loaderData }: Route.ComponentProps) {
  return (
    <MyCoursesScreen
      courses={loaderData.courses}
      hidden={loaderData.hidden}
      groups={loaderData.groups}
      pendingGrants={loaderData.pendingGrants}
      certificates={loaderData.certificates}
    />
  );
}
