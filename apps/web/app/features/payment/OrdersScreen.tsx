import { useState } from 'react';
import { Link } from 'react-router';
import type { UserOrder } from '@crema/contract';
import { formatDate, groupPhrase } from '@crema/contract/format';
import { browserApi } from '../../api/browser.ts';
import { paths } from '../../lib/paths.ts';
import { learnersText } from './OrderDetails.tsx';
import { usePayment } from './pay.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import './payment.css';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

// /user/orders/ 'Мои заказы': the
// payer's orders, newest first, with paying, cancelling and the receipt. A table from 768 px,
// cards below (payment.css). After a cancel the list is fetched again.

/** The cancel confirmation (like WarningDelete): 'Да, отменить' cancels, 'Нет' closes; a refusal shows in it. */
function CancelDialog({
  order,
  open,
  onClose,
  onCancelled,
}: {
  order: UserOrder | null;
  open: boolean;
  onClose: () => void;
  onCancelled: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      look="payment"
      open={open}
      onClose={onClose}
      title="Отмена заказа"
      confirmLabel="Да, отменить"
      leaving
      action={async () => {
        if (!order) return;
        await browserApi.cancelOrder(order.code);
        await onCancelled();
      }}
    >
      <p>
        Отменить заказ курса «{order?.course.title}» на {order?.amount_text}? Места в группе освободятся, оплатить этот
        заказ будет нельзя.
      </p>
    </ConfirmDialog>
  );
}

export function OrdersScreen({ orders: initial }: { orders: UserOrder[] }) {
  const [orders, setOrders] = useState(initial);
  const [cancelling, setCancelling] = useState<UserOrder | null>(null);
  // What the closing dialog shows while it fades out.
  const [shown, setShown] = useState<UserOrder | null>(null);
  if (cancelling && cancelling !== shown) setShown(cancelling);
  const payment = usePayment();
  const [paying, setPaying] = useState<string | null>(null);

  return (
    <main className="account__page">
      <h1 className="account__title">Мои заказы</h1>
      {orders.length === 0 ? (
        <div className="empty-state">
          <p>У вас пока нет заказов.</p>
          <Link className="button button--primary" to={paths.courses()}>
            Выбрать курс в каталоге
          </Link>
        </div>
      ) : (
        <>
          <FormMessages look="payment" messages={payment.problems} />
          <table className="orders">
            <caption className="visually-hidden">Заказы, новые сверху</caption>
            <thead>
              <tr>
                <th scope="col">Курс</th>
                <th scope="col">Дата</th>
                <th scope="col">Сумма</th>
                <th scope="col">Статус</th>
                <th scope="col">
                  <span className="visually-hidden">Действия</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.code} data-order={order.code}>
                  <td className="orders__main">
                    <div className="orders__course">{order.course.title}</div>
                    <div className="orders__learners">
                      {learnersText(order)}
                      {order.group ? ` · ${groupPhrase(order.group.title)}` : ''}
                    </div>
                  </td>
                  <td data-label="Дата">{formatDate(order.created_at)}</td>
                  <td data-label="Сумма" className="orders__amount">
                    {order.amount_text}
                  </td>
                  <td data-label="Статус" className="orders__status" data-status={order.status}>
                    {order.status_title}
                  </td>
                  <td className="orders__cell-actions">
                    <div className="orders__actions">
                      {order.can_pay ? (
                        <button
                          type="button"
                          className="button button--primary"
                          aria-busy={payment.busy && paying === order.code}
                          disabled={payment.busy}
                          aria-label={`Оплатить заказ «${order.course.title}» на ${order.amount_text}`}
                          onClick={() => {
                            setPaying(order.code);
                            payment.pay(order.code);
                          }}
                        >
                          Оплатить
                        </button>
                      ) : null}
                      {order.can_cancel ? (
                        <button
                          type="button"
                          className="button button--ghost"
                          aria-label={`Отменить заказ «${order.course.title}» на ${order.amount_text}`}
                          onClick={() => setCancelling(order)}
                        >
                          Отменить
                        </button>
                      ) : null}
                      {order.receipt_url ? (
                        <a className="button button--ghost" href={order.receipt_url} target="_blank" rel="noreferrer noopener">
                          Чек
                        </a>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <CancelDialog
        order={shown}
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        onCancelled={async () => {
          setOrders(await browserApi.userOrders());
          setCancelling(null);
        }}
      />
    </main>
  );
}
