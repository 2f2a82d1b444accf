import type { Route } from './+types/layout';
import { requireCourseOwner, pageUrl } from '../../lib/session.server.ts';
import { loadOwnCourse } from './course-load.server.ts';
import { AdminFrame, type AdminCourseHead } from '../../features/admin-courses/AdminFrame.tsx';
import { courseIdOf } from '../../features/admin-courses/paths.ts';
import { AccountSidebar } from '../../features/account/AccountSidebar.tsx';
import { createAdminApi } from '../../api/admin.ts';
import { createSiteApi } from '../../api/admin-site.ts';

/**
 * /admin/*: course owners and school staff only. A guest is sent to sign in and back; anyone else gets the 404
 * page (the section does not exist for them). The admin layout (decision
 * 0036): on a course's pages the sidebar is the course's sub-menu; another owner's course is 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCourseOwner(request, context);
  const id = courseIdOf(pageUrl(request).pathname);
  let course: AdminCourseHead | null = null;
  if (id !== null) {
    const found = await loadOwnCourse(context, String(id));
    course = { id: found.id, title: found.title, is_published: found.is_published };
  }
  // Staff see the count of new applications in the menu (decision 0066): one indexed count. A failure
  // costs the number only, never the page.
  // And of new reviews waiting for them (decision 0073), on the site's reviews tab.
  const admin = createAdminApi(context.api);
  const count = (call: () => Promise<{ count: number }>) =>
    user.is_staff
      ? call()
          .then((r) => r.count)
          .catch(() => null)
      : Promise.resolve(null);
  const [newApplications, newReviews] = await Promise.all([count(admin.newApplications), count(createSiteApi(context.api).newSiteReviews)]);
  return { user, course, newApplications, newReviews };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AdminFrame accountSidebar={<AccountSidebar user={loaderData.user} />} course={loaderData.course} staff={loaderData.user.is_staff} newApplications={loaderData.newApplications} />;
}
