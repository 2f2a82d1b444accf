import { data } from 'react-router';
import type { SvedenSectionKey } from '@crema/contract';
import {
  APPLICATION_STATUSES,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_ROLES,
  CONSENT_KINDS,
  ENROLMENT_SOURCE_LABELS,
  LEGAL_DOCUMENTS,
  ORDER_STATUSES,
  RECONSENT_ACTIONS,
  SCHOOL_GROUP_STATUS_TITLES,
} from '@crema/contract/rules';
import type { Route } from './+types/school';
import { createAdminApi } from '../../api/admin.ts';
import { pageUrl, requireStaff } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { SvedenListScreen } from '../../features/admin-school/SvedenListScreen.tsx';
import { SvedenEditScreen } from '../../features/admin-school/SvedenEditScreen.tsx';
import { DocumentsScreen } from '../../features/admin-school/DocumentsScreen.tsx';
import { DocumentScreen } from '../../features/admin-school/DocumentScreen.tsx';
import { AUDIT_PAGE_SIZE, AuditScreen, type AuditFilters } from '../../features/admin-school/AuditScreen.tsx';
import { PEOPLE_PAGE_SIZE, PeopleScreen, type PeopleFilters } from '../../features/admin-school/PeopleScreen.tsx';
import { PersonScreen } from '../../features/admin-school/PersonScreen.tsx';
import { GROUPS_PAGE_SIZE, GroupsScreen, type GroupFilters } from '../../features/admin-school/GroupsScreen.tsx';
import { GroupScreen, NewGroupScreen } from '../../features/admin-school/GroupScreen.tsx';
import { ORDERS_PAGE_SIZE, OrdersScreen, type OrderFilters } from '../../features/admin-school/OrdersScreen.tsx';
import { OrderScreen } from '../../features/admin-school/OrderScreen.tsx';
import { APPLICATIONS_PAGE_SIZE, ApplicationsScreen, type ApplicationFilters } from '../../features/admin-school/ApplicationsScreen.tsx';
import { ApplicationScreen } from '../../features/admin-school/ApplicationScreen.tsx';
import { DashboardScreen } from '../../features/admin-school/DashboardScreen.tsx';
import { PROMO_PAGE_SIZE, PromoScreen } from '../../features/admin-school/PromoScreen.tsx';
import { WaitingGroupsScreen, WaitingListScreen } from '../../features/admin-school/WaitingScreen.tsx';
import { SiteScreen } from '../../features/admin-school/SiteScreen.tsx';
import { SiteTeachersScreen } from '../../features/admin-school/SiteTeachersScreen.tsx';
import { SiteTeacherScreen } from '../../features/admin-school/SiteTeacherScreen.tsx';
import { REVIEWS_PAGE_SIZE, SiteReviewsScreen, type ReviewFilters } from '../../features/admin-school/SiteReviewsScreen.tsx';
import { createApi } from '../../api/client.ts';
import { orNotFound } from '../../features/content/load.ts';
import { LegalText } from '../../features/legal/LegalText.tsx';
import '../../features/legal/legal.css';

/** A subsection key as the address may hold it; the API answers 404 for one that does not exist. */
const KEY = /^[A-Za-z_]{1,40}$/;
/** A positive whole number from the address, or nothing (a hand-typed `?course=abc` is ignored). */
const idParam = (raw: string | null) => (raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined);
const dayParam = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

const PEOPLE_ROLES = ['staff', 'owner', 'learner', 'blocked'] as const;
const PEOPLE_SORTS = ['-created_at', 'created_at', 'email', '-last_login_at'] as const;
const oneOf = <T extends string>(list: readonly T[], raw: string | null): T | undefined => (list as readonly string[]).includes(raw ?? '') ? (raw as T) : undefined;

/** The people list: its filters from the address. */
async function peopleScreen(request: Request, api: ReturnType<typeof createAdminApi>) {
  const search = pageUrl(request).searchParams;
  const filters: PeopleFilters = {
    search: search.get('search')?.trim().slice(0, 100) || undefined,
    role: oneOf(PEOPLE_ROLES, search.get('role')),
    sort: oneOf(PEOPLE_SORTS, search.get('sort')),
  };
  const page = idParam(search.get('page')) ?? 1;
  const list = await api.people({ ...filters, page, page_size: PEOPLE_PAGE_SIZE });
  return { screen: 'people' as const, people: list.results, count: list.count, page, filters };
}

