import { Link, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/home';
import type { Paginated, Review } from '@crema/contract';
import { COURSE_FORMS, formatCount, pluralRu } from '@crema/contract/format';
import { useRootData } from '../lib/root-data.ts';
import { createApi } from '../api/client.ts';
import { COOKIES, readCookie } from '../lib/cookies.ts';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { loadSchool, organizationJsonLd } from '../lib/structured-data.server.ts';
import { CARD_IMAGE, CatalogImage } from '../features/catalog/CatalogImage.tsx';
import { CourseCard } from '../features/catalog/CourseCard.tsx';
import { DISCOUNT_IMAGE, DiscountBanner } from '../features/catalog/DiscountBanner.tsx';
import { PROMO_IMAGE, PromoBanners } from '../features/catalog/PromoBanners.tsx';
import { onlyReviewChanged, ReviewCard, ReviewModal, useReviewDialog } from '../features/catalog/reviews.tsx';
import { TEACHER_IMAGE, TeacherCard } from '../features/catalog/TeacherCard.tsx';
import { POST_CARD_IMAGE_OPTS, PostCard } from '../features/content/PostCard.tsx';

/** 'Почему у нас': content, sent as loader data so the texts are not in the page's JavaScript. */
const FEATURES = [
  { title: 'Практика с первого дня', text: 'Учебная кофейня с профессиональными машинами и кофемолками: на занятиях вы готовите, а не смотрите.' },
  { title: 'Преподаватели-практики', text: 'Чемпионы и судьи бариста-соревнований, обжарщики и владельцы кофеен.' },
  { title: 'Онлайн и в классе', text: 'Теория в личном кабинете в удобное время, практика — в группе по расписанию.' },
  { title: 'Сертификат школы', text: 'После итогового теста вы получаете сертификат, который знают работодатели.' },
];

const SUBSECTION_IMAGE = { width: 360, height: 240, opts: 'size:360x240,crop:center' } as const;
const EMPTY_PAGE = { count: 0, next: null, previous: null, results: [] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = createApi(context.api);
  const discountHidden = readCookie(request.headers.get('cookie'), COOKIES.hideDiscountBanner.name) === '1';
  // Each block of the home page is optional: one failing call leaves its block out, not the page.
  const optional = <T,>(what: string, call: Promise<T>, fallback: T): Promise<T> =>
    call.catch((error: unknown) => {
      context.log.warn({ err: error }, `home page: ${what} unavailable`);
      return fallback;
    });
  const [banners, discount, featured, reviews, teachers, subsections, posts, school] = await Promise.all([
    optional('main banners', api.banners('main', PROMO_IMAGE.opts), []),
    discountHidden ? [] : optional('discount banner', api.banners('discount', DISCOUNT_IMAGE.opts), []),
    optional('featured courses', api.courses({ featured: 'true', page_size: 8, image_opts: CARD_IMAGE.opts }), null),
    optional<Paginated<Review>>('reviews', api.reviews({ on_main: true, page_size: 6 }), EMPTY_PAGE),
    optional('teachers', api.teachers({ on_main: true, image_opts: TEACHER_IMAGE.opts }), []),
    optional('subsections', api.subsections(SUBSECTION_IMAGE.opts), []),
    optional('blog posts', api.pages({ page_size: 3, image_opts: POST_CARD_IMAGE_OPTS }), null),
    loadSchool(context),
  ]);
  return {
    banners,
    discount: discount[0] ?? null,
    featured: featured?.content ?? [],
    reviews: reviews.results,
    // The cards show no biography: it would only weigh down the page's data.
    teachers: teachers.map(({ id, first_name, last_name, position, photo }) => ({ id, first_name, last_name, position, photo })),
    subsections: subsections.filter((subsection) => subsection.count > 0),
    posts: posts?.results ?? [],
    features: FEATURES,
    jsonLd: [organizationJsonLd(school)],
  };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (!args.formMethod && onlyReviewChanged(args)) return false;
  return args.defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(rootDataOf(matches), { path: '/' });

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const { banners, discount, featured, reviews, teachers, subsections, posts, features } = loaderData;
  const dialog = useReviewDialog(reviews);
  const categories = root?.categories ?? [];
  const siteName = root?.configs.SITE_NAME ?? 'Crema';
  const audiences = [
    { title: 'Для взрослых', type: 'adult' as const, list: categories.filter((c) => c.type === 'adult') },
    { title: 'Для детей', type: 'kids' as const, list: categories.filter((c) => c.type === 'kids') },
  ].filter((group) => group.list.length > 0);

  return (
    <main className="home">
      <section className="hero">
        <div className={`container hero__inner${banners.length > 0 ? ' hero__inner--promo' : ''}`}>
          <div className="hero__copy">
            <h1 className="hero__title">Школа кофейного мастерства для взрослых и детей</h1>
            <p className="hero__text">
              {root?.configs.SITE_DESCRIPTION ??
                'Курсы бариста, обжарки и латте-арта: от первой чашки эспрессо до собственной кофейни.'}
            </p>
            <div className="hero__actions">
              <Link to={paths.courses()} className="button button--light">
                Выбрать курс
              </Link>
              <Link to={paths.schedule()} className="button button--ghost hero__ghost">
                Расписание групп
              </Link>
            </div>
          </div>
          <PromoBanners banners={banners} />
        </div>
      </section>

      <section className="section container" aria-labelledby="directions-title">
        <h2 id="directions-title" className="section__title">
          Направления обучения
        </h2>
        <p className="section__lead">
          В {siteName} учатся будущие бариста, владельцы кофеен и все, кто хочет варить кофе дома как в любимой кофейне.
        </p>
        <div className="audiences">
          {audiences.map((group) => (
            <article key={group.title} className="audience-card">
              <h3 className="audience-card__title">
                <Link to={paths.audience(group.type)} className="audience-card__link">
                  {group.title}
                </Link>
              </h3>
              <p className="section__lead">
                {group.list.length} {pluralRu(group.list.length, ['направление', 'направления', 'направлений'])} — выберите своё.
              </p>
              <ul className="audience-card__list">
                {group.list.map((category) => (
                  <li key={category.id}>
                    <Link className="chip audience-card__chip" to={paths.category(category.id)}>
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      {featured.length > 0 ? (
        <section className="section container" aria-labelledby="featured-title">
          <div className="section__head">
            <h2 id="featured-title" className="section__title">
              Популярные курсы
            </h2>
            <Link className="section__more" to={paths.courses()}>
              Весь каталог <span aria-hidden="true">→</span>
            </Link>
          </div>
          <ul className="card-row home-courses">
            {featured.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {discount ? <DiscountBanner banner={discount} /> : null}

      {subsections.length > 0 ? (
        <section className="section container" aria-labelledby="subsections-title">
          <h2 id="subsections-title" className="section__title">
            Подборки курсов
          </h2>
          <ul className="subsections">
            {subsections.map((subsection) => (
              <li key={subsection.id}>
                <Link className="subsection" to={paths.subsection(subsection.id)}>
                  <CatalogImage
                    className="subsection__image"
                    image={subsection.image}
                    alt=""
                    width={SUBSECTION_IMAGE.width}
                    height={SUBSECTION_IMAGE.height}
                  />
                  <span className="subsection__title">{subsection.title}</span>
                  <span className="subsection__count">{formatCount(subsection.count, COURSE_FORMS)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="section container" aria-labelledby="why-title">
        <h2 id="why-title" className="section__title">
          Почему у нас
        </h2>
        <ul className="features">
          {features.map((feature) => (
            <li key={feature.title} className="feature">
              <h3 className="feature__title">{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {teachers.length > 0 ? (
        <section className="section container" aria-labelledby="teachers-title">
          <h2 id="teachers-title" className="section__title">
            Преподаватели
          </h2>
          <p className="section__lead">Учат те, кто каждый день работает с кофе: за баром, у ростера и в собственных кофейнях.</p>
          <ul className="card-row home-teachers" aria-label="Преподаватели школы" tabIndex={0}>
            {teachers.map((teacher) => (
              <li key={teacher.id}>
                <TeacherCard teacher={teacher} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {reviews.length > 0 ? (
        <section className="section container" aria-labelledby="reviews-title">
          <h2 id="reviews-title" className="section__title">
            Отзывы выпускников
          </h2>
          <ul className="card-row home-reviews">
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} link={dialog.linkProps(review)} showCourse />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {posts.length > 0 ? (
        <section className="section container" aria-labelledby="blog-title">
          <div className="section__head">
            <h2 id="blog-title" className="section__title">
              Новое в блоге
            </h2>
            <Link className="section__more" to={paths.blog()}>
              Все статьи <span aria-hidden="true">→</span>
            </Link>
          </div>
          <ul className="home-posts">
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ReviewModal review={dialog.review} open={dialog.open} onClose={dialog.close} onClosed={dialog.onClosed} showCourse />
    </main>
  );
}
