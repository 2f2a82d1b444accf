import { data } from 'react-router';
import type { Route } from './+types/payment';
import { ApiRequestError, createApi, type Api } from '../../api/client.ts';
import { PaymentScreen } from '../../features/payment/PaymentScreen.tsx';
import { privateMeta } from '../user/sections.ts';

/** The order behind an order code, or the 404 page (an unknown code, or one that cannot be a code). */
export async function loadPayment(api: Api, code: string | null) {
  if (!code || code.length > 64) throw data(null, { status: 404 });
  return api.orderPayment(code).catch((error: unknown) => {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  });
}

/**
 * /courses/payment/{code}/: the order and its payment (spec §2 Public routes). No sign-in: the
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
