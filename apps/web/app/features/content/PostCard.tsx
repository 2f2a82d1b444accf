import { Link } from 'react-router';
import type { PageCard } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { MediaImage } from '../../components/ui/MediaImage.tsx';
import './content.css';

/** What the blog cards ask the media service for: every card's picture the same shape. */
export const POST_CARD_IMAGE_OPTS = 'size:400x250,crop:center';
const CARD_IMAGE = { width: 400, height: 250 };

/** A blog post's card: picture, date, title (the whole card is the link), excerpt. */
export function PostCard({ post, headingLevel = 2, priority = false }: { post: PageCard; headingLevel?: 2 | 3; priority?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="post-card">
      {post.image ? (
        <MediaImage className="post-card__image" image={post.image} alt="" {...CARD_IMAGE} priority={priority} />
      ) : (
        <div className="post-card__image post-card__image--empty" aria-hidden="true" />
      )}
      <div className="post-card__body">
        {post.publish_from ? (
          <time className="post-card__date" dateTime={post.publish_from}>
            {formatDate(post.publish_from)}
          </time>
        ) : null}
        <Heading className="post-card__title">
          <Link className="post-card__link" to={post.url} prefetch="intent">
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? <p className="post-card__excerpt">{post.excerpt}</p> : null}
      </div>
    </article>
  );
}
