// Addresses several features link to but the shell does not: the account's pages (its menu, the
// order, payment and study screens), the payment pages (order, payment, the bank's return), the
// study pages (my courses, the study screens, progress). The shell's own links (header, footer,
// menus, catalogue) are lib/paths.ts, which every page loads first.

/** The account's pages (the account menu and the screens that lead back to them). */
export const accountPaths = {
  userCourses: () => '/user/courses/',
  userSchedule: () => '/user/schedule/',
  userAccount: () => '/user/account/',
  userOrders: () => '/user/orders/',
  userStudents: () => '/user/students/',
  userProgress: () => '/user/progress/',
  adminCourses: () => '/admin/courses/',
} as const;

/** /courses/payment/{code}/: the order's payment page (the code is unguessable). */
export const paymentPath = (code: string) => `/courses/payment/${encodeURIComponent(code)}/`;

/** /courses/payment-success/?code=…: after a paid order. */
export const paymentSuccessPath = (code: string) => `/courses/payment-success/?code=${encodeURIComponent(code)}`;

/** /user/courses/{id}/: the course overview; `id` is the enrolment (user course). */
export const coursePath = (id: number) => `/user/courses/${id}/`;

/** /user/courses/{id}/lessons/: continues where the learner stopped (the route picks the lesson). */
export const continuePath = (id: number) => `/user/courses/${id}/lessons/`;

/** /user/courses/{id}/lessons/{lessonId}/?page=n (page 1 has no query: one address per place). */
export const lessonPath = (id: number, lessonId: number, page = 1) =>
  `/user/courses/${id}/lessons/${lessonId}/${page > 1 ? `?page=${page}` : ''}`;

/** /user/courses/{id}/testing/{testId}/: a module test or a final test. */
export const testPath = (id: number, testId: number) => `/user/courses/${id}/testing/${testId}/`;

/** /user/progress/test-results/{attemptId}/: one finished attempt's result page. */
export const testResultPath = (attemptId: number) => `/user/progress/test-results/${attemptId}/`;

/** /user/progress/test-results/: every finished attempt of the account and its students. */
export const testResultsPath = () => '/user/progress/test-results/';
