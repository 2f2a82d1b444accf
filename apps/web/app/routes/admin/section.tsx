import { data } from 'react-router';
import type { Route } from './+types/section';
import { pageUrl, requireCourseOwner } from '../../lib/session.server.ts';
import { SECTIONS } from '../user/sections.ts';
import { privateMeta } from '../../ui/meta.ts';
import { SectionPage } from '../user/SectionPage.tsx';

/** /admin/courses/ (and the 404 page for other /admin/ addresses), for course owners only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const path = pageUrl(request).pathname;
  const section = path.startsWith('/admin/') ? SECTIONS[path] : undefined;
  if (!section) throw data(null, { status: 404 });
  return { section };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => privateMeta(matches, loaderData?.section.title);

export default function AdminSection({ loaderData }: Route.ComponentProps) {
  return <SectionPage section={loaderData.section} />;
}
