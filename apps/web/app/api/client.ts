import { data } from 'react-router';
import type {
  AttemptReport,
  Banner,
  Category,
  CodeSent,
  ConsentItem,
  Consents,
  NotificationSettings,
  Configs,
  CurrentUser,
  CourseDetail,
  CourseModules,
  CoursesQuery,
  Documents,
  MyCourse,
  GrantsApplied,
  PendingGrants,
  OrderPayment,
  UserOrder,
  FeedbackForm,
  Personal,
  PersonalPatchResult,
  ReferenceBooks,
  StudentItem,
  CoursesResponse,
  CalendarFeedView,
  GroupModules,
  GroupStart,
  MyGroup,
  MyWaiting,
  MyGroupDetail,
  MyGroupSession,
  UserSchedule,
  LessonPage,
  MenuKey,
  MenuLink,
  OrderRequestInput,
  OrderRequestResult,
  FeedbackProcessInput,
  PageCard,
  PageExtended,
  Paginated,
  QuizState,
  SelectedAnswersInput,
  Review,
  SitemapEntry,
  Subsection,
  Teacher,
  Statistic,
  GroupStatistic,
  ModulesStatistic,
  TestStatistic,
  StatisticPeriod,
  PendingConsents,
} from '@crema/contract';

type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

/** `?a=1&a=2&b=x`: arrays become repeated keys, empty values are left out. */
export function toQuery(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Same shape as `fetch` for the calls the site makes; on the server it is in-process. */
export type ApiFetch = (
  path: string,
  init?: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    /**
     * The call makes or charges something (an order, a payment, saved answers): the browser sends
     * an Idempotency-Key per submission and resends it when the answer is lost (decision 0078).
     */
    once?: boolean;
  },
) => Promise<Response>;

/** A failed API call; loaders let 404 through as "no such page" and the rest as a 500 page. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    path: string,
    /** Seconds a 429 asks to wait (Retry-After), when it says. */
    readonly retryAfterS?: number,
  ) {
    super(`API ${path} ответил ${status}`);
    this.name = 'ApiRequestError';
  }
}

export async function json<T>(fetcher: ApiFetch, path: string, init?: Parameters<ApiFetch>[1]): Promise<T> {
  const res = await fetcher(path, init);
  const body: unknown = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
  // On the server, an API that is briefly unavailable (the database away) makes the page a 503
  // the browser may retry, not a 500 (decision 0075).
  if (import.meta.env.SSR && res.status === 503) throw data(body, { status: 503 });
  if (!res.ok) throw new ApiRequestError(res.status, body, path, Number(res.headers.get('retry-after')) || undefined);
  return body as T;
}

type Detail = { detail: string };
type PasswordPair = { password: string; confirm_password: string };

/** One enabled social provider as `GET /api/auth/social/providers/` describes it (decision 0010). */
export interface SocialProviderInfo {
  provider: 'vk' | 'yandex';
  /** Button text, e.g. 'VK ID'. */
  name: string;
  authorize_url: string;
  client_id: string;
  scope: string;
  /** As the provider spells it ('s256' for VK ID, 'S256' for Yandex). */
  code_challenge_method: string;
  /** Path of the page the provider returns to, e.g. '/vk-callback/'. */
  callback_path: string;
}

/** `once`: the call makes or charges something, safe to resend (Idempotency-Key, decision 0078). */
const post = (body: unknown, once?: true) => ({ method: 'POST', body, once });

const quizPath = (id: number, moduleId: number | null, testId: number) =>
  moduleId === null ? `/api/user/course/${id}/testing/${testId}/` : `/api/user/course/${id}/module/${moduleId}/testing/${testId}/`;

/** The data download (a JSON attachment; a plain link, the session cookies go with it). */
export const EXPORT_URL = '/api/user/export/';
const patch = (body: unknown) => ({ method: 'PATCH', body });

/** Whose and which statistics: `student` absent is the account holder. */
export interface StatisticParams {
  student?: number;
  course?: number;
  group?: number;
  period?: StatisticPeriod;
}

/** The progress export as a file (CSV or XLSX) with the same filters: a plain link, the session cookies go with it. */
export const statisticExportUrl = (params: StatisticParams, format: 'csv' | 'xlsx') =>
  `/api/user/course/statistic/export/${toQuery({ ...params, format })}`;

/** What the account forms send: text fields as typed (masked is fine), '' or null clears one. */
export type PersonalChanges = Partial<
  Record<'last_name' | 'first_name' | 'patronymic' | 'phone' | 'email' | 'address' | 'birth_date' | 'gender', string | null>
> & { data_refusal?: boolean };
export type DocumentsChanges = Partial<
  Record<
    'passport_series' | 'passport_number' | 'passport_given_code' | 'passport_given_date' | 'passport_given_location' | 'snils',
    string | null
  >