/** One person, with the words their card needs. */
async function personScreen(api: ReturnType<typeof createAdminApi>, id: number) {
  const [person, courses] = await Promise.all([orNotFound(api.person(id)), api.courses({ page_size: 100 })]);
  return {
    screen: 'person' as const,
    person,
    words: {
      courses: courses.results.map((c) => ({ id: c.id, title: c.title })),
      consentKinds: Object.fromEntries(CONSENT_KINDS.map((k) => [k.id, k.title])),
      orderStatuses: Object.fromEntries(ORDER_STATUSES.map((k) => [k.id, k.title])),
      sources: ENROLMENT_SOURCE_LABELS as Record<string, string>,
    },
  };
}

const GROUP_STATUSES = ['draft', 'published', 'closed'] as const;
const GROUP_SORTS = ['starts_on', '-starts_on', 'title', '-fill'] as const;

/** The groups list: its filters from the address. */
async function groupsScreen(request: Request, api: ReturnType<typeof createAdminApi>) {
  const search = pageUrl(request).searchParams;
  const filters: GroupFilters = {
    search: search.get('search')?.trim().slice(0, 100) || undefined,
    course: idParam(search.get('course')),
    status: oneOf(GROUP_STATUSES, search.get('status')),
    sort: oneOf(GROUP_SORTS, search.get('sort')),
  };
  const page = idParam(search.get('page')) ?? 1;
  const [list, options] = await Promise.all([api.schoolGroups({ ...filters, page, page_size: GROUPS_PAGE_SIZE }), api.schoolGroupOptions()]);
  return {
    screen: 'groups' as const,
    groups: list.results,
    count: list.count,
    page,
    filters,
    words: { statuses: { ...SCHOOL_GROUP_STATUS_TITLES } as Record<string, string>, courses: options.courses },
  };
}

/** One group with its members and the other groups of its course (where a member may move). */
async function groupScreen(api: ReturnType<typeof createAdminApi>, id: number) {
  const group = await orNotFound(api.schoolGroup(id));
  const [members, siblings, options] = await Promise.all([
    api.schoolMembers(id),
    api.schoolGroups({ course: group.course.id, page_size: 100 }),
    api.schoolGroupOptions(),
  ]);
  return {
    screen: 'group' as const,
    group,
    members,
    siblings: siblings.results,
    words: { statuses: { ...SCHOOL_GROUP_STATUS_TITLES } as Record<string, string>, sources: ENROLMENT_SOURCE_LABELS as Record<string, string>, options },
  };
}

const ORDER_STATUS_IDS = ORDER_STATUSES.map((s) => s.id);
const ORDER_SORTS = ['-created_at', 'created_at', '-paid_at', '-amount', 'amount'] as const;
/** 'Ожидает оплаты' twice in the contract (confirmed, awaiting_payment): the filter names both states apart. */
const orderStatusWords = () => ORDER_STATUSES.map(({ id, title }) => ({ id, title }));

/** The orders list (decision 0065): its filters from the address; the groups of the chosen course. */
async function ordersScreen(request: Request, api: ReturnType<typeof createAdminApi>) {
  const search = pageUrl(request).searchParams;
  const filters: OrderFilters = {
    search: search.get('search')?.trim().slice(0, 100) || undefined,
    status: oneOf(ORDER_STATUS_IDS, search.get('status')),
    course: idParam(search.get('course')),
    group: idParam(search.get('group')),
    from: dayParam(search.get('from')),
    to: dayParam(search.get('to')),
    sort: oneOf(ORDER_SORTS, search.get('sort')),
  };
  const page = idParam(search.get('page')) ?? 1;
  const [list, courses, groups] = await Promise.all([
    api.schoolOrders({ ...filters, page, page_size: ORDERS_PAGE_SIZE }),
    api.courses({ page_size: 100 }),
    filters.course ? api.adminProgressGroups(filters.course) : Promise.resolve([]),
  ]);
  return {
    screen: 'orders' as const,
    orders: list.results,
    count: list.count,
    page,
    filters,
    words: {
      statuses: orderStatusWords(),
      courses: courses.results.map((c) => ({ id: c.id, title: c.title })),
      groups: groups.map((g) => ({ id: g.id, title: g.title })),
    },
  };
}

