import { COURSE_FORMAT_LABELS, COURSE_LEVEL_LABELS, SLUG_PATTERN } from '@crema/contract/rules';
import { data, Link, Outlet, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/course';
import type { CourseDetail, GroupStart, MyCourse, UserOrder } from '@crema/contract';
import { formatCount, formatDate, formatSeatsLeft, GROUP_FORMS, REVIEW_FORMS } from '@crema/contract/format';
import { ApiRequestError, createApi } from '../../api/client.ts';
import { paths } from '../../lib/paths.ts';
import { sessionUser } from '../../lib/session.server.ts';
import { accountPaths, coursePath, paymentPath } from '../../ui/paths.ts';
import { pageMeta, rootDataOf, type Crumb } from '../../lib/seo.ts';
import { breadcrumbJsonLd, courseJsonLd, loadSchool } from '../../lib/structured-data.server.ts';
import { Breadcrumbs } from '../../components/seo/Breadcrumbs.tsx';
import { CatalogImage } from '../../features/catalog/CatalogImage.tsx';
import { CourseProgram } from '../../features/catalog/CourseProgram.tsx';
import { CourseTabs } from '../../features/catalog/CourseTabs.tsx';
import { hoursLabel, ratingLabel } from '../../features/catalog/format.ts';
import { PriceTag } from '../../features/catalog/PriceTag.tsx';
import { onlyReviewChanged, ReviewCard, ReviewModal, useReviewDialog } from '../../features/catalog/reviews.tsx';
import { Stars } from '../../features/catalog/Stars.tsx';
import { TeacherCard } from '../../features/catalog/TeacherCard.tsx';
import { withAltText } from '../../features/content/html.ts';

/** The course picture in the offer card (16:10, as in the catalogue, but larger). */
const COVER = { width: 720, height: 450 } as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!SLUG_PATTERN.test(params.slug)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const api = createApi(context.api);
  const [course, groups, school] = await Promise.all([
    api.course(params.slug).catch((error: unknown) => {
      if (error instanceof ApiRequestError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    }),
    // The upcoming groups are a bonus: the page stands without them.
    api.schedule({ course: params.slug }).catch((error: unknown) => {
      context.log.warn({ err: error }, 'course schedule unavailable');
      return [] as GroupStart[];
    }),
    loadSchool(context),
  ]);
  const owned = await ownedState(request, context, course.slug);
  // The enrol buttons, or what replaces them for what the account already has (words made here:
  // the page's first-load script has no bytes to spare).
  const orderHref = paths.orderCourse(course.slug);
  const actions = {
    note: owned?.note ?? null,
    offer: owned?.offer ?? { label: 'Записаться на курс', href: orderHref },
    end: owned?.end ?? { label: `Записаться на курс «${course.title}»`, href: orderHref },
    cta: { title: 'Готовы начать?', lead: 'Оставьте заявку — куратор свяжется с вами, подберёт группу и ответит на вопросы.' },
  };
  // Reached by id or an old address: one canonical address per course.
  if (course.slug !== params.slug) throw redirect(`${paths.course(course.slug)}${url.search}`, 301);
  const upcoming = groups.slice(0, 4);
  const crumbs: Crumb[] = [
    { name: 'Главная', path: '/' },
    { name: 'Каталог курсов', path: paths.courses() },
    { name: course.title, path: paths.course(course.slug) },
  ];
  return {
    course,
    groups: upcoming,
    actions,
    crumbs,
    jsonLd: [
      courseJsonLd(course, { name: school.configs.SITE_NAME || 'Crema', publicUrl: school.publicUrl }, upcoming),
      breadcrumbJsonLd(school.publicUrl, crumbs),
    ],
  };
}

/** Statuses of an order still to be paid (as on the order page). */
const UNPAID: readonly UserOrder['status'][] = ['new', 'confirmed', 'awaiting_payment'];

/** A link the course page shows in place of its enrol button. */
interface OwnedLink {
  label: string;
  href: string;
}

/**
 * What the signed-in person already has of this course for themselves (the account's own
 * enrolment or unpaid order; a student's does not stop ordering it for oneself), or null: a line
 * to say so, and the links that replace the enrol buttons of the offer card and of the page's end.
 * Read only for a signed-in visitor: a guest's request carries no cookie and its page is the one
 * kept for every guest (decision 0016), so nothing of an account is ever in it. The words are made
 * here, on the server: the page's first-load script has no bytes to spare.
 */
async function ownedState(
  request: Request,
  context: Route.LoaderArgs['context'],
  slug: string,
): Promise<{ note: string | null; offer: OwnedLink | null; end: OwnedLink | null } | null> {
  if (!(await sessionUser(context))) return null;
  const api = createApi(context.api);
  const [enrolments, orders] = await Promise.all([
    api.userCourses().catch((): MyCourse[] => []),
    api.userOrders().catch((): UserOrder[] => []),
  ]);
  const own = enrolments.filter((enrolment) => enrolment.course.slug === slug && enrolment.student === null);
  const studying = own.find((enrolment) => !enrolment.access_ended);
  if (studying) {
    const { completed, total } = studying.progress;
    const href = coursePath(studying.id);
    const finished = total > 0 && completed >= total;
    return {
      note: null,
      offer: { label: finished ? 'Вы прошли этот курс — перейти к обучению' : 'Вы уже учитесь — перейти к обучению', href },
      end: { label: 'Перейти к обучению', href },
    };
  }
  // The server takes one open order per learner and course: an unpaid one is paid, not ordered again.
  const unpaid = orders.find((order) => order.course.slug === slug && order.study_for_self && UNPAID.includes(order.status));
  if (unpaid) {
    const offer = unpaid.can_pay ? { label: 'Оплатить заказ', href: paymentPath(unpaid.code) } : { label: 'Мои заказы', href: accountPaths.userOrders() };
    return { note: 'Вы уже заказали этот курс, заказ ждёт оплаты.', offer, end: null };
  }
  // Access over: the server takes a new order, so the ordinary button stays, with a word why.
  if (own.length > 0) return { note: 'Доступ к курсу закончился — курс можно заказать снова.', offer: null, end: null };
  return null;
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (!args.formMethod && onlyReviewChanged(args)) return false;
  return args.defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const root = rootDataOf(matches);
  if (!page) return pageMeta(root, { path: '/courses/' });
  const { course } = page;
  return pageMeta(root, {
    title: course.seo.title || course.title,
    description: course.seo.description || course.short_description,
    keywords: course.seo.keywords,
    path: paths.course(course.slug),
    og: { title: course.og.title, description: course.og.description, image: course.og.image?.original ?? course.image?.original },
  });
};

/** Short facts of the offer card: duration, format, level, then the `is_group` attributes. */
function facts(course: CourseDetail) {
  const list: { name: string; value: string }[] = [];
  const duration = [course.duration_text, course.duration_hours ? hoursLabel(course.duration_hours) : null].filter(Boolean).join(', ');
  if (duration) list.push({ name: 'Длительность', value: duration });
  list.push({ name: 'Формат', value: COURSE_FORMAT_LABELS[course.format] });
  list.push({ name: 'Уровень', value: COURSE_LEVEL_LABELS[course.level] });
  for (const attribute of course.attributes) {
    if (attribute.is_group && !attribute.is_tab) list.push({ name: attribute.name, value: attribute.value });
  }
  return list;
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course, groups, actions } = loaderData;
  const reviews = useReviewDialog(course.reviews);
  // Rich text: each picture's alt text goes with it (shown when the accessible version turns images off).
  const tabs = course.attributes.filter((attribute) => attribute.is_tab).map((tab) => ({ ...tab, value: withAltText(tab.value) }));
  const hasProgram = course.program.modules.length > 0 || course.program.final_tests.length > 0;

  return (
    <main className="course-page">
      <div className="course-page__grid container">
        <header className="course-head">
          <Breadcrumbs crumbs={loaderData.crumbs} />
          <div className="course-head__labels">
            <Link className="chip course-head__category" to={paths.category(course.category.id)}>
              {course.category.name}
            </Link>
            {course.kids ? <span className="chip course-head__kids">Для детей</span> : null}
          </div>
          <h1 className="course-head__title">{course.seo.h1 || course.title}</h1>
          {course.short_description ? <p className="course-head__lead">{course.short_description}</p> : null}
          {course.title_attributes.length > 0 ? (
            <ul className="tags course-head__tags" aria-label="Коротко о курсе">
              {course.title_attributes.map((attribute) => (
                <li key={attribute.id} className="tag">
                  <span className="visually-hidden">{attribute.name}: </span>
                  {attribute.value}
                </li>
              ))}
            </ul>
          ) : null}
          {course.rating && course.rating.count > 0 ? (
            <a className="course-head__rating" href="#reviews">
              <Stars rating={course.rating.average} />
              <span>
                {ratingLabel(course.rating.average)} · {formatCount(course.rating.count, REVIEW_FORMS)}
              </span>
            </a>
          ) : null}
        </header>

        <aside className="course-offer" aria-label="Стоимость и запись">
          <CatalogImage className="course-offer__image" image={course.image} alt="" {...COVER} priority />
          <div className="course-offer__body">
            <PriceTag price={course.price} oldPrice={course.old_price} large />
            {actions.note ? <p className="course-offer__owned">{actions.note}</p> : null}
            <Link className="button button--primary course-offer__cta" to={actions.offer.href}>
              {actions.offer.label}
            </Link>
            {groups[0] ? (
              <p className="course-offer__next">
                Ближайшая группа — <time dateTime={groups[0].starts_on}>{formatDate(groups[0].starts_on)}</time>
              </p>
            ) : null}
            <dl className="course-facts">
              {facts(course).map((fact) => (
                <div key={fact.name} className="course-facts__row">
                  <dt>{fact.name}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </aside>

        <div className="course-body">
          {course.description ? (
            <section className="course-section" aria-labelledby="about-title">
              <h2 id="about-title" className="course-section__title">
                О курсе
              </h2>
              {/* Written by the school in its admin: trusted HTML. */}
              <div className="prose" dangerouslySetInnerHTML={{ __html: withAltText(course.description) }} />
            </section>
          ) : null}

          {tabs.length > 0 ? (
            <section className="course-section" aria-label="Подробнее о курсе">
              <CourseTabs tabs={tabs} />
            </section>
          ) : null}

          {hasProgram ? (
            <section className="course-section" id="program" aria-labelledby="program-title">
              <h2 id="program-title" className="course-section__title">
                Программа курса
              </h2>
              <CourseProgram program={course.program} headingId="program-title" />
            </section>
          ) : null}

          {groups.length > 0 ? (
            <section className="course-section" aria-labelledby="groups-title">
              <h2 id="groups-title" className="course-section__title">
                Ближайшие группы
              </h2>
              <p className="course-section__lead">Открыт набор: {formatCount(groups.length, GROUP_FORMS)}</p>
              <ul className="course-groups">
                {groups.map((group) => (
                  <li key={group.id} className="course-group">
                    <p className="course-group__date">
                      <span className="visually-hidden">Старт: </span>
                      <time dateTime={group.starts_on}>{formatDate(group.starts_on)}</time>
                    </p>
                    <p className="course-group__title">{group.title}</p>
                    <p className="course-group__meta">
                      {[COURSE_FORMAT_LABELS[group.format], group.location, group.teacher ? `${group.teacher.first_name} ${group.teacher.last_name}` : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    {group.seats_left !== null ? (
                      <p className={`course-group__seats${group.seats_left <= 3 ? ' course-group__seats--few' : ''}`}>
                        {formatSeatsLeft(group.seats_left)}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {course.teachers.length > 0 ? (
            <section className="course-section" aria-labelledby="teachers-title">
              <h2 id="teachers-title" className="course-section__title">
                Преподаватели
              </h2>
              <ul className="course-teachers">
                {course.teachers.map((teacher) => (
                  <li key={teacher.id}>
                    <TeacherCard teacher={teacher} withBio />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {course.reviews.length > 0 ? (
            <section className="course-section" id="reviews" aria-labelledby="reviews-title">
              <h2 id="reviews-title" className="course-section__title">
                Отзывы
              </h2>
              {course.rating && course.rating.count > 0 ? (
                <p className="course-section__lead course-reviews__summary">
                  <Stars rating={course.rating.average} /> {ratingLabel(course.rating.average)} из 5 ·{' '}
                  {formatCount(course.rating.count, REVIEW_FORMS)}
                </p>
              ) : null}
              <ul className="card-row course-reviews">
                {course.reviews.map((review) => (
                  <li key={review.id}>
                    <ReviewCard review={review} link={reviews.linkProps(review)} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className="course-cta" aria-labelledby="cta-title">
            <h2 id="cta-title" className="course-cta__title">
              {actions.cta.title}
            </h2>
            <p>{actions.cta.lead}</p>
            <Link className="button button--light" to={actions.end.href}>
              {actions.end.label}
            </Link>
            {/* The application dialogs: the child route /courses/{slug}/apply/ (routes/courses/apply.tsx).
                The page's first load has no bytes to spare: styled by its place (course.css), and the
                hash keeps this block in view instead of preventScrollReset. */}
            <Link className="button" to="apply/#cta-title">
              Оставить заявку
            </Link>
          </section>
        </div>
      </div>
      <ReviewModal review={reviews.review} open={reviews.open} onClose={reviews.close} onClosed={reviews.onClosed} />
      <Outlet />
    </main>
  );
}
