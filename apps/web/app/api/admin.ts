import type { AdminBlocks, AdminBlocksPut, AdminLesson, AdminLessonPatch } from '@crema/contract';
import { ApiRequestError, type ApiFetch } from './client.ts';

// The course builder's calls (spec §7 Admin, decision 0035), typed like the site's one client
// (client.ts) and made through the same fetchers, but in a module of their own: only the admin
// route modules import it, so none of it reaches the public pages' first-load JavaScript.

async function json<T>(fetcher: ApiFetch, path: string, init?: Parameters<ApiFetch>[1]): Promise<T> {
  const res = await fetcher(path, init);
  const body: unknown = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
  if (!res.ok) throw new ApiRequestError(res.status, body, path);
  return body as T;
}

export function createAdminApi(fetcher: ApiFetch) {
  return {
    // A lesson and its content (GET/PATCH /api/admin/lessons/{id}/, GET/PUT …/blocks/).
    lesson: (id: number) => json<AdminLesson>(fetcher, `/api/admin/lessons/${id}/`),
    patchLesson: (id: number, changes: AdminLessonPatch) => json<AdminLesson>(fetcher, `/api/admin/lessons/${id}/`, { method: 'PATCH', body: changes }),
    lessonBlocks: (id: number) => json<AdminBlocks>(fetcher, `/api/admin/lessons/${id}/blocks/`),
    /** The whole content from the version `updated_at` (a newer one on the server: 409). */
    putLessonBlocks: (id: number, content: AdminBlocksPut) =>
      json<AdminBlocks>(fetcher, `/api/admin/lessons/${id}/blocks/`, { method: 'PUT', body: content }),
  };
}
export type AdminApi = ReturnType<typeof createAdminApi>;
