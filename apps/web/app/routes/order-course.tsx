import { ACCOUNT_TEXTS, CONSENT_TEXTS, EMAIL_REQUIRED, ORDER_TEXTS, SLUG_PATTERN, STUDENT_TYPES } from '@crema/contract/rules';
import { data } from 'react-router';
import type { GroupStart, UserOrder } from '@crema/contract';
import type { Route } from './+types/order-course';
import { ApiRequestError, createApi } from '../api/client.ts';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { sessionUser } from '../lib/session.server.ts';
import { guestSessionKey } from '../features/apply/session-key.ts';
import { OrderScreen, type OrderAlready, type OrderMessages } from '../features/order/OrderScreen.tsx';
import { learnersText } from '../features/payment/OrderDetails.tsx';
import { StudentDialog } from '../features/profile/StudentForm.tsx';
import '../features/profile/profile.css';

// /order-course/{slug}/: the universal order form as a page of its own.
// A route module of its own: the form, its libraries (react-hook-form, imask: the `forms` chunk)
// and the code step load only here. 'Добавить ученика' is the account's StudentForm dialog
// (features/profile), handed to the order screen from here, since a feature does not import another.

/** Statuses of an order still to be paid. */
const UNPAID: readonly UserOrder['status'][] = ['new', 'confirmed', 'awaiting_payment'];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!SLUG_PATTERN.test(params.slug)) throw data(null, { status: 404 });
  const api = createApi(context.api);
  const [course, groups, user] = await Promise.all([
    api.course(params.slug).catch((error: unknown) => {
      if (error instanceof ApiRequestError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    }),
    // The same list of upcoming groups the order takes (published, starting today or later).
    api.schedule({ course: params.slug }).catch((error: unknown) => {
      context.log.warn({ err: error }, 'course schedule unavailable');
      return [] as GroupStart[];
    }),
    sessionUser(context),
  ]);
  // PayerData: a signed-in person's profile and students prefill the form.
  const account = user
    ? await Promise.all([api.personal(), api.students(), api.referenceBooks(), api.consents(), api.userCourses(), api.userOrders()]).then(
        ([personal, students, books, consents, enrolments, orders]) => ({
          personal,
          students,
          books,
          consentUrl: consents.documents.find((document) => document.kind === 'child_personal_data')?.url ?? null,
          // Said before the form: who already studies this course, and its unpaid orders (the API refuses a duplicate).
          already: {
            studying: enrolments
              .filter((enrolment) => enrolment.course.slug === params.slug && !enrolment.access_ended)
              .map((enrolment) => ({ studentId: enrolment.student?.id ?? null, name: enrolment.student?.name ?? '' })),
            openOrders: orders
              .filter((order) => order.course.slug === params.slug && UNPAID.includes(order.status))
              .map((order) => ({ code: order.code, learners: learnersText(order) })),
          } satisfies OrderAlready,
        }),
      )
    : null;
  const search = new URL(request.url).searchParams;
  const utm = search.get('utm_source');
  // ?group={id}: the schedule's 'Записаться' comes with its group chosen.
  const group = Number(search.get('group'));
  return {
    course,
    groups: groups.filter((group) => group.course.slug === course.slug),
    account,
    utmSource: utm && utm.length <= 100 ? utm : null,
    preselectedGroup: Number.isSafeInteger(group) && group > 0 ? group : null,
    // Sent as data, so the rules do not grow in the browser (they are on every page's first load).
    studentTypes: STUDENT_TYPES.map(({ id, title }) => ({ id, title })),
    // The server's messages of the required fields, for the check before sending (data too, for the same reason).
    messages: {
      lastNameRequired: ACCOUNT_TEXTS.lastNameRequired,
      firstNameRequired: ACCOUNT_TEXTS.firstNameRequired,
      phoneRequired: ACCOUNT_TEXTS.phoneRequired,
      phoneInvalid: ACCOUNT_TEXTS.phoneInvalid,
      emailRequired: EMAIL_REQUIRED,
      groupRequired: ORDER_TEXTS.groupRequired,
      privacyRequired: ORDER_TEXTS.privacyRequired,
      personalDataRequired: ORDER_TEXTS.personalDataRequired,
      studentsRequired: ORDER_TEXTS.studentsRequired,
      studentTypeRequired: ACCOUNT_TEXTS.studentTypeRequired,
      childBirthRequired: ACCOUNT_TEXTS.childBirthRequired,
      childConsentRequired: CONSENT_TEXTS.childConsentRequired,
    } satisfies OrderMessages,
  };
}

export const meta: Route.MetaFunction = ({ data: page, matches, params }) => {
  const root = rootDataOf(matches);
  return pageMeta(root, {
    title: page ? `Оформление заказа: ${page.course.title}` : 'Оформление заказа',
    path: paths.orderCourse(page?.course.slug ?? params.slug ?? ''),
    noindex: true,
  });
};

export default function OrderCoursePage({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData;
  return (
    <OrderScreen
      // A new page (another course, a sign-in) starts a new form.
      key={`${loaderData.course.slug}:${account?.personal.id ?? 'guest'}:${loaderData.preselectedGroup ?? ''}`}
      {...loaderData}
      already={account?.already}
      sessionKey={guestSessionKey}
      studentDialog={
        account
          ? (props) => <StudentDialog open={props.open} student={null} books={account.books} consentUrl={account.consentUrl} onClose={props.onClose} onSaved={props.onSaved} />
          : undefined
      }
    />
  );
}
