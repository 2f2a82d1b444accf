// Structured data (schema.org JSON-LD) of public pages, built in loaders only: the builders never
// reach the browser's JavaScript, and the root layout renders each route's `jsonLd` into the page.
import type { CourseDetail, CourseFormat, GroupStart } from '@crema/contract';
import type { RootData } from './root-data.ts';
import { socialLinks } from '../components/layout/Footer.tsx';
import { absoluteUrl, clip, type Crumb } from './seo.ts';
import type { ApiFetch } from '../api/client.ts';
import { loadSiteConfigs } from './configs.server.ts';

/** What the school's structured data is built from: its settings and its own address. */
export type School = Pick<RootData, 'configs' | 'publicUrl'>;

/** The school's settings for structured data (the root loader's call, answered by the API's micro-cache). */
export async function loadSchool(context: { api: ApiFetch; publicUrl: string }): Promise<School> {
  return { configs: await loadSiteConfigs(context.api), publicUrl: context.publicUrl };
}

/** schema.org BreadcrumbList for a trail. */
export function breadcrumbJsonLd(publicUrl: string, crumbs: readonly Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(publicUrl, crumb.path),
    })),
  };
}

/**
 * schema.org Organization of the school from the site settings (SITE_NAME, FOOTER_PHONE,
 * FOOTER_ADDRESS, FOOTER_*_LINK); rendered on the home page.
 */
export function organizationJsonLd(root: School) {
  const { configs, publicUrl } = root;
  const sameAs = socialLinks(configs).map((link) => link.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: configs.SITE_NAME || 'Crema',
    url: absoluteUrl(publicUrl, '/'),
    logo: absoluteUrl(publicUrl, '/favicon.svg'),
    ...(configs.FOOTER_PHONE ? { telephone: configs.FOOTER_PHONE } : {}),
    ...(configs.FOOTER_ADDRESS ? { address: configs.FOOTER_ADDRESS } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** What a blog post's structured data is built from. */
export interface PostForJsonLd {
  headline: string;
  description?: string | null;
  path: string;
  image?: string | null;
  publishedAt: string;
  modifiedAt: string;
}

/** schema.org BlogPosting of a post; the school is both its author and its publisher. */
export function blogPostingJsonLd(root: School, post: PostForJsonLd) {
  const { configs, publicUrl } = root;
  const organization = {
    '@type': 'Organization',
    name: configs.SITE_NAME || 'Crema',
    url: absoluteUrl(publicUrl, '/'),
    logo: { '@type': 'ImageObject', url: absoluteUrl(publicUrl, '/favicon.svg') },
  };
  const url = absoluteUrl(publicUrl, post.path);
  const description = clip(post.description);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.headline.length > 110 ? `${post.headline.slice(0, 109).trimEnd()}…` : post.headline,
    ...(description ? { description } : {}),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    ...(post.image ? { image: [absoluteUrl(publicUrl, post.image)] } : {}),
    datePublished: post.publishedAt,
    dateModified: post.modifiedAt,
    inLanguage: 'ru-RU',
    author: organization,
    publisher: organization,
  };
}

/** schema.org courseMode for the course formats. */
const COURSE_MODES: Record<CourseFormat, string> = { online: 'online', offline: 'onsite', blended: 'blended' };

type CourseForJsonLd = Pick<
  CourseDetail,
  'slug' | 'title' | 'short_description' | 'description' | 'seo' | 'og' | 'image' | 'price' | 'format' | 'rating' | 'category' | 'duration_hours'
>;

function plain(html: string | null | undefined): string {
  return (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * schema.org Course of a course page: provider (the school), the offer in roubles when the course
 * has a price, the aggregate rating when it has reviews, and its upcoming groups as instances.
 */
export function courseJsonLd(
  course: CourseForJsonLd,
  school: { name: string; publicUrl: string },
  groups: readonly Pick<GroupStart, 'starts_on' | 'ends_on' | 'format' | 'location'>[] = [],
) {
  const url = absoluteUrl(school.publicUrl, `/courses/${course.slug}/`);
  const description = plain(course.seo.description) || plain(course.short_description) || plain(course.description) || course.title;
  const image = course.og.image?.original ?? course.image?.original;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: description.length > 500 ? `${description.slice(0, 499).trimEnd()}…` : description,
    url,
    inLanguage: 'ru',
    ...(image ? { image: absoluteUrl(school.publicUrl, image) } : {}),
    about: course.category.name,
    provider: { '@type': 'Organization', name: school.name, sameAs: absoluteUrl(school.publicUrl, '/') },
    ...(course.price !== null
      ? {
          offers: {
            '@type': 'Offer',
            category: course.price > 0 ? 'Paid' : 'Free',
            price: (course.price / 100).toFixed(2),
            priceCurrency: 'RUB',
            url,
            availability: 'https://schema.org/InStock',
          },
        }
      : {}),
    ...(course.rating && course.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(course.rating.average * 10) / 10,
            bestRating: 5,
            worstRating: 1,
            ratingCount: course.rating.count,
          },
        }
      : {}),
    ...(groups.length > 0
      ? {
          hasCourseInstance: groups.map((group) => ({
            '@type': 'CourseInstance',
            courseMode: COURSE_MODES[group.format],
            startDate: group.starts_on,
            ...(group.ends_on ? { endDate: group.ends_on } : {}),
            ...(group.location ? { location: group.location } : {}),
          })),
        }
      : course.duration_hours
        ? { hasCourseInstance: { '@type': 'CourseInstance', courseMode: COURSE_MODES[course.format], courseWorkload: `PT${course.duration_hours}H` } }
        : {}),
  };
}
