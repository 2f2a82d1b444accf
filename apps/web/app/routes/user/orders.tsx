import type { Route } from './+types/orders';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { OrdersScreen } from '../../features/payment/OrdersScreen.tsx';
import { privateMeta } from '../../ui/meta.ts';

/** /user/orders/ 'Мои заказы'; its own route module like /user/account/. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return { orders: await createApi(context.api).userOrders() };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Мои заказы');

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  return <OrdersScreen orders={loaderData.orders} />;
}
