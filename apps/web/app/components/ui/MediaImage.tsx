import type { Image } from '@crema/contract';

/**
 * An image from the media service, always sized (the requested size when the service did not
 * report one) so nothing shifts while it loads. Only the first image above the fold gets
 * `priority` (eager, high fetch priority); `eager` loads at once without jumping the queue (an
 * image above the fold on wide screens only); the rest load lazily. Without an image a
 * decorative placeholder keeps the space.
 */
export function MediaImage({
  image,
  alt,
  width,
  height,
  priority = false,
  eager = false,
  className,
  narrow,
}: {
  image: Image | null;
  /** Another image for phones (up to 767 px wide): the browser picks by the screen's width. */
  narrow?: Image | null;
  alt: string;
  width: number;
  height: number;
  priority?: boolean;
  eager?: boolean;
  className?: string;
}) {
  if (!image) {
    return (
      <span
        className={`image-placeholder${className ? ` ${className}` : ''}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        aria-hidden="true"
      />
    );
  }
  const img = (
    <img
      className={className}
      src={image.url}
      alt={alt}
      width={image.width ?? width}
      height={image.height ?? height}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  return (
    <>
      {narrow ? (
        <picture>
          <source media="(max-width: 767px)" srcSet={narrow.url} width={narrow.width ?? width} height={narrow.height ?? height} />
          {img}
        </picture>
      ) : (
        img
      )}
      {/* Shown in the picture's place when the accessible version turns images off (styles/a11y.css). */}
      {alt ? <span className="img-alt">{alt}</span> : null}
    </>
  );
}
