import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { OrderPayment } from '@crema/contract';
import { formatDate, formatDateTime, formatTime } from '@crema/contract/format';
import { telHref } from '../../components/layout/Header.tsx';
import { mailtoHref } from '../../components/layout/Footer.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { paths } from '../../lib/paths.ts';
import { OrderDetails } from './OrderDetails.tsx';
import { usePayment } from './pay.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import './payment.css';
import { accountPaths } from '../../ui/paths.ts';

// /courses/payment/{code}/: the order and what can
// be done with it now. The state comes from GET /api/order/payment/{code}/, which asks the bank
// about an open attempt, so what is shown here is the server's truth, never the bank's query string.

/**
 * When a payment the bank is processing is checked again: often at first, then less and less (about
 * five minutes in all), well inside the server's budget of bank questions per attempt (12 a minute).
 */
const POLL_DELAYS_MS = [4, 4, 6, 8, 10, 15, 20, 30, 30, 60, 60, 60].map((s) => s * 1000);

function SchoolContacts() {
  const configs = useRootData()?.configs ?? {};
  const phone = configs.HEADER_PHONE || configs.FOOTER_PHONE;
  const email = configs.CONTACT_EMAIL;
  if (!phone && !email) return null;
  return (
    <p className="pay-contacts">
      Свяжитесь с нами:{' '}
      {phone ? <a href={telHref(phone)}>{phone}</a> : null}
      {phone && email ? ', ' : null}
      {email ? <a href={mailtoHref(email)}>{email}</a> : null}
    </p>
  );
}

/** The bank is still processing the attempt: say so calmly, check again (by hand and on a timer). */
function Pending() {
  const revalidator = useRevalidator();
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    const delay = POLL_DELAYS_MS[checks];
    if (delay === undefined) return;
    const timer = window.setTimeout(() => {
      setChecks((n) => n + 1);
      void revalidator.revalidate();
    }, delay);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per check; revalidator changes on every load
  }, [checks]);
  const loading = revalidator.state === 'loading';
  return (
    <div className="pay-state pay-state--pending" role="status">
      <h2 className="pay-state__title">Банк обрабатывает оплату</h2>
      <p>Обычно это занимает не больше минуты. Деньги не спишутся дважды: эта страница обновится, когда банк ответит.</p>
      <button type="button" className="button button--ghost" aria-busy={loading} disabled={loading} onClick={() => void revalidator.revalidate()}>
        {loading ? 'Проверяем…' : 'Проверить ещё раз'}
      </button>
    </div>
  );
}

function Paid({ refunded }: { refunded: boolean }) {
  if (refunded)
    return (
      <div className="pay-state" role="status">
        <h2 className="pay-state__title">Деньги за заказ возвращены</h2>
        <p>
          Если у вас остались вопросы, посмотрите <Link to={accountPaths.userOrders()}>Мои заказы</Link> или свяжитесь с нами.
        </p>
      </div>
    );
  return (
    <div className="pay-state pay-state--paid" role="status">
      <h2 className="pay-state__title">Заказ оплачен</h2>
      <p>Курс уже в разделе «Мое обучение». Письмо с заказом мы отправили на вашу почту.</p>
      <div className="pay-state__actions">
        <Link className="button button--primary" to={accountPaths.userCourses()}>
          Перейти к обучению
        </Link>
        <Link className="button button--ghost" to={accountPaths.userOrders()}>
          Мои заказы
        </Link>
      </div>
    </div>
  );
}

/**
 * Until when the order holds its seats, in Moscow time ('Место за вами до 14:35 (мск)'; the date too
 * when it is another day than the order's); after it the order is cancelled and the seats return.
 */
export function holdText(order: Pick<OrderPayment['order'], 'held_until' | 'created_at' | 'study_for_self' | 'students'>): string | null {
  if (!order.held_until) return null;
  const sameDay = formatDate(order.held_until) === formatDate(order.created_at);
  const when = sameDay ? formatTime(order.held_until) : formatDateTime(order.held_until);
  const seats = !order.study_for_self && order.students.length > 1 ? 'Места в группе за вами' : 'Место в группе за вами';
  return `${seats} до ${when} (мск). Не успеете оплатить — заказ отменится, и место освободится.`;
}

function Hold({ order }: { order: OrderPayment['order'] }) {
  const text = holdText(order);
  return text ? (
    <p className="pay-hold" data-testid="pay-hold">
      {text}
    </p>
  ) : null;
}

export function PaymentScreen({ info }: { info: OrderPayment }) {
  const { order, payment } = info;
  const { pay, busy, problems } = usePayment();

  let state: React.ReactNode;
  if (order.status === 'paid' || order.status === 'refunded') state = <Paid refunded={order.status === 'refunded'} />;
  else if (order.status === 'cancelled')
    state = (
      <div className="pay-state" role="status">
        <h2 className="pay-state__title">Заказ отменён</h2>
        <p>Оплатить его уже нельзя, но курс можно заказать снова.</p>
        <Link className="button button--primary" to={paths.orderCourse(order.course.slug)}>
          Заказать снова
        </Link>
      </div>
    );
  else if (payment?.status === 'pending') state = <Pending />;
  else if (!info.payments_enabled)
    state = (
      <div className="pay-state" role="status">
        <h2 className="pay-state__title">Оплата картой временно недоступна</h2>
        <p>Заказ сохранён: вы сможете оплатить его позже по этой ссылке или в разделе «Мои заказы».</p>
        <SchoolContacts />
      </div>
    );
  else if (info.can_pay)
    state = (
      <div className="pay-state">
        {payment?.status === 'rejected' ? (
          <div className="pay-declined" role="alert">
            <h2 className="pay-declined__title">Оплата не прошла</h2>
            <p>{payment.failure_reason || 'Банк отклонил платёж. Попробуйте ещё раз или оплатите другой картой.'}</p>
          </div>
        ) : null}
        <Hold order={order} />
        <FormMessages look="payment" messages={problems} />
        <button
          type="button"
          className="button button--primary pay-button"
          aria-busy={busy}
          disabled={busy}
          onClick={() => pay(order.code)}
        >
          {busy ? 'Переходим к оплате…' : 'Оплатить картой'}
        </button>
        <p className="pay-state__hint">Оплата проходит на защищённой странице банка. Чек придёт на вашу почту.</p>
      </div>
    );
  else
    state = (
      <div className="pay-state" role="status">
        <h2 className="pay-state__title">Заказ ещё не подтверждён</h2>
        <p>Подтвердите адрес электронной почты кодом из письма, которое мы отправили при оформлении заказа, — после этого заказ можно будет оплатить.</p>
        <Hold order={order} />
      </div>
    );

  return (
    <main className="container pay-page">
      <h1 className="pay-page__title">Оплата заказа</h1>
      {/* What can be done comes first, so that on a phone 'Оплатить картой' is seen without scrolling;
          from 768 px the order stands on the left (payment.css). */}
      <div className="pay-page__grid">
        {state}
        <OrderDetails order={order} />
      </div>
    </main>
  );
}
