/** The internal links of the public site and the shell; the account's and the study pages' are ui/paths.ts. */
export const paths = {
  home: () => '/',
  courses: () => '/courses/',
  category: (id: number) => `/courses/?category=${id}`,
  audience: (type: 'adult' | 'kids') => `/courses/?type=${type}`,
  subsection: (id: number) => `/courses/?subsections=${id}`,
  course: (slug: string) => `/courses/${slug}/`,
  orderCourse: (slug: string, group?: number) => `/order-course/${slug}/${group === undefined ? '' : `?group=${group}`}`,
  blog: () => '/blog/',
  schedule: () => '/schedule/',
  signIn: (from = '/') => {
    // A mailed restore token (`restore=`) is never copied into another link (decision 0013).
    const clean = from.replace(/([?&])restore=[^&#]*(&|$)/, (_match, lead: string, tail: string) => (tail ? lead : ''));
    return `${clean}${clean.includes('?') ? '&' : '?'}login`;
  },
} as const;
