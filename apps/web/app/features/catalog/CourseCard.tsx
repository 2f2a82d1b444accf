import { Link } from 'react-router';
import type { CourseCard as CourseCardData } from '@crema/contract';
import { paths } from '../../lib/paths.ts';
import { CARD_IMAGE, CatalogImage } from './CatalogImage.tsx';
import { hoursLabel } from './format.ts';
import { PriceTag } from './PriceTag.tsx';

/**
 * A course in a list: image, category, title (the link; the whole card is clickable), the
 * `is_title` attributes, short description, price and duration.
 */
export function CourseCard({ course, heading = 'h3', priority = false }: { course: CourseCardData; heading?: 'h2' | 'h3'; priority?: boolean }) {
  const Heading = heading;
  return (
    <article className="course-card">
      <div className="course-card__media">
        <CatalogImage image={course.image} alt="" width={CARD_IMAGE.width} height={CARD_IMAGE.height} priority={priority} />
        {course.kids ? <span className="course-card__badge">Для детей</span> : null}
      </div>
      <div className="course-card__body">
        <p className="course-card__category">{course.category.name}</p>
        <Heading className="course-card__title">
          <Link className="course-card__link" to={paths.course(course.slug)} prefetch="intent">
            {course.title}
          </Link>
        </Heading>
        {course.title_attributes.length > 0 ? (
          <ul className="tags" aria-label="Коротко о курсе">
            {course.title_attributes.map((attribute) => (
              <li key={attribute.id} className="tag">
                <span className="visually-hidden">{attribute.name}: </span>
                {attribute.value}
              </li>
            ))}
          </ul>
        ) : null}
        {course.short_description ? <p className="course-card__text">{course.short_description}</p> : null}
        <div className="course-card__footer">
          <PriceTag price={course.price} oldPrice={course.old_price} />
          {course.duration_hours ? <span className="course-card__hours">{hoursLabel(course.duration_hours)}</span> : null}
        </div>
      </div>
    </article>
  );
}
