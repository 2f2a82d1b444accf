import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('courses', 'routes/courses/catalog.tsx'),
  // Paying an order (public: the order code is the key) and the bank's way back (decision 0023).
  route('courses/payment/:code', 'routes/courses/payment.tsx'),
  route('courses/payment-success', 'routes/courses/payment-success.tsx'),
  route('tbank-payment-callback', 'routes/payment-callback.tsx', { id: 'tbank-payment-callback' }),
  route('courses/:slug', 'routes/courses/course.tsx', [
    // The application dialogs over the course page (decision 0024).
    route('apply', 'routes/courses/apply.tsx'),
  ]),
  // The universal order form: its own route module, the form's libraries load only there.
  route('order-course/:slug', 'routes/order-course.tsx'),
  route('blog', 'routes/blog/list.tsx'),
  route('blog/:slug', 'routes/blog/post.tsx'),
  route('presence', 'routes/presence.tsx'),
  // 'Сведения об образовательной организации' and its subsections (decision 0042).
  route('sveden', 'routes/sveden.tsx', { id: 'sveden' }),
  route('sveden/:section', 'routes/sveden.tsx', { id: 'sveden-section' }),
  route('schedule', 'routes/schedule.tsx'),
  // Resource routes: generated from the database (robots.txt names the sitemap's absolute URL).
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // Other and old addresses of the study pages: permanent redirects.
  route('user/courses/lesson/*', 'routes/user/legacy.tsx', { id: 'study-also-seen-lesson' }),
  route('user/courses/quiz/*', 'routes/user/legacy.tsx', { id: 'study-also-seen-quiz' }),
  route('user-old/*', 'routes/user/legacy.tsx', { id: 'user-old' }),
  // Signed-in people only (routes/user/layout.tsx sends a guest to sign in and back). Other
  // /user/ and /admin/ addresses are the 404 page, after the same check.
  layout('routes/user/layout.tsx', [
    // Built pages: route modules of their own (their forms and libraries load only there).
    route('user/account', 'routes/user/account.tsx'),
    route('user/students', 'routes/user/students.tsx'),
    route('user/orders', 'routes/user/orders.tsx', { id: 'user-orders' }),
    route('user/courses', 'routes/user/courses.tsx', { id: 'user-courses' }),
    // The course overview; `:id` is the enrolment (decision 0028).
    route('user/courses/:id', 'routes/user/course.tsx', { id: 'user-course' }),
    // Groups and my schedule (decision 0032); `:id` is the group, `:scheduleId` a session.
    route('user/group', 'routes/user/groups.tsx', { id: 'user-groups' }),
    route('user/group/:id', 'routes/user/group.tsx', { id: 'user-group' }),
    route('user/group/:id/schedule/:scheduleId', 'routes/user/group-session.tsx', { id: 'user-group-session' }),
    route('user/schedule', 'routes/user/schedule.tsx', { id: 'user-schedule' }),
    // One finished test attempt's result (the activity id is the attempt's).
    route('user/progress/test-results/:activityId', 'routes/user/test-result.tsx', { id: 'user-test-result' }),
    // Progress with charts and exports, and the list of finished attempts (decision 0034).
    route('user/progress', 'routes/user/progress.tsx', { id: 'user-progress' }),
    route('user/progress/test-results', 'routes/user/test-results.tsx', { id: 'user-test-results' }),
    route('user/*', 'routes/user/section.tsx', { id: 'user-other' }),
  ]),
  // The course-study layout: the lesson sidebar instead of the account's; the
  // layout asks for a signed-in person itself. Its pages: lessons (without a lesson: continue where
  // the learner stopped) and tests, module or final (decision 0030).
  layout('routes/user/study.tsx', { id: 'user-study' }, [
    route('user/courses/:id/lessons/:lessonId?', 'routes/user/lesson.tsx', { id: 'user-lesson' }),
    route('user/courses/:id/testing/:testId', 'routes/user/testing.tsx', { id: 'user-testing' }),
  ]),
  // The same layout for a group's lessons and tests (decision 0032): the group's programme and links.
  layout('routes/user/group-study.tsx', { id: 'user-group-study' }, [
    route('user/group/:id/schedule/:scheduleId?/lessons/:lessonId?', 'routes/user/group-lesson.tsx', { id: 'user-group-lesson' }),
    route('user/group/:id/schedule/:scheduleId?/testing/:testId', 'routes/user/group-testing.tsx', { id: 'user-group-testing' }),
  ]),
  // Course owners and school staff only (routes/admin/layout.tsx); others get the 404 page.
  layout('routes/admin/layout.tsx', [
    // The course screens (decision 0036): my courses, a new course, its settings,
    // programme, invitation links and audience.
    route('admin/courses', 'routes/admin/courses.tsx', { id: 'admin-courses' }),
    route('admin/courses/add', 'routes/admin/course-add.tsx', { id: 'admin-course-add' }),
    route('admin/courses/:id', 'routes/admin/course-programme.tsx', { id: 'admin-course-programme' }),
    route('admin/courses/:id/edit', 'routes/admin/course-edit.tsx', { id: 'admin-course-edit' }),
    route('admin/courses/:id/links', 'routes/admin/course-links.tsx', { id: 'admin-course-links' }),
    // The course's certificate: settings and the certificates issued (decision 0085).
    route('admin/courses/:id/certificate', 'routes/admin/course-certificate.tsx', { id: 'admin-course-certificate' }),
    // Who checks the course's homework, for the course or one of its groups.
    route('admin/courses/:id/curators', 'routes/admin/course-curators.tsx', { id: 'admin-course-curators' }),
    route('admin/courses/:id/audience', 'routes/admin/course-audience.tsx', { id: 'admin-course-audience' }),
    route('admin/courses/:id/audience/add', 'routes/admin/course-audience-add.tsx', { id: 'admin-course-audience-add' }),
    // The lesson editor (decision 0037): pages of blocks, saved whole from the version loaded.
    route('admin/lessons/:id', 'routes/admin/lesson.tsx', { id: 'admin-lesson' }),
    // Tests, the course's final tests and learners' progress (decision 0038).
    route('admin/tests/:testId', 'routes/admin/test.tsx', { id: 'admin-test' }),
    route('admin/courses/:id/test', 'routes/admin/course-tests.tsx', { id: 'admin-course-tests' }),
    route('admin/progress', 'routes/admin/progress.tsx', { id: 'admin-progress' }),
    // School staff only (decision 0045): 'Сведения' and the legal documents, one route module.
    route('admin/school/*', 'routes/admin/school.tsx', { id: 'admin-school' }),
    route('admin/*', 'routes/admin/section.tsx', { id: 'admin-other' }),
  ]),
  // The course as learners see it, for its owner (decision 0041): the learners' study layout under a
  // preview bar, outside the admin layout; drafts shown and marked, nothing recorded.
  layout('routes/admin/preview.tsx', { id: 'admin-preview' }, [
    route('admin/courses/:id/preview', 'routes/admin/preview-home.tsx', { id: 'admin-preview-home' }),
    route('admin/courses/:id/preview/lessons/:lessonId', 'routes/admin/preview-lesson.tsx', { id: 'admin-preview-lesson' }),
    route('admin/courses/:id/preview/tests/:testId', 'routes/admin/preview-test.tsx', { id: 'admin-preview-test' }),
  ]),
  // Curators of courses and groups, course owners and staff (routes/curator/layout.tsx): the homework
  // answers to check, one answer beside its task.
  layout('routes/curator/layout.tsx', { id: 'curator' }, [
    route('curator/homework', 'routes/curator/homework.tsx', { id: 'curator-homework' }),
    route('curator/homework/:id', 'routes/curator/submission.tsx', { id: 'curator-submission' }),
    // Attendance of groups (decision 0088): the groups, one group, a session's list.
    route('curator/groups', 'routes/curator/groups.tsx', { id: 'curator-groups' }),
    route('curator/groups/:id', 'routes/curator/group.tsx', { id: 'curator-group' }),
    route('curator/groups/:id/sessions/:sessionId', 'routes/curator/group-session.tsx', { id: 'curator-group-session' }),
  ]),
  // The public check of a certificate, the page its QR code opens (decision 0085).
  route('certificates/:number', 'routes/certificate.tsx', { id: 'certificate' }),
  // An invitation link of a course: public; its code loads only on this page.
  route('invitation/:token', 'routes/invitation.tsx', { id: 'invitation' }),
  // Social sign-in: the providers send the person back here (one page, one route per provider).
  route('vk-callback', 'routes/social-callback.tsx', { id: 'vk-callback' }),
  route('yandex-callback', 'routes/social-callback.tsx', { id: 'yandex-callback' }),
  // Legal documents with versions (decision 0043); /privacy-policy/ and /offer/ redirect here.
  route('documents/:slug', 'routes/document.tsx', { id: 'document' }),
  route('documents/:slug/v/:version', 'routes/document.tsx', { id: 'document-version' }),
  // The accessible version's settings for browsers without scripts (decision 0044).
  route('a11y', 'routes/a11y.tsx', { id: 'a11y' }),
  // Content pages (/{any}/); unknown slugs and deeper paths are the 404 page.
  route('*', 'routes/content-page.tsx'),
] satisfies RouteConfig;
