import type { Route } from './+types/layout';
import { requireCourseOwner, pageUrl } from '../../lib/session.server.ts';
import { createAdminApi } from '../../api/admin-courses.ts';
import { ApiRequestError } from '../../api/client.ts';
import { data } from 'react-router';
import { AdminFrame, type AdminCourseHead } from '../../features/admin-courses/AdminFrame.tsx';
import { courseIdOf } from '../../features/admin-courses/paths.ts';
import { AccountSidebar } from '../../features/account/AccountSidebar.tsx';

/**
 * /admin/*: course owners only. A guest is sent to sign in and back; anyone else gets the 404
 * page (the section does not exist for them). The admin layout of spec §2 Layouts 1 (decision
 * 0036): on a course's pages the sidebar is the course's sub-menu; another owner's course is 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCourseOwner(request, context);
  const id = courseIdOf(pageUrl(request).pathname);
  let course: AdminCourseHead | null = null;
  if (id !== null) {
    try {
      const found = await createAdminApi(context.api).course(id);
      course = { id: found.id, title: found.title, is_published: found.is_published };
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
      throw error;
    }
  }
  return { user, course };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AdminFrame accountSidebar={<AccountSidebar user={loaderData.user} />} course={loaderData.course} />;
}
