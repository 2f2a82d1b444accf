/** Every internal link of the site, in one place. */
export const paths = {
  home: () => '/',
  courses: () => '/courses/',
  category: (id: number) => `/courses/?category=${id}`,
  audience: (type: 'adult' | 'kids') => `/courses/?type=${type}`,
  subsection: (id: number) => `/courses/?subsections=${id}`,
  course: (slug: string) => `/courses/${slug}/`,
  orderCourse: (slug: string) => `/order-course/${slug}/`,
  blog: () => '/blog/',
  schedule: () => '/schedule/',
  signIn: (from = '/') => `${from}${from.includes('?') ? '&' : '?'}login`,
  userCourses: () => '/user/courses/',
  userSchedule: () => '/user/schedule/',
  userAccount: () => '/user/account/',
  userOrders: () => '/user/orders/',
  adminCourses: () => '/admin/courses/',
} as const;
