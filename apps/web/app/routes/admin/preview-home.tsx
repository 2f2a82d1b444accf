import { Link } from 'react-router';
import type { Route } from './+types/preview-home';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { Outline } from '../../features/learning/Outline.tsx';
import { previewLinks } from '../../features/learning/preview.ts';
import { privateMeta } from '../../ui/meta.ts';
import { loadPreviewCourse } from './preview-load.server.ts';

/**
 * /admin/courses/{id}/preview/: the start of the preview (decision 0041): the course's outline as
 * the learners' overview lists it (the learners' Outline; drafts marked) and 'Начать обучение'.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const { course, items } = await loadPreviewCourse(context, params.id);
  return { course, first: items[0] ?? null, count: items.length, drafts: items.filter((item) => item.draft).length };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? `Предпросмотр: ${loaderData.course.title}` : undefined);

export default function PreviewHomePage({ loaderData }: Route.ComponentProps) {
  const { course, first, count, drafts } = loaderData;
  const links = previewLinks(course.id);
  return (
    <article className="lesson learn-overview" aria-labelledby="lesson-title">
      <p className="lesson__module">Содержание курса</p>
      <h1 className="lesson__title" id="lesson-title">
        {course.title}
      </h1>
      <div className="learn-overview__summary">
        <p className="learn-overview__count">
          {count ? `Уроков и тестов: ${count}${drafts ? `, из них черновиков: ${drafts}` : ''}` : 'Материалы курса скоро появятся.'}
        </p>
        {first ? (
          <Link className="button button--primary" to={first.type === 'lesson' ? links.lesson(first.id) : links.test(first.id)}>
            Начать обучение
          </Link>
        ) : null}
      </div>
      <Outline links={links} outline={course.outline} variant="overview" heading="h2" />
    </article>
  );
}
