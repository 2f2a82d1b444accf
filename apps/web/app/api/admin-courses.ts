import type {
  AdminCourse,
  AdminCourseCard,
  AdminCoursePatch,
  AdminLearner,
  AdminLesson,
  AdminLink,
  AdminLinkCreate,
  AdminModule,
  AdminTest,
  Paginated,
} from '@crema/contract';
import { CSRF_HEADER, SESSION_COOKIES, WEB_CLIENT_HEADER } from '@crema/contract/rules';
import { ApiRequestError, toQuery, type ApiFetch } from './client.ts';
import { NETWORK_FAILED } from './problems.ts';
import { readCookie } from '../lib/cookies.ts';

// The course builder's calls (spec §7 Admin, decision 0035) for the admin course screens
// (decision 0036). A module of its own, not methods of client.ts: client.ts is in every public
// page's first load, these calls load only with the admin routes that import them.

async function json<T>(fetcher: ApiFetch, path: string, init?: Parameters<ApiFetch>[1]): Promise<T> {
  const res = await fetcher(path, init);
  const body: unknown = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
  if (!res.ok) throw new ApiRequestError(res.status, body, path);
  return body as T;
}

const post = (body: unknown) => ({ method: 'POST', body });
const patch = (body: unknown) => ({ method: 'PATCH', body });
const del = { method: 'DELETE' };

export interface AdminPendingGrant {
  id: number;
  email: string;
  access_until: string | null;
  created_at: string;
}
export interface AdminAudience extends Paginated<AdminLearner> {
  pending?: AdminPendingGrant[];
}
export interface AdminUpload {
  key: string;
  url: string;
  content_type: string;
  size_bytes: number;
  original_name: string;
  width: number | null;
  height: number | null;
}
export interface Invitation {
  course: { id: number; title: string; slug: string };
  access_until: string | null;
}
export type ContentItem = { type: 'lesson' | 'test'; id: number };