/** One order, with the words its card needs. */
async function orderScreen(api: ReturnType<typeof createAdminApi>, id: number) {
  return {
    screen: 'order' as const,
    order: await orNotFound(api.schoolOrder(id)),
    words: {
      statuses: Object.fromEntries(ORDER_STATUSES.map((k) => [k.id, k.title])),
      paymentStates: { new: 'ссылка выдана', pending: 'банк проводит', confirmed: 'оплачено', rejected: 'не прошла', refunded: 'возвращено' },
      methods: { invoice: 'Счёт (безналичный перевод)', cash: 'Наличные' },
      outcomes: { applied: 'применено', unchanged: 'повтор, без изменений', mismatch: 'не совпали сумма или платёж', unknown_order: 'неизвестный платёж', bad_token: 'неверная подпись' },
      taxations: { osn: 'ОСН', usn_income: 'УСН «доходы»', usn_income_outcome: 'УСН «доходы минус расходы»', esn: 'ЕСХН', patent: 'патент' },
      taxes: { none: 'без НДС', vat0: 'НДС 0%', vat5: 'НДС 5%', vat7: 'НДС 7%', vat10: 'НДС 10%', vat20: 'НДС 20%', vat105: 'НДС 5/105', vat107: 'НДС 7/107', vat110: 'НДС 10/110', vat120: 'НДС 20/120' },
    },
  };
}

const APPLICATION_STATUS_KEYS = APPLICATION_STATUSES.map((s) => s.id);
const APPLICATION_SORTS = ['-created_at', 'created_at', 'status'] as const;
const applicationStatusWords = () => Object.fromEntries(APPLICATION_STATUSES.map((s) => [s.id, s.title]));

/** The applications inbox: its filters from the address (unknown ones dropped). */
async function applicationsScreen(request: Request, api: ReturnType<typeof createAdminApi>) {
  const search = pageUrl(request).searchParams;
  const form = search.get('form') ?? '';
  const filters: ApplicationFilters = {
    search: search.get('search')?.trim().slice(0, 100) || undefined,
    status: oneOf(APPLICATION_STATUS_KEYS, search.get('status')),
    form: /^[a-z0-9_]{1,60}$/.test(form) ? form : undefined,
    course: idParam(search.get('course')),
    assignee: oneOf(['me', 'none'] as const, search.get('assignee')),
    from: dayParam(search.get('from')),
    to: dayParam(search.get('to')),
    sort: oneOf(APPLICATION_SORTS, search.get('sort')),
  };
  const page = idParam(search.get('page')) ?? 1;
  const [list, courses] = await Promise.all([api.applications({ ...filters, page, page_size: APPLICATIONS_PAGE_SIZE }), api.courses({ page_size: 100 })]);
  return {
    screen: 'applications' as const,
    applications: list.results,
    count: list.count,
    page,
    filters,
    words: { statuses: applicationStatusWords(), courses: courses.results.map((c) => ({ id: c.id, title: c.title })) },
  };
}

/** Promo codes: the list by the address's search and page, and the courses and categories a code may be for. */
async function promoScreen(request: Request, context: Route.LoaderArgs['context'], api: ReturnType<typeof createAdminApi>) {
  const params = pageUrl(request).searchParams;
  const search = params.get('search')?.trim().slice(0, 40) || undefined;
  const page = idParam(params.get('page')) ?? 1;
  const [list, courses, categories] = await Promise.all([api.promoCodes({ search, page, page_size: PROMO_PAGE_SIZE }), api.courses({ page_size: 100 }), createApi(context.api).categories()]);
  return {
    screen: 'promo' as const,
    promos: list.results,
    count: list.count,
    page,
    search,
    words: { courses: courses.results.map((c) => ({ id: c.id, title: c.title })), categories: categories.map((c) => ({ id: c.id, name: c.name })) },
  };
}

