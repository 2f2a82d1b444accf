import { Link } from 'react-router';
import type { PageExtended } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { paths } from '../../lib/paths.ts';
import { MediaImage } from '../../components/ui/MediaImage.tsx';
import { Blocks, COVER_IMAGE } from './Blocks.tsx';
import { Visit } from './Visit.tsx';

/** A blog post's article: heading, date and author, lead, cover and blocks (the post page and the staff's preview). */
export function PostArticle({ post }: { post: PageExtended }) {
  const heading = post.seo.h1 || post.title;
  const published = post.publish_from ?? post.updated_at;
  return (
    <article>
      <header className="page__header">
        <h1 className="page__title">{heading}</h1>
        <p className="page__meta">
          <time dateTime={published}>{formatDate(published)}</time>
          {post.author ? <> · {post.author}</> : null}
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
  );
}
