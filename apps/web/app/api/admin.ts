import type {
  AdminBlocks,
  AdminBlocksPut,
  AdminLesson,
  AdminLessonPatch,
  AdminCourse,
  AdminCourseCard,
  AdminGroupOption,
  AdminProgressRow,
  AdminQuestion,
  AdminQuestionPatch,
  AdminTest,
  AdminTestPatch,
  Paginated,
} from '@crema/contract';
import { browserFetch } from './browser.ts';
import { json, toQuery, type ApiFetch } from './client.ts';

// The course builder's calls of the typed client (issue 14, decisions 0037 and 0038): lessons and
// their content, tests, questions, final tests and learners' progress. Made through the site's
// fetchers and `json` (client.ts), but in a file of its own in a chunk of its own (vite.config.ts),
// so the admin calls add nothing to the public pages' `api` chunk.

const post = (body: unknown) => ({ method: 'POST', body });
const patch = (body: unknown) => ({ method: 'PATCH', body });

/** Filters of the owners' progress list and its export (the same query). */
export type AdminProgressFilters = {
  course?: number;
  group?: number;
  search?: string;
};

/** The file of the owners' progress list with the same filters (a plain link: the session cookies go with it). */
export const adminProgressExportUrl = (format: 'csv' | 'xlsx', filters: AdminProgressFilters) =>
  `/api/admin/progress/export/${toQuery({ format, ...filters })}`;

export function createAdminApi(fetcher: ApiFetch) {
  return {
    // A lesson and its content (GET/PATCH /api/admin/lessons/{id}/, GET/PUT …/blocks/).
    lesson: (id: number) => json<AdminLesson>(fetcher, `/api/admin/lessons/${id}/`),
    patchLesson: (id: number, changes: AdminLessonPatch) => json<AdminLesson>(fetcher, `/api/admin/lessons/${id}/`, patch(changes)),
    lessonBlocks: (id: number) => json<AdminBlocks>(fetcher, `/api/admin/lessons/${id}/blocks/`),
    /** The whole content from the version `updated_at` (a newer one on the server: 409). */
    putLessonBlocks: (id: number, content: AdminBlocksPut) =>
      json<AdminBlocks>(fetcher, `/api/admin/lessons/${id}/blocks/`, { method: 'PUT', body: content }),
    adminCourse: (id: number) => json<AdminCourse>(fetcher, `/api/admin/courses/${id}/`),
    adminCourses: (
      query: {
        search?: string;
        status?: 'draft' | 'published';
        page?: number;
        page_size?: number;
      } = {},
    ) => json<Paginated<AdminCourseCard>>(fetcher, `/api/admin/courses/${toQuery(query)}`),
    adminTest: (id: number) => json<AdminTest>(fetcher, `/api/admin/tests/${id}/`),
    updateAdminTest: (id: number, changes: AdminTestPatch) => json<AdminTest>(fetcher, `/api/admin/tests/${id}/`, patch(changes)),
    adminFinalTests: (courseId: number) => json<AdminTest[]>(fetcher, `/api/admin/courses/${courseId}/tests/`),
    addAdminFinalTest: (courseId: number, name: string) => json<AdminTest>(fetcher, `/api/admin/courses/${courseId}/tests/`, post({ name })),
    /** A draft copy right after the original (a final test: among the course's final tests; decision 0040). */
    duplicateAdminTest: (id: number) => json<AdminTest>(fetcher, `/api/admin/tests/${id}/duplicate/`, post({})),
    adminQuestions: (testId: number) => json<AdminQuestion[]>(fetcher, `/api/admin/tests/${testId}/questions/`),
    addAdminQuestion: (testId: number, body: AdminQuestionPatch) => json<AdminQuestion>(fetcher, `/api/admin/tests/${testId}/questions/`, post(body)),
    updateAdminQuestion: (testId: number, questionId: number, changes: AdminQuestionPatch) =>
      json<AdminQuestion>(fetcher, `/api/admin/tests/${testId}/questions/${questionId}/`, patch(changes)),
    deleteAdminQuestion: (testId: number, questionId: number) =>
      json<unknown>(fetcher, `/api/admin/tests/${testId}/questions/${questionId}/`, { method: 'DELETE' }),
    adminProgress: (query: AdminProgressFilters & { page?: number; page_size?: number }) =>
      json<Paginated<AdminProgressRow>>(fetcher, `/api/admin/progress/${toQuery(query)}`),
    adminProgressGroups: (course?: number) => json<AdminGroupOption[]>(fetcher, `/api/admin/progress/groups/${toQuery({ course })}`),
  };
}
export type AdminApi = ReturnType<typeof createAdminApi>;

/** The admin calls as the browser makes them. */
export const adminBrowserApi = createAdminApi(browserFetch);
