import type {
  AccountExport,
  AdminBlocks,
  Application,
  ApplicationAssignBody,
  ApplicationCard,
  ApplicationNoteBody,
  ApplicationsQuery,
  ApplicationStatusBody,
  Dashboard,
  AdminBlocksPut,
  AdminCourse,
  AdminCourseCard,
  CourseCurator,
  CourseCuratorInput,
  AdminCoursePatch,
  AdminGroupOption,
  AdminLearner,
  AdminLesson,
  AdminLessonPatch,
  AdminLink,
  AdminLinkCreate,
  AdminModule,
  AdminProgressRow,
  AdminQuestion,
  AdminQuestionPatch,
  AdminTest,
  AdminTestPatch,
  AdminUpload,
  AuditEventOut,
  OfflinePaymentBody,
  OrderRefundBody,
  SchoolOrder,
  SchoolOrderRow,
  SchoolOrdersQuery,
  AuditQuery,
  LegalDocument,
  LegalDocumentList,
  LegalPublishBody,
  Paginated,
  PeopleQuery,
  Promo,
  PromoCreateInput,
  WaitingGroups,
  WaitingList,
  Person,
  PersonBlockBody,
  PersonRequestBody,
  PersonCard,
  PersonCourseBody,
  PersonRolesBody,
  SchoolGroup,
  SchoolGroupCard,
  SchoolGroupCreate,
  SchoolGroupOptions,
  SchoolGroupPatch,
  SchoolGroupsQuery,
  SchoolMemberAdd,
  SchoolMemberAdded,
  SchoolMembers,
  SchoolSessionBody,
  SvedenAdminList,
  SvedenContent,
  SvedenPage,
  SvedenSectionKey,
} from '@crema/contract';
import { CSRF_HEADER, SESSION_COOKIES, WEB_CLIENT_HEADER } from '@crema/contract/rules';
import { browserFetch } from './browser.ts';
import { ApiRequestError, json, toQuery, type ApiFetch } from './client.ts';
import { NETWORK_FAILED } from './problems.ts';
import { readCookie } from '../lib/cookies.ts';

// The course builder's calls (decision 0035): courses, modules, lessons
// and their content, tests and questions, links, the audience, learners' progress and uploads —
// one client for every admin screen. Made through the site's fetchers and `json` (client.ts), but
// in a file of its own in a chunk of its own (vite.config.ts), so the admin calls add nothing to
// the public pages' `api` chunk.

/** `once`: the call makes or charges something, safe to resend (Idempotency-Key, decision 0078). */
const post = (body: unknown, once?: true) => ({ method: 'POST', body, once });
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
export type ContentItem = { type: 'lesson' | 'test'; id: number };

/** Filters of the owners' progress list and its export (the same query). */
export type AdminProgressFilters = {
  course?: number;
  group?: number;
  search?: string;
};

/** The file of the owners' progress list with the same filters (a plain link: the session cookies go with it). */
export const adminProgressExportUrl = (format: 'csv' | 'xlsx', filters: AdminProgressFilters) =>
  `/api/admin/progress/export/${toQuery({ format, ...filters })}`;

