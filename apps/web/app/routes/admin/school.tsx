import { data } from 'react-router';
import type { BannerPosition, MenuKey, PageExtended, SvedenSectionKey } from '@crema/contract';
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
  BANNER_POSITIONS,
  SITE_MENUS,
} from '@crema/contract/rules';
import type { Route } from './+types/school';
import { createAdminApi } from '../../api/admin.ts';
import { createSiteApi } from '../../api/admin-site.ts';
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
import { SITE_POSTS_PAGE_SIZE, SitePostsScreen, type SitePostFilters } from '../../features/admin-school/SitePostsScreen.tsx';
import { SitePostScreen } from '../../features/admin-school/SitePostScreen.tsx';
import { PostArticle } from '../../features/content/PostView.tsx';
import { PageHead, contentPagePath } from '../../features/content/PageView.tsx';
import { Blocks } from '../../features/content/Blocks.tsx';
import { Visit } from '../../features/content/Visit.tsx';
import { SiteBannersScreen, type BannerWords } from '../../features/admin-school/SiteBannersScreen.tsx';
import { SiteBannerScreen, type BannerPreviews } from '../../features/admin-school/SiteBannerScreen.tsx';
import { SiteMenusScreen, type MenuWords } from '../../features/admin-school/SiteMenusScreen.tsx';
import { DiscountPreview, PromoSlidePreview } from '../../features/admin-school/SiteBannerPreview.tsx';
import { HeaderBanner } from '../../components/layout/HeaderBanner.tsx';
import '../home.css';
import { SiteSettingsScreen } from '../../features/admin-school/SiteSettingsScreen.tsx';
import { createCatalogApi } from '../../features/admin-school/site-catalog-api.ts';
import { SiteCatalogCategoriesScreen } from '../../features/admin-school/SiteCatalogCategories.tsx';
import { SiteCatalogCollectionScreen, SiteCatalogCollectionsScreen } from '../../features/admin-school/SiteCatalogCollections.tsx';
import { SiteCatalogAttributeScreen, SiteCatalogAttributesScreen } from '../../features/admin-school/SiteCatalogAttributes.tsx';
import { SiteTeachersScreen } from '../../features/admin-school/SiteTeachersScreen.tsx';
import { SiteTeacherScreen } from '../../features/admin-school/SiteTeacherScreen.tsx';
import { REVIEWS_PAGE_SIZE, SiteReviewsScreen, type ReviewFilters } from '../../features/admin-school/SiteReviewsScreen.tsx';
import { createApi } from '../../api/client.ts';
import { orNotFound } from '../../features/content/load.ts';
import { LegalText } from '../../features/legal/LegalText.tsx';
import '../../features/legal/legal.css';

/** The loader's calls: the builder's and staff's, and the site screens'. */
const schoolApiOf = (fetcher: Parameters<typeof createAdminApi>[0]) => ({ ...createAdminApi(fetcher), ...createSiteApi(fetcher) });
type SchoolApi = ReturnType<typeof schoolApiOf>;

/** A subsection key as the address may hold it; the API answers 404 for one that does not exist. */
const KEY = /^[A-Za-z_]{1,40}$/;
/** A positive whole number from the address, or nothing (a hand-typed `?course=abc` is ignored). */
const idParam = (raw: string | null) => (raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined);
const dayParam = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

const PEOPLE_ROLES = ['staff', 'owner', 'learner', 'blocked'] as const;
const PEOPLE_SORTS = ['-created_at', 'created_at', 'email', '-last_login_at'] as const;
const oneOf = <T extends string>(list: readonly T[], raw: string | null): T | undefined => (list as readonly string[]).includes(raw ?? '') ? (raw as T) : undefined;

