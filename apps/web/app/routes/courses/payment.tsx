import type { Route } from './+types/payment';
import { createApi } from '../../api/client.ts';
import { loadPayment } from '../../features/payment/load.server.ts';
import { PaymentScreen } from '../../features/payment/PaymentScreen.tsx';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /courses/payment/{code}/: the order and its payment. No sign-in: the
 * unguessable code is the key. Never cached (the state changes with the bank's answer) and never
 * indexed (robots.txt closes /courses/payment/ too).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { info: await loadPayment(createApi(context.api), params.code) };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Оплата заказа');

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  return <PaymentScreen info={loaderData.info} />;
}
