import { Link, useLocation } from 'react-router';
import type { OrderPayment } from '@crema/contract';
import { useRootData } from '../../lib/root-data.ts';
import { paths } from '../../lib/paths.ts';
import { OrderDetails } from './OrderDetails.tsx';
import './payment.css';
import { accountPaths } from '../../ui/paths.ts';

// /courses/payment-success/?code=…: the paid order and the next step. The loader let only a paid
// order through (otherwise it went back to the payment page).

export function SuccessScreen({ info }: { info: OrderPayment | null }) {
  const user = useRootData()?.user ?? null;
  const location = useLocation();
  return (
    <main className="container pay-page">
      <h1 className="pay-page__title">Оплата прошла успешно</h1>
      <div className="pay-page__grid">
        {info ? <OrderDetails order={info.order} /> : null}
        <div className="pay-state pay-state--paid" role="status">
          <h2 className="pay-state__title">Спасибо! Заказ оплачен</h2>
          <p>Письмо с заказом отправлено на вашу электронную почту. Курс уже ждёт вас в разделе «Мое обучение».</p>
          <div className="pay-state__actions">
            {user ? (
              <Link className="button button--primary" to={accountPaths.userCourses()}>
                Перейти к обучению
              </Link>
            ) : (
              <Link className="button button--primary" to={paths.signIn(`${location.pathname}${location.search}`)}>
                Войти, чтобы начать обучение
              </Link>
            )}
            {user ? (
              <Link className="button button--ghost" to={accountPaths.userOrders()}>
                Мои заказы
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </main>
  );
}
