import { Link } from 'react-router';
import type { PageBlock } from '@crema/contract';
import { MediaImage } from '../../components/ui/MediaImage.tsx';
import { shiftHeadings, withAltText } from './html.ts';
import { VideoBlock } from './VideoBlock.tsx';
import './content.css';

/** Image options the content routes ask for: the cover and the block images (the reading column is 800 px). */
export const PAGE_IMAGE_OPTS = 'size:800';
/** Side-text images come at the API's default size (615). */
const SIDE_IMAGE = { width: 615, height: 410 };
/** Fallback size of a cover (16:9) whose height the media service did not report. */
export const COVER_IMAGE = { width: 800, height: 450 };
/** Fallback size of an 800 px image whose height the media service did not report (3:2). */
const PAGE_IMAGE = { width: 800, height: 533 };

/** Trusted HTML from the admin, with the page's typography (and the pictures' alt text for images off). */
function Prose({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`prose ${className}`.trim()} dangerouslySetInnerHTML={{ __html: withAltText(shiftHeadings(html)) }} />;
}

function isInternal(link: string) {
  return link.startsWith('/') && !link.startsWith('//');
}

/** One block of a page; the lesson pages reuse it for the block types they share (text, image, quote). */
export function Block({ block, priority, contacts }: { block: PageBlock; priority: boolean; contacts?: React.ReactNode }) {
  switch (block.type) {
    case 'text':
      return <Prose html={block.html} className="block" />;
    case 'side_text_image':
      return (
        <section className={`block side-block side-block--image-${block.image_position}`}>
          <div className="side-block__text">
            {block.title ? <h2 className="side-block__title">{block.title}</h2> : null}
            <Prose html={block.html} />
          </div>
          {block.image ? (
            <MediaImage
              className="side-block__image"
              image={block.image}
              alt={block.title ?? ''}
              {...SIDE_IMAGE}
              priority={priority}
            />
          ) : null}
        </section>
      );
    case 'image':
      if (!block.image) return null;
      return (
        <figure className="block figure">
          <MediaImage className="figure__image" image={block.image} alt={block.alt} {...PAGE_IMAGE} priority={priority} />
          {block.caption ? <figcaption className="figure__caption">{block.caption}</figcaption> : null}
        </figure>
      );
    case 'quote':
      return (
        <figure className="block quote">
          <blockquote className="quote__text">
            <p>{block.text}</p>
          </blockquote>
          {block.author ? (
            <figcaption className="quote__author">
              <span className="quote__name">{block.author}</span>
              {block.author_role ? <span className="quote__role">{block.author_role}</span> : null}
            </figcaption>
          ) : null}
        </figure>
      );
    case 'gallery': {
      const images = block.images.filter((item) => item.image);
      if (images.length === 0) return null;
      // Rows without a lonely last picture: 2×2 for four, threes for six.
      const columns = images.length === 1 ? 1 : images.length % 3 === 0 ? 3 : images.length % 2 === 0 ? 2 : 3;
      return (
        <ul className={`block gallery${columns === 1 ? ' gallery--single' : ''}`} aria-label="Галерея" style={{ '--gallery-columns': columns } as React.CSSProperties}>
          {images.map((item, index) => (
            <li key={`${item.image!.url}-${index}`} className="gallery__item">
              <figure className="gallery__figure">
                <MediaImage className="gallery__image" image={item.image!} alt={item.alt} {...PAGE_IMAGE} />
                {item.caption ? <figcaption className="gallery__caption">{item.caption}</figcaption> : null}
              </figure>
            </li>
          ))}
        </ul>
      );
    }
    case 'video':
      return <VideoBlock block={block} />;
    case 'cta':
      return (
        <section className="block cta">
          <div className="cta__text">
            <h2 className="cta__title">{block.title}</h2>
            {block.text ? <p className="cta__lead">{block.text}</p> : null}
          </div>
          {isInternal(block.link) ? (
            <Link className="button button--light cta__button" to={block.link} prefetch="intent">
              {block.button_text}
            </Link>
          ) : (
            <a className="button button--light cta__button" href={block.link}>
              {block.button_text}
            </a>
          )}
        </section>
      );
    case 'contacts':
      // The phones, e-mail and address of the site settings (decision 0074), given by the page's
      // route (features/content/Visit.tsx): the lessons and the course page never carry them.
      return contacts ?? null;
  }
}

/**
 * Every block of a page or post in order. `priorityFirst`: the first block is the first image
 * above the fold (no cover image), so it loads eagerly. `contacts`: what a 'contacts' block shows.
 */
export function Blocks({ blocks, priorityFirst = false, contacts }: { blocks: readonly PageBlock[]; priorityFirst?: boolean; contacts?: React.ReactNode }) {
  return (
    <div className="blocks">
      {blocks.map((block, index) => (
        <Block key={block.id} block={block} priority={priorityFirst && index === 0} contacts={contacts} />
      ))}
    </div>
  );
}
