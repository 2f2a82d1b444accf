import type { Route } from './+types/course';
import type { MyCertificates } from '@crema/contract';
import { createApi, json } from '../../api/client.ts';
import { CertificateLinks } from '../../features/learning/CertificateLinks.tsx';
import { requireUser } from '../../lib/session.server.ts';
import { CourseOverview } from '../../features/learning/CourseOverview.tsx';
import { CourseReview, learnerReviewApi } from '../../features/learning/CourseReview.tsx';
import { loadStudyCourse } from '../../features/learning/load.server.ts';
import { pathId } from '../../ui/loaders.server.ts';
import { privateMeta } from '../../ui/meta.ts';

/** /user/courses/{id}/: the course overview; `{id}` is the enrolment (decision 0028). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const id = pathId(params.id);
  // The learner's review of the course (decision 0073); a failure costs the review block only.
  // The certificate (decision 0085): a loader-only call; a failure costs its links only.
  const [course, review, certificates] = await Promise.all([
    loadStudyCourse(createApi(context.api), id),
    learnerReviewApi(context.api, id).get().catch(() => null),
    json<MyCertificates>(context.api, '/api/user/certificates/').catch(() => null),
  ]);
  return { course, review, certificates };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => privateMeta(matches, loaderData?.course.title);

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course, review, certificates } = loaderData;
  return (
    <CourseOverview
      course={course}
      certificate={<CertificateLinks enrolmentId={course.id} certificates={certificates} title={course.title} />}
      review={review ? <CourseReview key={course.id} courseId={course.id} initial={review} /> : null}
    />
  );
}