/** The people list: its filters from the address. */
async function peopleScreen(request: Request, api: SchoolApi) {
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
async function personScreen(api: SchoolApi, id: number) {
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
async function groupsScreen(request: Request, api: SchoolApi) {
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
async function groupScreen(api: SchoolApi, id: number) {
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
async function ordersScreen(request: Request, api: SchoolApi) {
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
async function orderScreen(api: SchoolApi, id: number) {
  return {
    screen: 'order' as const,
    order: await orNotFound(api.schoolOrder(id)),
    words: {
      statuses: Object.fromEntries(ORDER_STATUSES.map((k) => [k.id, k.title])),
      paymentStates: { new: 'ссылка выдана', pending: 'банк проводит', confirmed: 'оплачено', rejected: 'не прошла', refunded: 'возвращено' },
      methods: { invoice: 'Счёт (безналичный перевод)', cash: 'Наличные' },
      outcomes: { applied: 'применено', unchanged: 'повтор, без изменений', mismatch: 'не совпали сумма или платёж', unknown_order: 'неизвестный платёж', bad_token: 'неверная подпись' },
      taxations: { osn: 'ОСН', usn_income: 'УСН «доходы»', usn_income_outcome: 'УСН «доходы минус расходы»', esn: 'ЕСХН', patent: 'патент' },
      bankStatuses: {
        NEW: 'создан',
        FORM_SHOWED: 'открыта форма оплаты',
        AUTHORIZING: 'проверяется',
        '3DS_CHECKING': 'проверка 3-D Secure',
        '3DS_CHECKED': '3-D Secure пройдена',
        AUTH_FAIL: 'не прошла авторизацию',
        AUTHORIZED: 'деньги заблокированы',
        CONFIRMING: 'подтверждается',
        CONFIRMED: 'оплачен',
        REVERSING: 'отменяется',
        PARTIAL_REVERSED: 'частично отменён',
        REVERSED: 'отменён',
        REFUNDING: 'возвращается',
        PARTIAL_REFUNDED: 'частично возвращён',
        REFUNDED: 'возвращён',
        REJECTED: 'отклонён',
        CANCELED: 'отменён',
        DEADLINE_EXPIRED: 'срок оплаты истёк',
      },
      taxes: { none: 'без НДС', vat0: 'НДС 0%', vat5: 'НДС 5%', vat7: 'НДС 7%', vat10: 'НДС 10%', vat20: 'НДС 20%', vat105: 'НДС 5/105', vat107: 'НДС 7/107', vat110: 'НДС 10/110', vat120: 'НДС 20/120' },
    },
  };
}

const APPLICATION_STATUS_KEYS = APPLICATION_STATUSES.map((s) => s.id);
const APPLICATION_SORTS = ['-created_at', 'created_at', 'status'] as const;
const applicationStatusWords = () => Object.fromEntries(APPLICATION_STATUSES.map((s) => [s.id, s.title]));

/** The applications inbox: its filters from the address (unknown ones dropped). */
async function applicationsScreen(request: Request, api: SchoolApi) {
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
async function promoScreen(request: Request, context: Route.LoaderArgs['context'], api: SchoolApi) {
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
async function auditScreen(request: Request, api: SchoolApi) {
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

const SITE_POST_WORDS = {
  kinds: { post: 'Запись блога', page: 'Страница сайта' },
  statuses: { draft: 'Черновик', scheduled: 'Запланирована', published: 'Опубликована' },
  sorts: { '-updated_at': 'Сначала изменённые недавно', '-publish_from': 'Сначала новые публикации', title: 'По заголовку' },
};
const SITE_POST_KINDS = ['post', 'page'] as const;
const SITE_POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
const SITE_POST_SORTS = ['-updated_at', '-publish_from', 'title'] as const;

/** The site's posts and pages (decision 0070): the list by the address's filters. */
async function sitePostsScreen(request: Request, api: SchoolApi) {
  const search = pageUrl(request).searchParams;
  const filters: SitePostFilters = {
    search: search.get('search')?.trim().slice(0, 100) || undefined,
    kind: oneOf(SITE_POST_KINDS, search.get('kind')),
    status: oneOf(SITE_POST_STATUSES, search.get('status')),
    sort: oneOf(SITE_POST_SORTS, search.get('sort')),
  };
  const page = idParam(search.get('page')) ?? 1;
  const list = await api.sitePosts({ ...filters, page, page_size: SITE_POSTS_PAGE_SIZE });
  return { screen: 'site-posts' as const, posts: list.results, count: list.count, page, filters, words: SITE_POST_WORDS };
}

/** One post or page (`id`), or a new one ('new', its kind from `?kind=`). */
async function sitePostScreen(request: Request, api: SchoolApi, id: string) {
  if (id === 'new') {
    const kind = oneOf(SITE_POST_KINDS, pageUrl(request).searchParams.get('kind')) ?? 'post';
    return { screen: 'site-post' as const, post: null, kind, words: SITE_POST_WORDS };
  }
  const postId = idParam(id);
  if (!postId) throw data(null, { status: 404 });
  const post = await orNotFound(api.sitePost(postId));
  return { screen: 'site-post' as const, post, kind: post.kind, words: SITE_POST_WORDS };
}

/** The staff's preview of a post or page: the public renderer of its article or page head and blocks. */
function SitePreview({ page }: { page: PageExtended }) {
  if (page.kind === 'post') return <PostArticle post={page} />;
  return (
    <>
      <PageHead page={page} path={contentPagePath(page.slug)} />
      <Blocks blocks={page.blocks} priorityFirst={!page.image} contacts={<Visit label="Как с нами связаться" />} />
    </>
  );
}

/** The words of the banner screens: the positions and the states (decision 0071). */
const bannerWords = (): BannerWords => ({
  positions: BANNER_POSITIONS.map((p) => ({ ...p })),
  states: { shown: 'На сайте', hidden: 'Выключен', scheduled: 'Ждёт начала показа', ended: 'Срок показа прошёл' },
});

/** The site's banners (/admin/school/site/banners/, …/new/?key=…, …/{id}/) and menus (/admin/school/site/menus/{key}/). */
async function siteShellScreen(request: Request, api: SchoolApi, section: string, rest: string[]) {
  if (section === 'banners') {
    const [sub, ...tail] = rest;
    if (!sub) return { screen: 'site-banners' as const, banners: await api.siteBanners(), words: bannerWords() };
    if (tail.length > 0) return null;
    const asked = pageUrl(request).searchParams.get('key');
    const position: BannerPosition = BANNER_POSITIONS.find((p) => p.key === asked)?.key ?? 'main';
    if (sub === 'new') return { screen: 'site-banner' as const, banner: null, position, words: bannerWords() };
    const id = idParam(sub);
    if (id) {
      const banner = await orNotFound(api.siteBanner(id));
      return { screen: 'site-banner' as const, banner, position: banner.key, words: bannerWords() };
    }
  }
  if (section === 'menus' && rest.length <= 1) {
    const key = (rest[0] ?? 'header_menu') as MenuKey;
    if (!SITE_MENUS.some((m) => m.key === key)) return null;
    const words: MenuWords = { menus: SITE_MENUS.map((m) => ({ ...m })) };
    return { screen: 'site-menus' as const, menu: await api.siteMenu(key), words };
  }
  return null;
}

/** The catalogue's dictionaries (decision 0072): /admin/school/site/catalog/[collections|attributes]/[{id}|new]/. */
async function catalogScreen(context: Route.LoaderArgs['context'], api: SchoolApi, section: string | undefined, id: string | undefined) {
  const catalog = createCatalogApi(context.api);
  if (!section && !id) return { screen: 'catalog-categories' as const, categories: await catalog.categories.list() };
  if (section === 'collections') {
    if (!id) return { screen: 'catalog-collections' as const, collections: await catalog.collections.list() };
    const collectionId = idParam(id);
    if (id !== 'new' && !collectionId) return null;
    const [collection, courses] = await Promise.all([collectionId ? orNotFound(catalog.collections.one(collectionId)) : null, api.courses({ page_size: 100 })]);
    return {
      screen: 'catalog-collection' as const,
      collection,
      courses: courses.results.map((c) => ({ id: c.id, title: c.title, is_published: c.is_published })),
    };
  }
  if (section === 'attributes') {
    if (!id) return { screen: 'catalog-attributes' as const, attributes: await catalog.attributes.list() };
    const attributeId = idParam(id);
    if (attributeId) return { screen: 'catalog-attribute' as const, attribute: await orNotFound(catalog.attributes.one(attributeId)) };
  }
  return null;
}

/** How the site draws each banner position, for the form's preview. */
const BANNER_PREVIEWS: BannerPreviews = {
  main: PromoSlidePreview,
  discount: DiscountPreview,
  header: HeaderBanner,
};

/** The site's teachers (decision 0073): the list, a new one's form or one teacher's, with the courses to choose from. */
async function teachersScreen(api: SchoolApi, id: string | undefined) {
  if (!id) return { screen: 'site-teachers' as const, teachers: await api.siteTeachers() };
  const teacherId = id === 'new' ? null : idParam(id);
  if (teacherId === undefined) throw data(null, { status: 404 });
  const [teacher, courses] = await Promise.all([teacherId ? orNotFound(api.siteTeacher(teacherId)) : Promise.resolve(null), api.courses({ page_size: 100 })]);
  return { screen: 'site-teacher' as const, teacher, courses: courses.results.map((c) => ({ id: c.id, title: c.title })) };
}

const REVIEW_STATUS_TITLES = { new: 'Новый', published: 'Опубликован', hidden: 'Скрыт' } as const;

/** The reviews' queue (decision 0073): its filters from the address. */
async function reviewsScreen(request: Request, api: SchoolApi) {
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
  const api = schoolApiOf(context.api);
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
    if (item === 'posts' && more.length === 0) return sitePostsScreen(request, api);
    if (item === 'posts' && more.length === 1) return sitePostScreen(request, api, more[0]!);
    const shell = await siteShellScreen(request, api, item, more);
    if (shell) return shell;
    if (item === 'settings' && more.length === 0) return { screen: 'site-settings' as const, settings: await api.siteSettings() };
    if (item === 'catalog' && more.length <= 2) {
      const found = await catalogScreen(context, api, more[0], more[1]);
      if (found) return found;
    }
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
    case 'site-posts':
      return 'Блог и страницы';
    case 'site-post':
      return loaderData.post ? `${loaderData.post.title} — блог и страницы` : loaderData.kind === 'page' ? 'Новая страница' : 'Новая запись';
    case 'site-banners':
      return 'Баннеры — сайт';
    case 'site-banner':
      return loaderData.banner ? `Баннер «${loaderData.banner.title}» — сайт` : 'Новый баннер — сайт';
    case 'site-menus':
      return `${loaderData.menu.title} — сайт`;
    case 'site-settings':
      return 'Настройки сайта';
    case 'catalog-categories':
      return 'Направления каталога';
    case 'catalog-collections':
      return 'Подборки';
    case 'catalog-collection':
      return loaderData.collection ? `Подборка «${loaderData.collection.title}»` : 'Новая подборка';
    case 'catalog-attributes':
      return 'Характеристики курсов';
    case 'catalog-attribute':
      return `Характеристика «${loaderData.attribute.name}»`;
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
    case 'site-posts':
      return <SitePostsScreen posts={loaderData.posts} count={loaderData.count} page={loaderData.page} filters={loaderData.filters} words={loaderData.words} />;
    case 'site-post':
      // Another post (or a new one after the created one) starts the form anew.
      return <SitePostScreen key={loaderData.post?.id ?? `new-${loaderData.kind}`} post={loaderData.post} kind={loaderData.kind} words={loaderData.words} Preview={SitePreview} />;
    case 'site-banners':
      return <SiteBannersScreen banners={loaderData.banners} words={loaderData.words} />;
    case 'site-banner':
      return <SiteBannerScreen key={loaderData.banner?.id ?? 'new'} banner={loaderData.banner} position={loaderData.position} words={loaderData.words} previews={BANNER_PREVIEWS} />;
    case 'site-menus':
      return <SiteMenusScreen key={loaderData.menu.key} menu={loaderData.menu} words={loaderData.words} />;
    case 'site-settings':
      return <SiteSettingsScreen settings={loaderData.settings} />;
    case 'catalog-categories':
      return <SiteCatalogCategoriesScreen categories={loaderData.categories} />;
    case 'catalog-collections':
      return <SiteCatalogCollectionsScreen collections={loaderData.collections} />;
    case 'catalog-collection':
      return <SiteCatalogCollectionScreen key={loaderData.collection?.updated_at ?? 'new'} collection={loaderData.collection} courses={loaderData.courses} />;
    case 'catalog-attributes':
      return <SiteCatalogAttributesScreen attributes={loaderData.attributes} />;
    case 'catalog-attribute':
      return <SiteCatalogAttributeScreen key={loaderData.attribute.id} attribute={loaderData.attribute} />;
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