/** The journal's page: its filters from the address (unknown ones dropped, so a stale link still opens). */
async function auditScreen(request: Request, api: ReturnType<typeof createAdminApi>) {
  const search = pageUrl(request).searchParams;
  const action = search.get('action') ?? '';
  const filters: AuditFilters = {
    search: search.get('search')?.trim().slice(0, 100) || undefined,
    action: action in AUDIT_ACTIONS ? action : undefined,
    course: idParam(search.get('course')),
    from: dayParam(search.get('from')),
    to: dayParam(search.get('to')),
  };
  const page = idParam(search.get('page')) ?? 1;
  const [list, courses] = await Promise.all([
    api.auditEvents({ ...filters, action: filters.action as keyof typeof AUDIT_ACTIONS | undefined, page, page_size: AUDIT_PAGE_SIZE }),
    api.courses({ page_size: 100 }),
  ]);
  return {
    screen: 'audit' as const,
    events: list.results,
    count: list.count,
    page,
    filters,
    // The words come with the data: the contract's lists in browser code would join a shared chunk.
    words: {
      actions: AUDIT_ACTIONS as Record<string, string>,
      entities: AUDIT_ENTITIES as Record<string, string>,
      roles: AUDIT_ROLES as Record<string, string>,
      courses: courses.results.map((c) => ({ id: c.id, title: c.title })),
    },
  };
}

/** The site's teachers (decision 0073): the list, a new one's form or one teacher's, with the courses to choose from. */
async function teachersScreen(api: ReturnType<typeof createAdminApi>, id: string | undefined) {
  if (!id) return { screen: 'site-teachers' as const, teachers: await api.siteTeachers() };
  const teacherId = id === 'new' ? null : idParam(id);
  if (teacherId === undefined) throw data(null, { status: 404 });
  const [teacher, courses] = await Promise.all([teacherId ? orNotFound(api.siteTeacher(teacherId)) : Promise.resolve(null), api.courses({ page_size: 100 })]);
  return { screen: 'site-teacher' as const, teacher, courses: courses.results.map((c) => ({ id: c.id, title: c.title })) };
}

const REVIEW_STATUS_TITLES = { new: 'Новый', published: 'Опубликован', hidden: 'Скрыт' } as const;

/** The reviews' queue (decision 0073): its filters from the address. */
async function reviewsScreen(request: Request, api: ReturnType<typeof createAdminApi>) {
  const search = pageUrl(request).searchParams;
  const rating = idParam(search.get('rating'));
  const filters: ReviewFilters = {
    status: oneOf(['new', 'published', 'hidden'] as const, search.get('status')),
    course: idParam(search.get('course')),
    rating: rating && rating <= 5 ? rating : undefined,
    search: search.get('search')?.trim().slice(0, 100) || undefined,
  };
  const page = idParam(search.get('page')) ?? 1;
  const [list, courses] = await Promise.all([api.siteReviews({ ...filters, page, page_size: REVIEWS_PAGE_SIZE }), api.courses({ page_size: 100 })]);
  return {
    screen: 'site-reviews' as const,
    reviews: list.results,
    count: list.count,
    page,
    filters,
    words: { statuses: { ...REVIEW_STATUS_TITLES } as Record<string, string>, courses: courses.results.map((c) => ({ id: c.id, title: c.title })) },
  };
}

