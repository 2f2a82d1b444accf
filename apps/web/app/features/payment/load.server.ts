import { data } from 'react-router';
import { ApiRequestError, type Api } from '../../api/client.ts';

/**
 * The order behind an order code with its payment state (GET /api/order/payment/{code}/), for the
 * loaders of the payment, success and callback pages; the 404 page for a missing, impossible or
 * unknown code.
 */
export async function loadPayment(api: Api, code: string | null, options: { returned?: boolean } = {}) {
  if (!code || code.length > 64) throw data(null, { status: 404 });
  return api.orderPayment(code, options).catch((error: unknown) => {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  });
}
