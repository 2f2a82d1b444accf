import { data, redirect } from 'react-router';
import type { Route } from './+types/section';
import { pageUrl, requireUser } from '../../lib/session.server.ts';
import { SECTIONS } from './sections.ts';
import { privateMeta } from '../../ui/meta.ts';
import { SectionPage } from './SectionPage.tsx';

/**
 * Every account page has its own module now; this one answers the rest: /user/ goes to 'Мое
 * обучение', any other /user/ address is the 404 page — for a signed-in person; a guest is sent to
 * sign in first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The layout checks too; checking here keeps the guard when only this loader runs.
  await requireUser(request, context);
  const path = pageUrl(request).pathname;
  if (path === '/user/') throw redirect('/user/courses/');
  const section = SECTIONS[path];
  if (!section || !path.startsWith('/user/')) throw data(null, { status: 404 });
  return { section };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => privateMeta(matches, loaderData?.section.title);

export default function UserSection({ loaderData }: Route.ComponentProps) {
  return <SectionPage section={loaderData.section} />;
}
