import { data, redirect } from 'react-router';
import type { Route } from './+types/lesson';
import { ApiRequestError, createApi } from '../../api/client.ts';
import { pageUrl, requireUser } from '../../lib/session.server.ts';
import { continueTarget, courseLinks } from '../../features/learning/links.ts';
import { coursePath, lessonPath, testPath } from '../../ui/paths.ts';
import { orNotFound, pathId } from '../../ui/loaders.server.ts';
import { ClosedPlace, LessonScreen } from '../../features/learning/LessonScreen.tsx';
import { LessonBlocks } from '../../features/content/LessonBlocks.tsx';
import { HomeworkTask } from '../../features/content/HomeworkTask.tsx';
import { HomeworkPanel } from '../../features/homework/HomeworkPanel.tsx';
import { loadThreads } from '../../features/homework/api.ts';
import { studyTitle } from './sections.ts';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /user/courses/{id}/lessons/{lessonId}/?page=n: a lesson page in the course-study layout
 * (routes/user/study.tsx, its own layout, not the account's; it reads the outline for the sidebar). Without `{lessonId}` it continues where the learner stopped: the
 * first lesson not completed (then the first test not passed; all done: the overview).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const id = pathId(params.id);
  if (params.lessonId === undefined) {
    const target = continueTarget(await orNotFound(api.courseModules(id)));
    if (!target) throw redirect(coursePath(id));
    throw redirect(target.type === 'lesson' ? lessonPath(id, target.id) : testPath(id, target.id));
  }
  const lessonId = pathId(params.lessonId);
  const raw = pageUrl(request).searchParams.get('page');
  if (raw !== null && !/^[1-9]\d{0,4}$/.test(raw)) throw data(null, { status: 404 });
  const page = raw === null ? 1 : Number(raw);
  // One address per place: page 1 has no query.
  if (raw === '1') throw redirect(lessonPath(id, lessonId), 301);
  try {
    // Opening it records progress (the layout marks the lesson on screen opened in its outline).
    const lesson = await orNotFound(api.lessonPage(id, lessonId, page));
    // The learner's homework of the page's homework blocks: status, deadline, conversation.
    return { courseId: id, lesson, homework: await loadThreads(context.api, id, lesson.blocks), closed: null };
  } catch (error) {
    // A lesson waiting for a homework to be accepted (403): said calmly, with the homework named.
    if (!(error instanceof ApiRequestError && error.status === 403)) throw error;
    const outline = await orNotFound(api.courseModules(id));
    const module = outline.modules.find((entry) => entry.content.some((item) => item.type === 'lesson' && item.id === lessonId));
    const title = module?.content.find((item) => item.type === 'lesson' && item.id === lessonId)?.title;
    if (!module || !title) throw data(null, { status: 404 });
    const detail = (error.body as { detail?: unknown } | null)?.detail;
    return {
      courseId: id,
      lesson: null,
      homework: {},
      closed: { title, moduleTitle: module.title, text: typeof detail === 'string' ? detail : 'Урок пока закрыт.' },
    };
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData ? studyTitle(loaderData.lesson?.title ?? loaderData.closed?.title ?? '', matches) : undefined);

export default function LessonPage({ loaderData }: Route.ComponentProps) {
  const { courseId, lesson, homework, closed } = loaderData;
  if (!lesson) return <ClosedPlace kind={closed?.moduleTitle ?? ''} title={closed?.title ?? ''} text={closed?.text ?? ''} links={courseLinks(courseId)} />;
  return (
    <LessonScreen links={courseLinks(courseId)} lesson={lesson}>
      <LessonBlocks
        key={`${lesson.id}-${lesson.page}`}
        blocks={lesson.blocks}
        courseId={courseId}
        lessonId={lesson.id}
        homework={(block) => (
          <HomeworkTask block={block}>
            <HomeworkPanel enrolmentId={courseId} block={block} thread={homework[block.id] ?? null} />
          </HomeworkTask>
        )}
      />
    </LessonScreen>
  );
}
