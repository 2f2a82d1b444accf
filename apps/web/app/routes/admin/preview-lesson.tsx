import { data, redirect } from 'react-router';
import type { Route } from './+types/preview-lesson';
import { createAdminApi } from '../../api/admin.ts';
import { pageUrl, requireCourseOwner } from '../../lib/session.server.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { LessonScreen } from '../../features/learning/LessonScreen.tsx';
import { LessonBlocks } from '../../features/content/LessonBlocks.tsx';
import { previewLinks, previewNeighbours, previewPaths } from '../../features/learning/preview.ts';
import { DraftNote } from '../../features/learning/PreviewFrame.tsx';
import { privateMeta } from '../../ui/meta.ts';
import { loadPreviewCourse } from './preview-load.server.ts';

/**
 * /admin/courses/{id}/preview/lessons/{lessonId}/?page=n: one page of a lesson as learners see it
 * (the learners' LessonScreen and block renderer, decision 0041), drafts too, from the admin reads:
 * nothing is recorded. A lesson of another course, or a page beyond the last, is the 404 page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const lessonId = pathId(params.lessonId);
  const raw = pageUrl(request).searchParams.get('page');
  if (raw !== null && !/^[1-9]\d{0,4}$/.test(raw)) throw data(null, { status: 404 });
  const page = raw === null ? 1 : Number(raw);
  const api = createAdminApi(context.api);
  const [{ course, items }, lesson, content] = await Promise.all([
    loadPreviewCourse(context, params.id),
    orNotFound(api.lesson(lessonId)),
    orNotFound(api.lessonBlocks(lessonId)),
  ]);
  if (lesson.course.id !== course.id) throw data(null, { status: 404 });
  const pageCount = Math.max(1, content.pages.length);
  if (page > pageCount) throw data(null, { status: 404 });
  // One address per place: page 1 has no query.
  if (raw === '1') throw redirect(previewPaths.lesson(course.id, lessonId), 301);
  return {
    courseId: course.id,
    draft: !lesson.is_published,
    lesson: {
      id: lesson.id,
      title: lesson.title,
      module: lesson.module,
      duration_minutes: lesson.duration_minutes,
      page,
      page_count: pageCount,
      blocks: (content.pages[page - 1] ?? []).map((block) => block.view),
      status: 'not_started' as const,
      ...previewNeighbours(items, lessonId, page),
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? `Предпросмотр: ${loaderData.lesson.title}` : undefined);

export default function PreviewLessonPage({ loaderData }: Route.ComponentProps) {
  const { courseId, lesson, draft } = loaderData;
  return (
    <>
      <DraftNote draft={draft} />
      <LessonScreen links={previewLinks(courseId)} lesson={lesson}>
        <LessonBlocks key={`${lesson.id}-${lesson.page}`} blocks={lesson.blocks} courseId={courseId} lessonId={lesson.id} />
      </LessonScreen>
    </>
  );
}
