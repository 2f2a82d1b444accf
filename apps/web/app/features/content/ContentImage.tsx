import type { Image } from '@crema/contract';

/**
 * An image from the media service, always sized so the page never shifts while it loads.
 * `width`/`height` are the size that was asked for, used when the service did not report one.
 * Only the first image above the fold gets `priority`; every other one loads lazily.
 */
export function ContentImage({
  image,
  alt,
  width,
  height,
  priority = false,
  className,
}: {
  image: Image;
  alt: string;
  width: number;
  height: number;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={image.url}
      alt={alt}
      width={image.width ?? width}
      height={image.height ?? height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