/** The admin calls, through the same fetch as the rest (loaders: in-process; browser: browserFetch). */
export function createAdminApi(fetcher: ApiFetch) {
  return {
    courses: (query: { search?: string; status?: 'draft' | 'published'; page?: number; page_size?: number } = {}) =>
      json<Paginated<AdminCourseCard>>(fetcher, `/api/admin/courses/${toQuery(query)}`),
    createCourse: (body: { title: string; category_id: number; is_kids?: boolean }) =>
      json<AdminCourse>(fetcher, '/api/admin/courses/', post(body)),
    course: (id: number) => json<AdminCourse>(fetcher, `/api/admin/courses/${id}/`),
    updateCourse: (id: number, body: AdminCoursePatch) => json<AdminCourse>(fetcher, `/api/admin/courses/${id}/`, patch(body)),
    deleteCourse: (id: number) => json<unknown>(fetcher, `/api/admin/courses/${id}/`, del),

    modules: (courseId: number) => json<AdminModule[]>(fetcher, `/api/admin/courses/${courseId}/modules/`),
    createModule: (courseId: number, title: string) => json<AdminModule>(fetcher, `/api/admin/courses/${courseId}/modules/`, post({ title })),
    setModuleOrder: (courseId: number, order: number[]) =>
      json<unknown>(fetcher, `/api/admin/courses/${courseId}/modules/set-order/`, post({ order })),
    renameModule: (id: number, title: string) => json<unknown>(fetcher, `/api/admin/modules/${id}/`, patch({ title })),
    deleteModule: (id: number) => json<unknown>(fetcher, `/api/admin/modules/${id}/`, del),
    createLesson: (moduleId: number, title: string) =>
      json<{ id: number }>(fetcher, `/api/admin/modules/${moduleId}/lessons/`, post({ title })),
    createTest: (moduleId: number, name: string) => json<{ id: number }>(fetcher, `/api/admin/modules/${moduleId}/tests/`, post({ name })),
    setContentOrder: (moduleId: number, order: ContentItem[]) =>
      json<unknown>(fetcher, `/api/admin/modules/${moduleId}/content/set-order/`, post({ order })),
    renameLesson: (id: number, title: string) => json<unknown>(fetcher, `/api/admin/lessons/${id}/`, patch({ title })),
    deleteLesson: (id: number) => json<unknown>(fetcher, `/api/admin/lessons/${id}/`, del),
    renameTest: (id: number, name: string) => json<unknown>(fetcher, `/api/admin/tests/${id}/`, patch({ name })),
    deleteTest: (id: number) => json<unknown>(fetcher, `/api/admin/tests/${id}/`, del),
    // Copies (decision 0040): next to the original, or at the end of `moduleId` (any of the owner's courses).
    duplicateLesson: (id: number, moduleId?: number) =>
      json<AdminLesson>(fetcher, `/api/admin/lessons/${id}/duplicate/`, post(moduleId === undefined ? {} : { module_id: moduleId })),
    duplicateTest: (id: number, moduleId?: number) =>
      json<AdminTest>(fetcher, `/api/admin/tests/${id}/duplicate/`, post(moduleId === undefined ? {} : { module_id: moduleId })),
    duplicateCourse: (id: number) => json<AdminCourse>(fetcher, `/api/admin/courses/${id}/duplicate/`, post({})),

    links: (courseId: number) => json<AdminLink[]>(fetcher, `/api/admin/courses/${courseId}/links/`),
    createLink: (courseId: number, body: AdminLinkCreate) => json<AdminLink>(fetcher, `/api/admin/courses/${courseId}/links/`, post(body)),
    setLinkActive: (courseId: number, linkId: number, isActive: boolean) =>
      json<AdminLink>(fetcher, `/api/admin/courses/${courseId}/links/${linkId}/`, patch({ is_active: isActive })),

    audience: (courseId: number, query: { search?: string; page?: number; page_size?: number } = {}) =>
      json<AdminAudience>(fetcher, `/api/admin/courses/${courseId}/audience/${toQuery(query)}`),
    addLearner: (courseId: number, body: { email: string; access_until?: string | null }) =>
      json<{ status: 'enrolled' | 'already' | 'invited'; detail: string }>(fetcher, `/api/admin/courses/${courseId}/audience/`, post(body)),
    endAccess: (courseId: number, userCourseId: number) => json<unknown>(fetcher, `/api/admin/courses/${courseId}/audience/${userCourseId}/`, del),
    withdrawGrant: (courseId: number, grantId: number) =>
      json<unknown>(fetcher, `/api/admin/courses/${courseId}/audience/pending/${grantId}/`, del),

    invitation: (token: string) => json<Invitation>(fetcher, `/api/invitations/${encodeURIComponent(token)}/`),
    acceptInvitation: (body: { token: string; email?: string; code?: string }) =>
      json<{ user_course_id: number }>(fetcher, '/api/auth/token/invitation/', post(body)),
    sendCode: (email: string) => json<{ resend_after?: number }>(fetcher, '/api/auth/send_code/email/', post({ email })),
  };
}
export type AdminApi = ReturnType<typeof createAdminApi>;

/** POST /api/admin/uploads/?kind=…: one file as multipart (the JSON fetch cannot carry it). */
export async function uploadFile(file: File, kind: 'image' | 'file' | 'video'): Promise<AdminUpload> {
  const headers: Record<string, string> = { accept: 'application/json', [WEB_CLIENT_HEADER]: 'web' };
  const csrf = readCookie(document.cookie, SESSION_COOKIES.csrf);
  if (csrf) headers[CSRF_HEADER] = csrf;
  const form = new FormData();
  form.append('file', file);
  const path = `/api/admin/uploads/?kind=${kind}`;
  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', credentials: 'same-origin', headers, body: form });
  } catch {
    throw new ApiRequestError(0, { detail: NETWORK_FAILED }, path);
  }
  const body: unknown = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
  if (!res.ok) throw new ApiRequestError(res.status, body, path);
  return body as AdminUpload;
}
