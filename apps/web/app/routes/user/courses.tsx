import type { Route } from './+types/courses';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { MyCoursesScreen } from '../../features/payment/MyCoursesScreen.tsx';
import { privateMeta } from './sections.ts';

/** /user/courses/ 'Мое обучение': the enrolments of the account and its students (issue 11, first version). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return { courses: await createApi(context.api).userCourses() };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Мое обучение');

export default function MyCoursesPage({ loaderData }: Route.ComponentProps) {
  return <MyCoursesScreen courses={loaderData.courses} />;
}
