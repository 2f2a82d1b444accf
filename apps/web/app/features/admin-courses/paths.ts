// The admin course screens' addresses (decision 0036). Here, not in
// lib/paths.ts: that object is in every public page's first load.
export const adminPaths = {
  courses: () => '/admin/courses/',
  addCourse: () => '/admin/courses/add/',
  /** The course's programme: modules, lessons and tests. */
  programme: (id: number) => `/admin/courses/${id}/`,
  edit: (id: number) => `/admin/courses/${id}/edit/`,
  finalTests: (id: number) => `/admin/courses/${id}/test/`,
  audience: (id: number) => `/admin/courses/${id}/audience/`,
  addLearner: (id: number) => `/admin/courses/${id}/audience/add/`,
  links: (id: number) => `/admin/courses/${id}/links/`,
  certificate: (id: number) => `/admin/courses/${id}/certificate/`,
  /** Who checks the course's homework. */
  curators: (id: number) => `/admin/courses/${id}/curators/`,
  /** The course as learners see it (decision 0041); `from=edit`: back to the settings. */
  preview: (id: number, from?: 'edit') => `/admin/courses/${id}/preview/${from ? `?from=${from}` : ''}`,
  lesson: (id: number) => `/admin/lessons/${id}/`,
  test: (id: number) => `/admin/tests/${id}/`,
  progress: () => '/admin/progress/',
} as const;

/** The course an /admin/courses/{id}/… address is about (not /add/), or null. */
export function courseIdOf(pathname: string): number | null {
  const match = /^\/admin\/courses\/(\d+)\//.exec(pathname);
  return match ? Number(match[1]) : null;
}