>;
export type StudentChanges = Partial<
  Record<'student_type' | 'last_name' | 'first_name' | 'patronymic' | 'phone' | 'email' | 'date_birth', string | null>
>;

/**
 * An application (POST /api/feedback/{key}/process/): the form's own fields by name, plus the
 * fixed part of the contract's form schema (FeedbackProcessInput: course, session key, request id,
 * captcha token, consents).
 */
export type ApplicationBody = Record<string, string | boolean | undefined> & FeedbackProcessInput;

/**
 * The universal order form (POST /api/order/request/, JSON): what the contract's form schema takes
 * (z.input of orderRequestBodySchema); who studies is `study_for_self`, `students` or `student_*`.
 */
export type OrderRequestBody = OrderRequestInput;

/**
 * The one typed client of the site; every API call the site uses goes through here.
 * Loaders pass the in-process fetch (context.api), the browser `browserFetch` (api/browser.ts).
 */
export function createApi(fetcher: ApiFetch) {
  return {
    configs: (keys?: string[]) => json<Configs>(fetcher, '/api/configs/', { method: 'POST', body: { keys } }),
    menu: (key: MenuKey) => json<MenuLink[]>(fetcher, `/api/menus/${key}/`),
    categories: (type?: 'adult' | 'kids') =>
      json<Category[]>(fetcher, `/api/categories/${type ? `?type=${type}` : ''}`),
    banners: (key?: string, imageOpts?: string) =>
      json<Banner[]>(fetcher, `/api/banners/${toQuery({ key, image_opts: imageOpts })}`),
    courses: (query: CoursesQuery & { image_opts?: string }) =>
      json<CoursesResponse>(fetcher, `/api/courses/${toQuery(query as Record<string, QueryValue>)}`),
    course: (slug: string) => json<CourseDetail>(fetcher, `/api/courses/${encodeURIComponent(slug)}/`),
    reviews: (query: { on_main?: boolean; course?: string; page?: number; page_size?: number } = {}) =>
      json<Paginated<Review>>(fetcher, `/api/reviews/${toQuery(query)}`),
    teachers: (query: { on_main?: boolean; image_opts?: string } = {}) =>
      json<Teacher[]>(fetcher, `/api/teachers/${toQuery(query)}`),
    subsections: (imageOpts?: string) => json<Subsection[]>(fetcher, `/api/subsections/${toQuery({ image_opts: imageOpts })}`),
    pages: (query: { kind?: 'post' | 'page'; page?: number; page_size?: number; image_opts?: string } = {}) =>
      json<Paginated<PageCard>>(fetcher, `/api/pages/${toQuery(query)}`),
    page: (slug: string, query: { block_side_text_image_opts?: string; image_opts?: string } = {}) =>
      json<PageExtended>(fetcher, `/api/pages/${encodeURIComponent(slug)}/extended/${toQuery(query)}`),
    schedule: (query: { type?: 'adult' | 'kids'; course?: string } = {}) =>
      json<GroupStart[]>(fetcher, `/api/schedule/${toQuery(query)}`),
    sitemap: () => json<SitemapEntry[]>(fetcher, '/api/sitemap/'),

    // Sign-in and password calls of the dialogs (decision 0009).
    sendCode: (email: string) => json<CodeSent>(fetcher, '/api/auth/send_code/email/', post({ email })),
    /** `consent`: the sign-up consent box was ticked (a new address becomes an account only with it). */
    signInWithCode: (email: string, code: string, consent: boolean) =>
      json<{ user: CurrentUser }>(fetcher, '/api/auth/token/email/', post({ email, code, consent_personal_data: consent })),
    signInWithPassword: (username: string, password: string) =>
      json<{ user: CurrentUser }>(fetcher, '/api/auth/token/', post({ username, password })),
    logout: () => json<unknown>(fetcher, '/api/auth/logout/', post({})),
    restore: (email: string) => json<Detail>(fetcher, '/api/auth/restore/', post({ email })),
    setPasswordByRestore: (accessToken: string, pair: PasswordPair) =>
      json<Detail>(fetcher, '/api/auth/set-password/restore/', { method: 'PATCH', body: { access_token: accessToken, ...pair } }),
    sendChangeCode: (email: string) => json<CodeSent>(fetcher, '/api/auth/change/', post({ email })),
    exchangeChangeCode: (email: string, code: string) =>
      json<{ access_token: string; expires_in: number }>(fetcher, '/api/auth/change/code/', post({ email, code })),
    setPasswordByChange: (accessToken: string, pair: PasswordPair) =>
      json<Detail>(fetcher, '/api/auth/set-password/change/', { method: 'PATCH', body: { access_token: accessToken, ...pair } }),
    changeOwnPassword: (body: { code: string; current_password?: string } & PasswordPair) =>
      json<Detail>(fetcher, '/api/auth/set-password/', post(body)),
    socialProviders: () => json<SocialProviderInfo[]>(fetcher, '/api/auth/social/providers/'),
    socialSignIn: (
      provider: SocialProviderInfo['provider'],
      body: { code: string; code_verifier: string; redirect_uri: string; device_id?: string; state: string; consent_personal_data?: boolean },
    ) => json<{ user: CurrentUser }>(fetcher, `/api/auth/social/${provider}/`, post(body)),

    // The personal account (decision 0017).
    personal: () => json<Personal>(fetcher, '/api/user/personal/'),
    updatePersonal: (changes: PersonalChanges) => json<PersonalPatchResult>(fetcher, '/api/user/personal/', patch(changes)),
    documents: () => json<Documents>(fetcher, '/api/user/documents/'),
    updateDocuments: (changes: DocumentsChanges) => json<Documents>(fetcher, '/api/user/documents/', patch(changes)),
    referenceBooks: () => json<ReferenceBooks>(fetcher, '/api/user/reference_books/'),
    students: () => json<StudentItem[]>(fetcher, '/api/user/students/'),
    addStudent: (student: StudentChanges) => json<StudentItem>(fetcher, '/api/user/students/', post(student)),
    updateStudent: (id: number, changes: StudentChanges) => json<StudentItem>(fetcher, `/api/user/students/${id}/`, patch(changes)),
    deleteStudent: (id: number) => json<unknown>(fetcher, `/api/user/students/${id}/`, { method: 'DELETE' }),
    // Consents, the data download, deletion and the address change (decision 0018).
    consents: () => json<Consents>(fetcher, '/api/user/consents/'),
    /** Consents given to an older version than the one in force: asked again or announced (decision 0046). */
    pendingConsents: () => json<PendingConsents>(fetcher, '/api/user/consents/pending/'),
    // `version`: the one the person read (decision 0046); a newer one in force answers 409.
    giveConsent: (kind: ConsentItem['kind'], studentId?: number, version?: number) =>
      json<ConsentItem>(fetcher, '/api/user/consents/', post({ kind, student_id: studentId, version })),
    withdrawConsent: (id: number) => json<ConsentItem>(fetcher, `/api/user/consents/${id}/withdraw/`, post({})),
    // Which letters come (decision 0086).
    notifications: () => json<NotificationSettings>(fetcher, '/api/user/notifications/'),
    saveNotifications: (settings: Record<string, boolean>) =>
      json<NotificationSettings>(fetcher, '/api/user/notifications/', { method: 'PUT', body: { settings } }),
    sendDeleteCode: () => json<CodeSent>(fetcher, '/api/user/delete/code/', post({})),
    deleteAccount: (code: string) => json<Detail>(fetcher, '/api/user/delete/', post({ code })),
    sendEmailChangeCode: (email: string) => json<CodeSent>(fetcher, '/api/user/email/', post({ email })),
    confirmEmailChange: (email: string, code: string) => json<Personal>(fetcher, '/api/user/email/confirm/', post({ email, code })),

    // Applications through dynamic forms (decision 0022).
    feedbackForm: (key: string) => json<FeedbackForm>(fetcher, `/api/feedback/${encodeURIComponent(key)}/`),
    sendApplication: (key: string, body: ApplicationBody) =>
      json<{ success_message: string }>(fetcher, `/api/feedback/${encodeURIComponent(key)}/process/`, post(body, true)),

    // The order page /order-course/{slug}/ (decision 0023).
    orderRequest: (body: OrderRequestBody) => json<OrderRequestResult>(fetcher, '/api/order/request/', post(body, true)),
    orderSendCode: (order: string) => json<CodeSent>(fetcher, `/api/order/${encodeURIComponent(order)}/send_code/`, post({})),
    orderConfirm: (order: string, code: string) =>
      json<Omit<OrderRequestResult, 'resend_after'> & { user: CurrentUser }>(fetcher, `/api/order/${encodeURIComponent(order)}/confirm/`, post({ code }, true)),
    orderClaim: (order: string) => json<OrderRequestResult>(fetcher, `/api/order/${encodeURIComponent(order)}/claim/`, post({})),

    // Paying an order and the payer's orders and courses (decision 0023).
    /** `returned`: the payer is back from the bank (the callback page), checked within a budget of its own. */
    orderPayment: (code: string, { returned = false } = {}) =>
      json<OrderPayment>(fetcher, `/api/order/payment/${encodeURIComponent(code)}/${returned ? '?returned=true' : ''}`),
    paymentLink: (code: string) =>
      json<{ url: string }>(fetcher, '/api/tbank/order/payment_link/', post({ extra_code: code, type: 'card' }, true)),
    userOrders: () => json<UserOrder[]>(fetcher, '/api/user/orders/'),
    cancelOrder: (code: string) => json<UserOrder>(fetcher, `/api/user/orders/${encodeURIComponent(code)}/cancel/`, post({})),
    userCourses: () => json<MyCourse[]>(fetcher, '/api/user/courses/'),
    /** The courses the learner hid ('Скрытые курсы'). */
    hiddenCourses: () => json<MyCourse[]>(fetcher, '/api/user/courses/?is_active=false'),
    /** Courses owners opened to the account's address, not yet in the list (a read: nothing changes). */
    pendingGrants: () => json<PendingGrants>(fetcher, '/api/user/courses/grants/'),
    /** Makes those courses the account's own (what sign-in and the session refresh also do). */
    applyGrants: () => json<GrantsApplied>(fetcher, '/api/user/courses/grants/', post({})),

    // Groups and my schedule (decision 0031): `id` is the group; its tests run through the course calls.
    myGroups: () => json<MyGroup[]>(fetcher, '/api/user/groups/'),
    /** Waiting lists the person is on (decision 0067), and leaving one (`id` is the group). */
    myWaiting: () => json<MyWaiting>(fetcher, '/api/groups/waiting/'),
    leaveWaiting: (id: number) => json<{ detail: string }>(fetcher, `/api/groups/waiting/${id}/`, { method: 'DELETE' }),
    myGroup: (id: number) => json<MyGroupDetail>(fetcher, `/api/user/groups/${id}/`),
    myGroupSession: (id: number, scheduleId: number) => json<MyGroupSession>(fetcher, `/api/user/groups/${id}/schedule/${scheduleId}/`),
    groupModules: (id: number) => json<GroupModules>(fetcher, `/api/group_schedule/${id}/modules/`),
    groupLessonPage: (id: number, lessonId: number, page: number) =>
      json<LessonPage>(fetcher, `/api/group_schedule/${id}/lesson/${lessonId}/${toQuery({ page })}`),
    /** Moscow dates 'YYYY-MM-DD', both included. */
    mySchedule: (query: { from?: string; to?: string } = {}) => json<UserSchedule>(fetcher, `/api/user/schedule/${toQuery(query)}`),
    calendarFeed: () => json<CalendarFeedView>(fetcher, '/api/user/schedule/feed/'),
    /** Makes the feed's URL, or a new one (the old stops working). */
    makeCalendarFeed: () => json<CalendarFeedView>(fetcher, '/api/user/schedule/feed/', post({})),
    revokeCalendarFeed: () => json<unknown>(fetcher, '/api/user/schedule/feed/', { method: 'DELETE' }),

    // Learning (decision 0028): `id` is the enrolment (user course).
    setCourseActive: (id: number, isActive: boolean) =>
      json<{ id: number; is_active: boolean }>(fetcher, `/api/user/courses/${id}/`, patch({ is_active: isActive })),
    removeCourse: (id: number) => json<unknown>(fetcher, `/api/user/courses/${id}/`, { method: 'DELETE' }),
    courseModules: (id: number) => json<CourseModules>(fetcher, `/api/user/course/${id}/modules/`),
    lessonPage: (id: number, lessonId: number, page: number) =>
      json<LessonPage>(fetcher, `/api/user/course/${id}/lesson/${lessonId}/${toQuery({ page })}`),
    // Quizzes: a module test under its module's path, a final test (moduleId null) without one.
    quiz: (id: number, moduleId: number | null, testId: number, clear = false) =>
      json<QuizState>(fetcher, `${quizPath(id, moduleId, testId)}${clear ? '?clear=true' : ''}`),
    /** `seq`: grows with every save of the device, so a late retry of an older save changes nothing newer. */
    saveQuiz: (id: number, moduleId: number | null, testId: number, body: { selected_answers: SelectedAnswersInput; finish?: boolean; seq?: number }) =>
      json<QuizState>(fetcher, quizPath(id, moduleId, testId), post(body, true)),
    attemptReport: (attemptId: number) => json<AttemptReport>(fetcher, `/api/user/attempts/${attemptId}/`),
    // Progress statistics.
    statistic: (params: StatisticParams) => json<Statistic>(fetcher, `/api/user/course/statistic/${toQuery({ ...params })}`),
    groupsStatistic: (student?: number) => json<GroupStatistic[]>(fetcher, `/api/user/courses/groups/${toQuery({ student })}`),
    modulesStatistic: (userCourse: number) => json<ModulesStatistic>(fetcher, `/api/user/courses/modules/${toQuery({ user_course: userCourse })}`),
    testStatistic: (testId: number, student?: number) =>
      json<TestStatistic>(fetcher, `/api/user/course/statistic/testing/${testId}/${toQuery({ student })}`),
  };
}
export type Api = ReturnType<typeof createApi>;