/** The staff's orders export with the list's filters (a plain link: the session cookies go with it). */
export const schoolOrdersExportUrl = (format: 'csv' | 'xlsx', filters: Omit<SchoolOrdersQuery, 'page' | 'page_size'>) =>
  `/api/admin/school/orders/export/${toQuery({ format, ...filters })}`;

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
    // Copies (decision 0040): next to the original (a final test: among the course's final tests),
    // or at the end of `moduleId` (any of the owner's courses).
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
    /** Who checks the course's homework: for the whole course or one of its groups. */
    curators: (courseId: number) => json<CourseCurator[]>(fetcher, `/api/admin/courses/${courseId}/curators/`),
    addCurator: (courseId: number, body: CourseCuratorInput) => json<CourseCurator>(fetcher, `/api/admin/courses/${courseId}/curators/`, post(body)),
    removeCurator: (courseId: number, curatorId: number) => json<unknown>(fetcher, `/api/admin/courses/${courseId}/curators/${curatorId}/`, del),

    // A lesson and its content (GET/PATCH /api/admin/lessons/{id}/, GET/PUT …/blocks/).
    lesson: (id: number) => json<AdminLesson>(fetcher, `/api/admin/lessons/${id}/`),
    patchLesson: (id: number, changes: AdminLessonPatch) => json<AdminLesson>(fetcher, `/api/admin/lessons/${id}/`, patch(changes)),
    lessonBlocks: (id: number) => json<AdminBlocks>(fetcher, `/api/admin/lessons/${id}/blocks/`),
    /** The whole content from the version `updated_at` (a newer one on the server: 409). */
    putLessonBlocks: (id: number, content: AdminBlocksPut) =>
      json<AdminBlocks>(fetcher, `/api/admin/lessons/${id}/blocks/`, { method: 'PUT', body: content }),
    adminTest: (id: number) => json<AdminTest>(fetcher, `/api/admin/tests/${id}/`),
    updateAdminTest: (id: number, changes: AdminTestPatch) => json<AdminTest>(fetcher, `/api/admin/tests/${id}/`, patch(changes)),
    adminFinalTests: (courseId: number) => json<AdminTest[]>(fetcher, `/api/admin/courses/${courseId}/tests/`),
    addAdminFinalTest: (courseId: number, name: string) => json<AdminTest>(fetcher, `/api/admin/courses/${courseId}/tests/`, post({ name })),
    adminQuestions: (testId: number) => json<AdminQuestion[]>(fetcher, `/api/admin/tests/${testId}/questions/`),
    addAdminQuestion: (testId: number, body: AdminQuestionPatch) => json<AdminQuestion>(fetcher, `/api/admin/tests/${testId}/questions/`, post(body)),
    updateAdminQuestion: (testId: number, questionId: number, changes: AdminQuestionPatch) =>
      json<AdminQuestion>(fetcher, `/api/admin/tests/${testId}/questions/${questionId}/`, patch(changes)),
    setAdminQuestionOrder: (testId: number, order: number[]) =>
      json<AdminQuestion[]>(fetcher, `/api/admin/tests/${testId}/questions/set-order/`, post({ order })),
    deleteAdminQuestion: (testId: number, questionId: number) =>
      json<unknown>(fetcher, `/api/admin/tests/${testId}/questions/${questionId}/`, { method: 'DELETE' }),
    adminProgress: (query: AdminProgressFilters & { page?: number; page_size?: number }) =>
      json<Paginated<AdminProgressRow>>(fetcher, `/api/admin/progress/${toQuery(query)}`),
    adminProgressGroups: (course?: number) => json<AdminGroupOption[]>(fetcher, `/api/admin/progress/groups/${toQuery({ course })}`),

    // School staff (decision 0045): 'Сведения' (decision 0042) and the legal documents (decision 0043).
    svedenState: () => json<SvedenAdminList>(fetcher, '/api/admin/sveden/'),
    /** A subsection as the site shows it; `section.content` is what PUT takes. */
    svedenSection: (key: SvedenSectionKey) => json<SvedenPage>(fetcher, `/api/sveden/${key}/`),
    saveSvedenSection: (key: SvedenSectionKey, content: SvedenContent) =>
      json<SvedenPage>(fetcher, `/api/sveden/${key}/`, { method: 'PUT', body: content }),
    legalDocuments: () => json<LegalDocumentList>(fetcher, '/api/documents/'),
    legalDocument: (slug: string) => json<LegalDocument>(fetcher, `/api/documents/${encodeURIComponent(slug)}/`),
    publishLegalDocument: (body: LegalPublishBody) => json<LegalDocument>(fetcher, '/api/admin/documents/', post(body)),
    /** The audit trail (staff only), filtered and paged on the server. */
    auditEvents: (query: AuditQuery) => json<Paginated<AuditEventOut>>(fetcher, `/api/admin/school/audit/${toQuery(query)}`),
    /** People (staff only): the list, one person, roles and blocking. */
    people: (query: PeopleQuery) => json<Paginated<PersonCard>>(fetcher, `/api/admin/school/people/${toQuery(query)}`),
    person: (id: number) => json<Person>(fetcher, `/api/admin/school/people/${id}/`),
    setPersonRoles: (id: number, body: PersonRolesBody) => json<Person>(fetcher, `/api/admin/school/people/${id}/roles/`, { method: 'PATCH', body }),
    blockPerson: (id: number, body: PersonBlockBody) => json<Person>(fetcher, `/api/admin/school/people/${id}/block/`, post(body)),
    unblockPerson: (id: number) => json<Person>(fetcher, `/api/admin/school/people/${id}/unblock/`, post({})),
    givePersonCourse: (id: number, body: PersonCourseBody) => json<Person>(fetcher, `/api/admin/school/people/${id}/courses/`, post(body)),
    /** A person's requests about their data: the file of everything held on them, the deletion of the account. */
    exportPerson: (id: number, body: PersonRequestBody) => json<AccountExport>(fetcher, `/api/admin/school/people/${id}/export/`, post(body)),
    deletePerson: (id: number, body: PersonRequestBody) => json<Person>(fetcher, `/api/admin/school/people/${id}/delete/`, post(body)),
    /** Groups and timetables (staff only, decision 0064). */
    schoolGroups: (query: SchoolGroupsQuery) => json<Paginated<SchoolGroupCard>>(fetcher, `/api/admin/school/groups/${toQuery(query)}`),
    schoolGroupOptions: () => json<SchoolGroupOptions>(fetcher, '/api/admin/school/groups/options/'),
    schoolGroup: (id: number) => json<SchoolGroup>(fetcher, `/api/admin/school/groups/${id}/`),
    createSchoolGroup: (body: SchoolGroupCreate) => json<SchoolGroup>(fetcher, '/api/admin/school/groups/', post(body)),
    updateSchoolGroup: (id: number, body: SchoolGroupPatch) => json<SchoolGroup>(fetcher, `/api/admin/school/groups/${id}/`, { method: 'PATCH', body }),
    publishSchoolGroup: (id: number) => json<SchoolGroup>(fetcher, `/api/admin/school/groups/${id}/publish/`, post({})),
    closeSchoolGroup: (id: number) => json<SchoolGroup>(fetcher, `/api/admin/school/groups/${id}/close/`, post({})),
    addSchoolSession: (id: number, body: SchoolSessionBody) => json<SchoolGroup>(fetcher, `/api/admin/school/groups/${id}/sessions/`, post(body)),
    updateSchoolSession: (id: number, sessionId: number, body: SchoolSessionBody) =>
      json<SchoolGroup>(fetcher, `/api/admin/school/groups/${id}/sessions/${sessionId}/`, { method: 'PATCH', body }),
    cancelSchoolSession: (id: number, sessionId: number) => json<SchoolGroup>(fetcher, `/api/admin/school/groups/${id}/sessions/${sessionId}/`, { method: 'DELETE' }),
    schoolMembers: (id: number) => json<SchoolMembers>(fetcher, `/api/admin/school/groups/${id}/members/`),
    addSchoolMember: (id: number, body: SchoolMemberAdd) => json<SchoolMemberAdded>(fetcher, `/api/admin/school/groups/${id}/members/`, post(body)),
    moveSchoolMember: (id: number, userCourseId: number, groupId: number) =>
      json<SchoolMembers>(fetcher, `/api/admin/school/groups/${id}/members/${userCourseId}/move/`, post({ group_id: groupId })),
    removeSchoolMember: (id: number, userCourseId: number) => json<SchoolMembers>(fetcher, `/api/admin/school/groups/${id}/members/${userCourseId}/`, { method: 'DELETE' }),
    /** Orders (staff only, decision 0065): the list, one order, refund, cancel, the link again, a payment outside the site. */
    schoolOrders: (query: SchoolOrdersQuery) => json<Paginated<SchoolOrderRow>>(fetcher, `/api/admin/school/orders/${toQuery(query)}`),
    schoolOrder: (id: number) => json<SchoolOrder>(fetcher, `/api/admin/school/orders/${id}/`),
    refundOrder: (id: number, body: OrderRefundBody) => json<SchoolOrder>(fetcher, `/api/admin/school/orders/${id}/refund/`, post(body, true)),
    cancelOrder: (id: number) => json<SchoolOrder>(fetcher, `/api/admin/school/orders/${id}/cancel/`, post({})),
    resendOrderLink: (id: number) => json<SchoolOrder>(fetcher, `/api/admin/school/orders/${id}/resend-link/`, post({})),
    recordOfflinePayment: (id: number, body: OfflinePaymentBody) => json<SchoolOrder>(fetcher, `/api/admin/school/orders/${id}/offline-payment/`, post(body, true)),
    /** Applications from the site's forms and the school's dashboard (staff only, decision 0066). */
    applications: (query: ApplicationsQuery) => json<Paginated<ApplicationCard>>(fetcher, `/api/admin/school/applications/${toQuery(query)}`),
    newApplications: () => json<{ count: number }>(fetcher, '/api/admin/school/applications/new-count/'),
    application: (id: number) => json<Application>(fetcher, `/api/admin/school/applications/${id}/`),
    setApplicationStatus: (id: number, body: ApplicationStatusBody) => json<Application>(fetcher, `/api/admin/school/applications/${id}/status/`, post(body)),
    assignApplication: (id: number, body: ApplicationAssignBody) => json<Application>(fetcher, `/api/admin/school/applications/${id}/assign/`, post(body)),
    addApplicationNote: (id: number, body: ApplicationNoteBody) => json<Application>(fetcher, `/api/admin/school/applications/${id}/notes/`, post(body, true)),
    dashboard: () => json<Dashboard>(fetcher, '/api/admin/school/dashboard/'),
    /** Promo codes and waiting lists (staff only, decision 0067). */
    promoCodes: (query: { search?: string; page?: number; page_size?: number }) => json<Paginated<Promo>>(fetcher, `/api/admin/school/promo/${toQuery(query)}`),
    createPromo: (body: PromoCreateInput) => json<Promo>(fetcher, '/api/admin/school/promo/', post(body)),
    disablePromo: (id: number) => json<Promo>(fetcher, `/api/admin/school/promo/${id}/disable/`, post({})),
    enablePromo: (id: number) => json<Promo>(fetcher, `/api/admin/school/promo/${id}/`, { method: 'PATCH', body: { is_active: true } }),
    waitingGroups: () => json<WaitingGroups>(fetcher, '/api/admin/school/waiting/'),
    waitingList: (groupId: number) => json<WaitingList>(fetcher, `/api/admin/school/groups/${groupId}/waiting/`),
  };
}
export type AdminApi = ReturnType<typeof createAdminApi>;

