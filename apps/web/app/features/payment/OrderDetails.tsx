import type { OrderSummary } from '@crema/contract';
import { formatDate, fromIsoDate } from '@crema/contract/format';

/** Who studies: the students' names, or the payer ('Учится: вы'). */
export function learnersText(order: Pick<OrderSummary, 'study_for_self' | 'students'>): string {
  if (order.study_for_self || order.students.length === 0) return 'Учится: вы';
  return `${order.students.length > 1 ? 'Учатся' : 'Учится'}: ${order.students.join(', ')}`;
}

/** What the amount is to the payer now. */
function amountLabel(status: OrderSummary['status']): string {
  if (status === 'paid' || status === 'refunded') return 'Оплачено';
  if (status === 'cancelled') return 'Сумма';
  return 'К оплате';
}

/** The order as the payment and success pages show it: course, group, learners, amount, status. */
export function OrderDetails({ order }: { order: OrderSummary }) {
  return (
    <section className="pay-order" aria-label="Заказ">
      {order.course.image ? <img className="pay-order__image" src={order.course.image} alt="" width={240} height={160} /> : null}
      <div className="pay-order__body">
        <h2 className="pay-order__course">{order.course.title}</h2>
        <p className="pay-order__learners">{learnersText(order)}</p>
        <dl className="pay-order__facts">
          {order.group ? (
            <div>
              <dt>Старт группы</dt>
              <dd>{fromIsoDate(order.group.starts_on)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Заказ от</dt>
            <dd>{formatDate(order.created_at)}</dd>
          </div>
          <div>
            <dt>Статус</dt>
            <dd data-status={order.status}>{order.status_title}</dd>
          </div>
          <div className="pay-order__amount">
            <dt>{amountLabel(order.status)}</dt>
            <dd>{order.amount_text}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
