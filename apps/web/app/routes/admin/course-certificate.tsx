import type { Route } from './+types/course-certificate';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { CertificateScreen } from '../../features/admin-courses/CertificateScreen.tsx';
import { createCertificateApi } from '../../features/admin-courses/certificate-api.ts';
import { pageParam } from '../../features/content/load.ts';
import { courseIdParam, orNotFound } from './course-load.server.ts';

/** /admin/courses/{id}/certificate/: the course's certificate settings and the certificates issued (decision 0085). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const id = courseIdParam(params.id);
  const url = new URL(request.url);
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, 100);
  const page = pageParam(url) ?? 1;
  const api = createCertificateApi(context.api);
  const [settings, list] = await orNotFound(() => Promise.all([api.settings(id), api.list(id, { search, page })]));
  return { courseId: id, settings, list, search, page };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Сертификат');

export default function AdminCourseCertificatePage({ loaderData }: Route.ComponentProps) {
  return <CertificateScreen key={loaderData.courseId} {...loaderData} />;
}
