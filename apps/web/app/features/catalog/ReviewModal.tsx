import { Link } from 'react-router';
import { formatDate } from '@crema/contract/format';
import { Modal } from '../../ui/Modal.tsx';
import { paths } from '../../lib/paths.ts';
import type { ReviewModalProps } from './reviews.tsx';
import { Stars } from './Stars.tsx';

/** The review modal: name, rating, published date, full text, the school's reply (decision 0073). */
export default function ReviewModal({ review, open, onClose, onClosed, showCourse = false }: ReviewModalProps) {
  if (!review) return null;
  return (
    <Modal open={open} onClose={onClose} onClosed={onClosed} title={review.name} className="review-modal">
      <div className="review-modal__meta">
        <Stars rating={review.rating} />
        <span>
          Опубликован{' '}
          <time dateTime={review.published_at}>{formatDate(review.published_at)}</time>
        </span>
      </div>
      {showCourse && review.course ? (
        <p className="review-modal__course">
          Курс: <Link to={paths.course(review.course.slug)}>{review.course.title}</Link>
        </p>
      ) : null}
      <div className="review-modal__text">
        {review.text.split(/\n{2,}|\r?\n/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {review.reply ? (
        <section className="review-modal__reply" aria-label="Ответ школы">
          <h3>Ответ школы</h3>
          <p>{review.reply}</p>
        </section>
      ) : null}
    </Modal>
  );
}
