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
}: {
  image: Image | null;
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
  return (
    <>
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
      {/* Shown in the picture's place when the accessible version turns images off (styles/a11y.css). */}
      {alt ? <span className="img-alt">{alt}</span> : null}
    </>
  );
}
