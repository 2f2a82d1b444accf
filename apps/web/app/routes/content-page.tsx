import type { Route } from './+types/content-page';
import { createApi } from '../api/client.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { breadcrumbJsonLd } from '../lib/structured-data.server.ts';
import { TEACHER_IMAGE, TeacherCard } from '../features/catalog/TeacherCard.tsx';
import { PAGE_IMAGE_OPTS } from '../features/content/Blocks.tsx';
import { SLUG_PATTERN } from '@crema/contract/rules';
import { notFound, orNotFound } from '../features/content/load.ts';
import { contentPagePath, pageCrumbs, PageView } from '../features/content/PageView.tsx';
import type { FeedbackForm } from '@crema/contract';
import { lazy, Suspense } from 'react';

/** The header menu's 'Преподаватели' leads to /about/#teachers: the about page lists them. */
const TEACHERS_PAGE = 'about';
/**
 * Pages that end with a general feedback form, by slug: the form's key. A route-level
 * addition like the teachers above, rather than a new page block type: the
 * blocks are the school's free content, while these two forms are part of the site's own pages
 * (their 'Оставить заявку' buttons link to `#feedback`).
 */
const FEEDBACK_FORMS: Record<string, string> = { contacts: 'contacts_form', corporate: 'corporate_form' };
/** The form's code (and the API client's) loads only on those pages, not with every content page. */
const FeedbackSection = lazy(() => import('../features/apply/FeedbackSection.tsx'));

/**
 * The legal pages the site linked to before they got versions (decision 0043): a permanent
 * redirect to the document's own address, whatever the pages table still holds.
 */
const MOVED_TO_DOCUMENTS: Record<string, string> = {
  'privacy-policy': '/documents/privacy-policy/',
  offer: '/documents/offer/',
};

/**
 * /{slug}/: a published content page. Deeper paths, bad slugs, unknown or unpublished pages and
 * blog posts (they live under /blog/) are the 404 page; other API failures the 500 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = (params['*'] ?? '').replace(/\/$/, '');
  if (!SLUG_PATTERN.test(slug)) notFound();
  const moved = MOVED_TO_DOCUMENTS[slug];
  if (moved) throw new Response(null, { status: 301, headers: { Location: moved } });
  const api = createApi(context.api);
  const formKey = FEEDBACK_FORMS[slug];
  const [page, teachers, feedbackForm] = await Promise.all([
    orNotFound(api.page(slug, { image_opts: PAGE_IMAGE_OPTS })),
    slug === TEACHERS_PAGE ? api.teachers({ image_opts: TEACHER_IMAGE.opts }) : Promise.resolve([]),
    // The form is a bonus: the page stands without it (a database seeded before the form existed).
    formKey
      ? api.feedbackForm(formKey).catch((error: unknown) => {
          context.log.warn({ err: error, form: formKey }, 'content page: feedback form unavailable');
          return null;
        })
      : Promise.resolve(null as FeedbackForm | null),
  ]);
  // An address the page or post had while public (decision 0070): permanently to where it is now.
  if (page.slug !== slug) throw new Response(null, { status: 301, headers: { Location: page.url } });
  if (page.kind !== 'page') notFound();
  return { page, teachers, feedbackForm, jsonLd: [breadcrumbJsonLd(context.publicUrl, pageCrumbs(page.title, contentPagePath(page.slug)))] };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.page;
  if (!page) return [];
  return pageMeta(rootDataOf(matches), {
    title: page.seo.title || page.title,
    description: page.seo.description ?? page.excerpt,
    keywords: page.seo.keywords,
    path: contentPagePath(page.slug),
    og: {
      title: page.og.title,
      description: page.og.description ?? page.excerpt,
      image: page.og.image?.original ?? page.image?.original,
    },
  });
};

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, teachers, feedbackForm } = loaderData;
  return (
    <PageView page={page}>
      {teachers.length > 0 ? (
        <section id="teachers" className="page-teachers" aria-labelledby="teachers-title">
          <h2 id="teachers-title" className="page-teachers__title">
            Преподаватели
          </h2>
          <ul className="page-teachers__list">
            {teachers.map((teacher) => (
              <li key={teacher.id}>
                <TeacherCard teacher={teacher} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {feedbackForm ? (
        <Suspense fallback={null}>
          <FeedbackSection form={feedbackForm} />
        </Suspense>
      ) : null}
    </PageView>
  );
}
