import { redirect } from 'react-router';
import type { Route } from './+types/payment-success';
import { createApi } from '../../api/client.ts';
import { SuccessScreen } from '../../features/payment/SuccessScreen.tsx';
import { paymentPath } from '../../ui/paths.ts';
import { loadPayment } from '../../features/payment/load.server.ts';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /courses/payment-success/?code=…: 'Оплата прошла успешно'. With a code it shows the order, as the
 * server knows it: an order that is not paid goes back to its payment page (which says why).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get('code');
  if (code === null) return { info: null };
  const info = await loadPayment(createApi(context.api), code);
  if (info.order.status !== 'paid') throw redirect(paymentPath(info.order.code));
  return { info };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Оплата прошла успешно');

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  return <SuccessScreen info={loaderData.info} />;
}
