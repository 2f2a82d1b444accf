import { Suspense, useState } from 'react';
import { useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Review } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { loadOnUse } from '../../ui/load-on-use.ts';
import { Stars } from './Stars.tsx';

/** The `?review={id}` of a page address (the Review modal's link without JavaScript). */
export function reviewIdParam(search: URLSearchParams): number | undefined {
  const raw = search.get('review');
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

/** A page need not reload its data when only `?review=` came or went. */
export function onlyReviewChanged({ currentUrl, nextUrl }: Pick<ShouldRevalidateFunctionArgs, 'currentUrl' | 'nextUrl'>): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('review');
    params.sort();
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl);
}

/** The history entry a review's link pushed (closing it goes back instead of adding another). */
interface OpenedHere {
  reviewOpenedHere?: boolean;
}

/**
 * The Review modal's state, kept in the address: a review is open while the address has
 * `?review={id}`. Without JavaScript the link loads the page with it open (rendered by the server);
 * with it the click pushes that address, so the browser's Back closes the review and stays on the
 * page. Closing (Esc, a click outside, 'Закрыть') goes back to the entry the click pushed, or, for a
 * review that came with the address, takes `?review=` out of it in place: no stray entry remains.
 */
export function useReviewDialog(reviews: readonly Review[]) {
  const location = useLocation();
  const navigate = useNavigate();
  const wantedId = reviewIdParam(new URLSearchParams(location.search));
  const wanted = reviews.find((r) => r.id === wantedId) ?? null;
  // The review last shown stays in the modal while it fades out.
  const [shown, setShown] = useState(wanted);
  if (wanted && wanted.id !== shown?.id) setShown(wanted);
  const pushedHere = (location.state as OpenedHere | null)?.reviewOpenedHere === true;

  const addressWith = (id: number | null) => {
    const params = new URLSearchParams(location.search);
    if (id === null) params.delete('review');
    else params.set('review', String(id));
    const search = params.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash };
  };
  const show = (review: Review) => {
    if (review.id === wantedId) return;
    void navigate(addressWith(review.id), { preventScrollReset: true, state: { reviewOpenedHere: true } satisfies OpenedHere });
  };
  const close = () => {
    if (!wanted) return;
    if (pushedHere) void navigate(-1);
    else void navigate(addressWith(null), { replace: true, preventScrollReset: true });
  };
  return {
    review: shown,
    open: wanted !== null,
    show,
    close,
    /** Props of a review's link: a real address, opened in place on a plain click. */
    linkProps: (review: Review) => ({
      href: `?review=${review.id}`,
      // The modal's code loads when a review is about to be opened (pointer or focus on its link).
      onPointerEnter: preloadReviewModal,
      onFocus: preloadReviewModal,
      onClick: (event: React.MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        show(review);
      },
    }),
    onClosed: () => {
      if (!wanted) setShown(null);
    },
  };
}

/** A review in a list; the whole card opens the Review modal. */
export function ReviewCard({
  review,
  link,
  showCourse = false,
}: {
  review: Review;
  link: ReturnType<ReturnType<typeof useReviewDialog>['linkProps']>;
  showCourse?: boolean;
}) {
  return (
    <article className="review-card">
      <div className="review-card__top">
        <Stars rating={review.rating} />
        <time className="review-card__date" dateTime={review.published_at}>
          {formatDate(review.published_at)}
        </time>
      </div>
      <p className="review-card__text">{review.text}</p>
      <p className="review-card__name">{review.name}</p>
      {review.reply ? <p className="review-card__reply">{review.reply}</p> : null}
      {showCourse && review.course ? <p className="review-card__course">{review.course.title}</p> : null}
      <a className="review-card__more" {...link}>
        Читать отзыв<span className="visually-hidden"> — {review.name}</span>
      </a>
    </article>
  );
}

const { Component: ReviewModalView, preload: preloadReviewModal } = loadOnUse(() => import('./ReviewModal.tsx'));

/**
 * The review modal. Its code (and the dialog's) is not part of the page's first load: it
 * loads when a review's link is pointed at or focused, or with the page when the address opens a
 * review (`?review=`, rendered open by the server).
 */
export function ReviewModal(props: ReviewModalProps) {
  if (!props.review) return null;
  return (
    <Suspense fallback={null}>
      <ReviewModalView {...props} />
    </Suspense>
  );
}

export interface ReviewModalProps {
  review: Review | null;
  open: boolean;
  onClose: () => void;
  onClosed: () => void;
  showCourse?: boolean;
}
