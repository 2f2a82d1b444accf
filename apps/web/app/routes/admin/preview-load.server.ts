import type { AppLoadContext } from 'react-router';
import { createAdminApi } from '../../api/admin.ts';
import { previewItems, previewOutline } from '../../features/learning/preview.ts';
import { courseIdParam, orNotFound } from './course-load.server.ts';

/**
 * The owner's course with every lesson and test in learners' order, drafts included (decision
 * 0041): the course, its modules and its final tests, three admin reads side by side. Another
 * owner's course, like a missing one, is the 404 page (the admin API answers 404).
 */
export async function loadPreviewCourse(context: AppLoadContext, idParam: string | undefined) {
  const id = courseIdParam(idParam);
  const api = createAdminApi(context.api);
  const [course, modules, finals] = await Promise.all([
    orNotFound(() => api.course(id)),
    orNotFound(() => api.modules(id)),
    orNotFound(() => api.adminFinalTests(id)),
  ]);
  const items = previewItems(modules, finals);
  return { course: { id: course.id, title: course.title, is_published: course.is_published, outline: previewOutline(modules, items) }, items };
}