/** The admin calls as the browser makes them. */
export const adminBrowserApi = createAdminApi(browserFetch);

export type UploadKind = 'image' | 'file' | 'video';

/**
 * POST /api/admin/uploads/?kind=…: one file as multipart (field `file`), with the web-client mark
 * and the CSRF token like every browser call. Through XMLHttpRequest, because fetch cannot report
 * an upload's progress: `onProgress` gets 0…100 while it goes up. Fails as ApiRequestError, so a
 * screen shows the API's own words (wrong type, too big); status 0 when the server was not reached.
 */
export function uploadFile(kind: UploadKind, file: File, onProgress?: (percent: number) => void): Promise<AdminUpload> {
  return uploadTo<AdminUpload>(`/api/admin/uploads/?kind=${kind}`, file, onProgress);
}

/** POST /api/sveden/uploads/: one PDF for 'Сведения' (staff), the same way as uploadFile. */
export function uploadSvedenPdf(file: File, onProgress?: (percent: number) => void): Promise<{ url: string; size_bytes: number; original_name: string }> {
  return uploadTo('/api/sveden/uploads/', file, onProgress);
}

function uploadTo<T>(path: string, file: File, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(WEB_CLIENT_HEADER, 'web');
    const csrf = readCookie(document.cookie, SESSION_COOKIES.csrf);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
      });
    }
    xhr.addEventListener('load', () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's page): kept as text, read as no message.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') {
        onProgress?.(100);
        resolve(body as T);
      } else reject(new ApiRequestError(xhr.status, body, path));
    });
    xhr.addEventListener('error', () => reject(new ApiRequestError(0, { detail: NETWORK_FAILED }, path)));
    xhr.addEventListener('abort', () => reject(new ApiRequestError(0, { detail: 'Загрузка прервана.' }, path)));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
