import type { Route } from "./+types/course-curators";
import { createAdminApi } from "../../api/admin.ts";
import { requireCourseOwner } from "../../lib/session.server.ts";
import { privateMeta } from "../../ui/meta.ts";
import { CuratorsScreen } from "../../features/admin-courses/CuratorsScreen.tsx";
import { courseIdParam, orNotFound } from "./course-load.server.ts";

/** /admin/courses/{id}/curators/: who checks the course's homework, and the course's groups to name a curator for. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const id = courseIdParam(params.id);
  const api = createAdminApi(context.api);
  const [curators, groups] = await Promise.all([
    orNotFound(() => api.curators(id)),
    api.adminProgressGroups(id),
  ]);
  return { courseId: id, curators, groups };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privateMeta(matches, "Кураторы курса");

export default function AdminCourseCuratorsPage({
  loaderData,
}: Route.ComponentProps) {
  return <CuratorsScreen key={loaderData.courseId} {...loaderData} />;
}
