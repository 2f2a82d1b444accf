import { Link } from 'react-router';
import type { Route } from './+types/post';
import { formatDate } from '@crema/contract/format';
import { createApi } from '../../api/client.ts';
import { paths } from '../../lib/paths.ts';
import { pageMeta, rootDataOf } from '../../lib/seo.ts';
import { blogPostingJsonLd, breadcrumbJsonLd, loadSchool } from '../../lib/structured-data.server.ts';
import { Breadcrumbs } from '../../components/seo/Breadcrumbs.tsx';
import { Blocks, COVER_IMAGE, PAGE_IMAGE_OPTS } from '../../features/content/Blocks.tsx';
import { Visit } from '../../features/content/Visit.tsx';
import { MediaImage } from '../../components/ui/MediaImage.tsx';
import { SLUG_PATTERN } from '@crema/contract/rules';
import { notFound, orNotFound } from '../../features/content/load.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!SLUG_PATTERN.test(params.slug)) notFound();
  const [post, school] = await Promise.all([
    orNotFound(createApi(context.api).page(params.slug, { image_opts: PAGE_IMAGE_OPTS })),
    loadSchool(context),
  ]);
  // Content pages live at the top level, not under /blog/.
  if (post.kind !== 'post') notFound();
  const heading = post.seo.h1 || post.title;
  const published = post.publish_from ?? post.updated_at;
  const crumbs = [
    { name: 'Главная', path: paths.home() },
    { name: 'Блог', path: paths.blog() },
    { name: post.title, path: postPath(post.slug) },
  ];
  const posting = blogPostingJsonLd(school, {
    headline: heading,
    description: post.seo.description ?? post.excerpt,
    path: postPath(post.slug),
    image: post.og.image?.original ?? post.image?.original,
    publishedAt: published,
    modifiedAt: post.updated_at,
  });
  return { post, crumbs, jsonLd: [posting, breadcrumbJsonLd(school.publicUrl, crumbs)] };
}

function postPath(slug: string) {
  return `${paths.blog()}${slug}/`;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const post = loaderData?.post;
  if (!post) return [];
  return pageMeta(rootDataOf(matches), {
    title: post.seo.title || post.title,
    description: post.seo.description ?? post.excerpt,
    keywords: post.seo.keywords,
    path: postPath(post.slug),
    type: 'article',
    og: {
      title: post.og.title,
      description: post.og.description ?? post.excerpt,
      image: post.og.image?.original ?? post.image?.original,
    },
  });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, crumbs } = loaderData;
  const heading = post.seo.h1 || post.title;
  const published = post.publish_from ?? post.updated_at;
  return (
    <main className="page container">
      <div className="page__column">
        <Breadcrumbs crumbs={crumbs} />
        <article>
          <header className="page__header">
            <h1 className="page__title">{heading}</h1>
            <p className="page__meta">
              <time dateTime={published}>{formatDate(published)}</time>
            </p>
            {post.excerpt ? <p className="page__lead">{post.excerpt}</p> : null}
          </header>
          {post.image ? (
            <figure className="page__cover">
              <MediaImage className="page__cover-image" image={post.image} alt={post.title} {...COVER_IMAGE} priority />
            </figure>
          ) : null}
          <Blocks blocks={post.blocks} priorityFirst={!post.image} contacts={<Visit label="Как с нами связаться" />} />
          <footer className="page__footer">
            <Link className="back-link" to={paths.blog()}>
              <span aria-hidden="true">←</span> Все статьи
            </Link>
          </footer>
        </article>
      </div>
    </main>
  );
}
