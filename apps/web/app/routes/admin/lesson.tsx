import { lazy, Suspense } from 'react';
import type { Route } from './+types/lesson';
import { createAdminApi } from '../../api/admin.ts';
import { requireCourseOwner } from '../../lib/session.server.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { LessonEditor, type RenderBlocks } from '../../features/admin-lesson/LessonEditor.tsx';
import '../../features/learning/learning.css';

/**
 * /admin/lessons/{id}/: the lesson editor (decision 0037) for the lesson's course owner;
 * another owner's lesson, like a missing one, is the 404 page (the API answers 404 for both).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCourseOwner(request, context);
  const api = createAdminApi(context.api);
  const id = pathId(params.id);
  const [lesson, content] = await Promise.all([orNotFound(api.lesson(id)), orNotFound(api.lessonBlocks(id))]);
  return { lesson, content };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privateMeta(matches, loaderData ? `Урок «${loaderData.lesson.title}» — редактор` : undefined);

/**
 * The preview: the learners' own block renderer (the study page's), with the server's view of each
 * block. It shows only after 'Просмотр' is pressed, so it loads then, not with the editor.
 */
const LessonBlocks = lazy(() => import('../../features/content/LessonBlocks.tsx').then((module) => ({ default: module.LessonBlocks })));
const renderBlocks: RenderBlocks = (blocks, lesson) => (
  <Suspense fallback={<p className="learn-note">Загружаем просмотр…</p>}>
    <LessonBlocks blocks={blocks} courseId={lesson.course.id} lessonId={lesson.id} />
  </Suspense>
);

// The editor takes the loader's data once (keyed by the lesson): a later revalidation does not
// replace what the person is typing; saves answer the new content themselves.
export default function AdminLessonPage({ loaderData }: Route.ComponentProps) {
  return <LessonEditor key={loaderData.lesson.id} lesson={loaderData.lesson} content={loaderData.content} renderBlocks={renderBlocks} />;
}