// /admin/school/… (decisions 0045, 0066), school staff only: the overview (/admin/school/), the
// applications (/admin/school/applications/ and …/applications/{id}/), 'Сведения' (/admin/school/sveden/ and
// …/sveden/{key}/), the legal documents (/admin/school/documents/ and …/documents/{slug}/), people
// (/admin/school/people/ and …/people/{id}/), groups (/admin/school/groups/, …/groups/new/ and
// …/groups/{id}/, decision 0064) and the audit trail (/admin/school/audit/).
// (/admin/school/people/ and …/people/{id}/), orders (/admin/school/orders/ and …/orders/{id}/, decision
// 0065) and the audit trail (/admin/school/audit/).
// One route module for the four screens: every route costs every public page bytes of the route
// manifest (decision 0039), and these four are one small area. Anything else under it is 404.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const api = createAdminApi(context.api);
  const [area, item, ...more] = (params['*'] ?? '').split('/').filter(Boolean);
  if (!area) return { screen: 'dashboard' as const, dashboard: await api.dashboard() };
  if (more.length === 0 && area === 'applications') {
    if (!item) return applicationsScreen(request, api);
    const id = idParam(item);
    if (id) {
      const words = { statuses: applicationStatusWords(), orderStatuses: Object.fromEntries(ORDER_STATUSES.map((k) => [k.id, k.title])), me: user.id };
      return { screen: 'application' as const, application: await orNotFound(api.application(id)), words };
    }
  }
  if (more.length === 0 && area === 'sveden') {
    if (!item) return { screen: 'sveden' as const, sections: await api.svedenState() };
    if (KEY.test(item)) return { screen: 'sveden-section' as const, page: await orNotFound(api.svedenSection(item as SvedenSectionKey)) };
  }
  if (!item && area === 'audit') return auditScreen(request, api);
  // The site's content (decision 0069): /admin/school/site/{area}/…, each area's screens below.
  if (area === 'site') {
    if (!item) return { screen: 'site' as const };
    const [section, id, ...rest] = [item, ...more];
    if (section === 'teachers' && rest.length === 0) return teachersScreen(api, id);
    if (section === 'reviews' && !id) return reviewsScreen(request, api);
  }
  if (!item && area === 'promo') return promoScreen(request, context, api);
  if (more.length === 0 && area === 'waiting') {
    if (!item) return { screen: 'waiting' as const, list: (await api.waitingGroups()).results };
    const id = idParam(item);
    if (id) return { screen: 'waiting-group' as const, list: await orNotFound(api.waitingList(id)) };
  }
  if (more.length === 0 && area === 'people') {
    if (!item) return peopleScreen(request, api);
    const id = idParam(item);
    if (id) return personScreen(api, id);
  }
  if (more.length === 0 && area === 'groups') {
    if (!item) return groupsScreen(request, api);
    if (item === 'new') return { screen: 'new-group' as const, options: await api.schoolGroupOptions() };
    const id = idParam(item);
    if (id) return groupScreen(api, id);
  }
  if (more.length === 0 && area === 'orders') {
    if (!item) return ordersScreen(request, api);
    const id = idParam(item);
    if (id) return orderScreen(api, id);
  }
  if (more.length === 0 && area === 'documents') {
    if (!item) return { screen: 'documents' as const, kinds: LEGAL_DOCUMENTS.map(({ kind, slug, title }) => ({ kind, slug, title })), current: await api.legalDocuments() };
    const kind = LEGAL_DOCUMENTS.find((d) => d.slug === item)?.kind;
    if (kind) {
      // What a new version asks of people who agreed to an older one (decision 0046), for the confirmation.
      const reconsent: 'accept' | 'notice' | null = RECONSENT_ACTIONS[kind as keyof typeof RECONSENT_ACTIONS] ?? null;
      return { screen: 'document' as const, doc: await api.legalDocument(item), reconsent };
    }
  }
  throw data(null, { status: 404 });
}

