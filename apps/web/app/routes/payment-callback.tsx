import { redirect } from 'react-router';
import type { Route } from './+types/payment-callback';
import { createApi } from '../api/client.ts';
import { paymentPath, paymentSuccessPath } from '../ui/paths.ts';
import { loadPayment } from '../features/payment/load.server.ts';

/**
 * /tbank-payment-callback/?code=…: where the bank sends the payer back (SuccessURL and FailURL
 * alike, decision 0023). The bank's query fields (Success, ErrorCode…) are never trusted: the order's
 * state is asked of the server, which asks the bank (GetState), and the payer goes on to the success
 * page or back to the payment page, which explains a decline. No code, or an unknown one: 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get('code');
  const info = await loadPayment(createApi(context.api), code, { returned: true });
  if (info.order.status === 'paid') throw redirect(paymentSuccessPath(info.order.code));
  throw redirect(paymentPath(info.order.code));
}

// A loader that always redirects; the module still needs a component for the router.
export default function PaymentCallback() {
  return null;
}
