import type {
  BannerPosition,
  MenuKey,
  SiteBanner,
  SiteBannerCreate,
  SiteBannerOrder,
  SiteBannerPatch,
  SiteMenu,
  SiteMenuItemCreate,
  SiteMenuItemPatch,
  SiteMenuOrder,
  SitePost,
  SitePostCard,
  SitePostCreate,
  SitePostSchedule,
  SitePostUpdate,
  SitePostsQuery,
  SiteReview,
  SiteReviewReplyInput,
  SiteReviewUpdateInput,
  SiteReviewsQuery,
  SiteSettings,
  SiteSettingsSave,
  SiteTeacher,
  SiteTeacherInput,
  Paginated,
} from '@crema/contract';
import { json, toQuery, type ApiFetch } from './client.ts';

// The calls of the school's site screens (decision 0069): posts and pages, banners and menus,
// settings, teachers and reviews. Apart from the course builder's client (admin.ts), whose chunk
// every builder page loads: these load with the school's screens only.

const post = (body: unknown) => ({ method: 'POST', body });
const patch = (body: unknown) => ({ method: 'PATCH', body });
const del = { method: 'DELETE' };

export function createSiteApi(fetcher: ApiFetch) {
  return {
    /** The site's blog posts and content pages (staff only, decision 0070). */
    sitePosts: (query: SitePostsQuery) => json<Paginated<SitePostCard>>(fetcher, `/api/admin/school/site/posts/${toQuery(query)}`),
    sitePost: (id: number) => json<SitePost>(fetcher, `/api/admin/school/site/posts/${id}/`),
    createSitePost: (body: SitePostCreate) => json<SitePost>(fetcher, '/api/admin/school/site/posts/', post(body)),
    updateSitePost: (id: number, body: SitePostUpdate) => json<SitePost>(fetcher, `/api/admin/school/site/posts/${id}/`, { method: 'PUT', body }),
    deleteSitePost: (id: number) => json<unknown>(fetcher, `/api/admin/school/site/posts/${id}/`, del),
    publishSitePost: (id: number, updated_at: string) => json<SitePost>(fetcher, `/api/admin/school/site/posts/${id}/publish/`, post({ updated_at })),
    scheduleSitePost: (id: number, body: SitePostSchedule) => json<SitePost>(fetcher, `/api/admin/school/site/posts/${id}/schedule/`, post(body)),
    unpublishSitePost: (id: number, updated_at: string) => json<SitePost>(fetcher, `/api/admin/school/site/posts/${id}/unpublish/`, post({ updated_at })),
    /** The site's banners and menus (staff only, decision 0071). */
    siteBanners: (key?: BannerPosition) => json<SiteBanner[]>(fetcher, `/api/admin/school/site/banners/${toQuery({ key })}`),
    siteBanner: (id: number) => json<SiteBanner>(fetcher, `/api/admin/school/site/banners/${id}/`),
    createSiteBanner: (body: SiteBannerCreate) => json<SiteBanner>(fetcher, '/api/admin/school/site/banners/', post(body)),
    updateSiteBanner: (id: number, body: SiteBannerPatch) => json<SiteBanner>(fetcher, `/api/admin/school/site/banners/${id}/`, patch(body)),
    deleteSiteBanner: (id: number) => json<unknown>(fetcher, `/api/admin/school/site/banners/${id}/`, del),
    orderSiteBanners: (body: SiteBannerOrder) => json<SiteBanner[]>(fetcher, '/api/admin/school/site/banners/order/', { method: 'PUT', body }),
    siteMenu: (key: MenuKey) => json<SiteMenu>(fetcher, `/api/admin/school/site/menus/${key}/`),
    createMenuItem: (key: MenuKey, body: SiteMenuItemCreate) => json<SiteMenu>(fetcher, `/api/admin/school/site/menus/${key}/items/`, post(body)),
    updateMenuItem: (key: MenuKey, id: number, body: SiteMenuItemPatch) => json<SiteMenu>(fetcher, `/api/admin/school/site/menus/${key}/items/${id}/`, patch(body)),
    deleteMenuItem: (key: MenuKey, id: number, version: number) => json<SiteMenu>(fetcher, `/api/admin/school/site/menus/${key}/items/${id}/${toQuery({ version })}`, del),
    orderMenu: (key: MenuKey, body: SiteMenuOrder) => json<SiteMenu>(fetcher, `/api/admin/school/site/menus/${key}/order/`, { method: 'PUT', body }),
    /** The site settings (staff only, decision 0074). */
    siteSettings: () => json<SiteSettings>(fetcher, '/api/admin/school/site/settings/'),
    saveSiteSettings: (body: SiteSettingsSave) => json<SiteSettings>(fetcher, '/api/admin/school/site/settings/', { method: 'PUT', body }),
    /** The site's teachers and reviews (staff only, decision 0073). */
    siteTeachers: () => json<SiteTeacher[]>(fetcher, '/api/admin/school/site/teachers/'),
    siteTeacher: (id: number) => json<SiteTeacher>(fetcher, `/api/admin/school/site/teachers/${id}/`),
    createSiteTeacher: (body: SiteTeacherInput) => json<SiteTeacher>(fetcher, '/api/admin/school/site/teachers/', post(body)),
    updateSiteTeacher: (id: number, body: SiteTeacherInput & { version: number }) => json<SiteTeacher>(fetcher, `/api/admin/school/site/teachers/${id}/`, patch(body)),
    deleteSiteTeacher: (id: number) => json<null>(fetcher, `/api/admin/school/site/teachers/${id}/`, del),
    orderSiteTeachers: (ids: number[]) => json<SiteTeacher[]>(fetcher, '/api/admin/school/site/teachers/order/', { method: 'PUT', body: { ids } }),
    siteReviews: (query: Partial<SiteReviewsQuery>) => json<Paginated<SiteReview>>(fetcher, `/api/admin/school/site/reviews/${toQuery(query)}`),
    newSiteReviews: () => json<{ count: number }>(fetcher, '/api/admin/school/site/reviews/new-count/'),
    updateSiteReview: (id: number, body: SiteReviewUpdateInput) => json<SiteReview>(fetcher, `/api/admin/school/site/reviews/${id}/`, patch(body)),
    publishSiteReview: (id: number, version: number) => json<SiteReview>(fetcher, `/api/admin/school/site/reviews/${id}/publish/`, post({ version })),
    hideSiteReview: (id: number, version: number) => json<SiteReview>(fetcher, `/api/admin/school/site/reviews/${id}/hide/`, post({ version })),
    replySiteReview: (id: number, body: SiteReviewReplyInput) => json<SiteReview>(fetcher, `/api/admin/school/site/reviews/${id}/reply/`, post(body)),
  };
}
export type SiteApi = ReturnType<typeof createSiteApi>;