function titleOf(loaderData: Route.ComponentProps['loaderData'] | undefined): string | undefined {
  switch (loaderData?.screen) {
    case 'dashboard':
      return 'Обзор школы';
    case 'applications':
      return 'Заявки';
    case 'application':
      return `Заявка №${loaderData.application.id} — заявки`;
    case 'sveden':
      return 'Сведения об образовательной организации';
    case 'sveden-section':
      return `Сведения: ${loaderData.page.section.title}`;
    case 'documents':
      return 'Юридические документы';
    case 'document':
      return `${loaderData.doc.title}: новая редакция`;
    case 'audit':
      return 'Журнал действий';
    case 'site':
      return 'Сайт';
    case 'site-teachers':
      return 'Преподаватели — сайт';
    case 'site-teacher':
      return `${loaderData.teacher ? `${loaderData.teacher.first_name} ${loaderData.teacher.last_name}` : 'Новый преподаватель'} — преподаватели`;
    case 'site-reviews':
      return 'Отзывы — сайт';
    case 'people':
      return 'Люди';
    case 'groups':
      return 'Группы';
    case 'new-group':
      return 'Новая группа';
    case 'group':
      return `${loaderData.group.title} — группы`;
    case 'orders':
      return 'Заказы';
    case 'order':
      return `Заказ № ${loaderData.order.code}`;
    case 'promo':
      return 'Промокоды';
    case 'waiting':
      return 'Лист ожидания';
    case 'waiting-group':
      return `Лист ожидания: ${loaderData.list.group.title}`;
    case 'person':
      return `${[loaderData.person.last_name, loaderData.person.first_name].filter(Boolean).join(' ') || loaderData.person.email} — люди`;
    default:
      return undefined;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => privateMeta(matches, titleOf(loaderData));

export default function SchoolPage({ loaderData }: Route.ComponentProps) {
  switch (loaderData.screen) {
    case 'dashboard':
      return <DashboardScreen dashboard={loaderData.dashboard} />;
    case 'applications':
      return <ApplicationsScreen applications={loaderData.applications} count={loaderData.count} page={loaderData.page} filters={loaderData.filters} words={loaderData.words} />;
    case 'application':
      return <ApplicationScreen key={loaderData.application.id} application={loaderData.application} words={loaderData.words} />;
    case 'sveden':
      return <SvedenListScreen sections={loaderData.sections} />;
    case 'sveden-section':
      // Another subsection starts the form anew.
      return <SvedenEditScreen key={loaderData.page.section.key} page={loaderData.page} />;
    case 'documents':
      return <DocumentsScreen kinds={loaderData.kinds} current={loaderData.current} />;
    case 'document':
      // The preview is the public page's text (features do not import each other).
      return <DocumentScreen key={loaderData.doc.slug} doc={loaderData.doc} reconsent={loaderData.reconsent} Preview={LegalText} />;
    case 'people':
      return <PeopleScreen people={loaderData.people} count={loaderData.count} page={loaderData.page} filters={loaderData.filters} />;
    case 'person':
      return <PersonScreen key={loaderData.person.id} person={loaderData.person} words={loaderData.words} />;
    case 'groups':
      return <GroupsScreen groups={loaderData.groups} count={loaderData.count} page={loaderData.page} filters={loaderData.filters} words={loaderData.words} />;
    case 'new-group':
      return <NewGroupScreen options={loaderData.options} />;
    case 'group':
      return <GroupScreen key={loaderData.group.id} group={loaderData.group} members={loaderData.members} siblings={loaderData.siblings} words={loaderData.words} />;
    case 'orders':
      return <OrdersScreen orders={loaderData.orders} count={loaderData.count} page={loaderData.page} filters={loaderData.filters} words={loaderData.words} />;
    case 'order':
      return <OrderScreen key={loaderData.order.id} order={loaderData.order} words={loaderData.words} />;
    case 'promo':
      return <PromoScreen promos={loaderData.promos} count={loaderData.count} page={loaderData.page} search={loaderData.search} words={loaderData.words} />;
    case 'waiting':
      return <WaitingGroupsScreen list={loaderData.list} />;
    case 'waiting-group':
      return <WaitingListScreen list={loaderData.list} />;
    case 'site':
      return <SiteScreen />;
    case 'site-teachers':
      return <SiteTeachersScreen teachers={loaderData.teachers} />;
    case 'site-teacher':
      return <SiteTeacherScreen key={loaderData.teacher?.id ?? 'new'} teacher={loaderData.teacher} courses={loaderData.courses} />;
    case 'site-reviews':
      return <SiteReviewsScreen reviews={loaderData.reviews} count={loaderData.count} page={loaderData.page} filters={loaderData.filters} words={loaderData.words} />;
    case 'audit':
      return <AuditScreen events={loaderData.events} count={loaderData.count} page={loaderData.page} filters={loaderData.filters} words={loaderData.words} />;
  }
}
