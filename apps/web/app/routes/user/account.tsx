import type { Route } from './+types/account';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { AccountScreen } from '../../features/profile/AccountScreen.tsx';
import { privateMeta } from '../../ui/meta.ts';

/**
 * /user/account/: personal data, documents, completeness, e-mail, password, consents, letters, data
 * download and deletion. Its own route
 * module, so the forms and their libraries (react-hook-form, the masks) load only here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const [personal, documents, books, consents, notifications] = await Promise.all([
    api.personal(),
    api.documents(),
    api.referenceBooks(),
    api.consents(),
    api.notifications(),
  ]);
  return { personal, documents, books, consents, notifications };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Личные данные');

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  return <AccountScreen {...loaderData} />;
}
