import { Suspense, useState } from 'react';
import { useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Review } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { loadOnUse } from '../../ui/load-on-use.ts';
import { Stars } from './Stars.tsx';

/** The `?review={id}` of a page address (the Review modal's link without JavaScript). */
export function reviewIdParam(url: URL): number | undefined {
  const raw = url.searchParams.get('review');
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

/**
 * The Review modal's state. A review is opened by its link (`?review={id}`): with JavaScript the
 * click opens the modal in place; without it the server renders the page with it open. Closing a
 * review that came with the address also takes `?review=` out of it.
 */
export function useReviewDialog(reviews: readonly Review[], initialId: number | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState(() => {
    const review = reviews.find((r) => r.id === initialId) ?? null;
    return { review, open: review !== null, fromAddress: review !== null };
  });
  const show = (review: Review) => setState({ review, open: true, fromAddress: false });
  const close = () => {
    setState((current) => ({ ...current, open: false }));
    if (state.fromAddress && new URLSearchParams(location.search).has('review')) {
      const params = new URLSearchParams(location.search);
      params.delete('review');
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true });
    }
  };
  return {
    review: state.review,
    open: state.open,
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
    onClosed: () => setState((current) => (current.open ? current : { review: null, open: false, fromAddress: false })),
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
