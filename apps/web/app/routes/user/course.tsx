import type { Route } from './+types/course';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { CourseOverview } from '../../features/learning/CourseOverview.tsx';
import { loadStudyCourse } from '../../features/learning/load.server.ts';
import { pathId } from '../../ui/loaders.server.ts';
import { privateMeta } from '../../ui/meta.ts';

/** /user/courses/{id}/: the course overview; `{id}` is the enrolment (decision 0028). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  return { course: await loadStudyCourse(createApi(context.api), pathId(params.id)) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => privateMeta(matches, loaderData?.course.title);

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  return <CourseOverview course={loaderData.course} />;
}
