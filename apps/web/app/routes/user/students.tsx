import type { Route } from './+types/students';
import { createApi } from '../../api/client.ts';
import { requireUser } from '../../lib/session.server.ts';
import { StudentsScreen } from '../../features/profile/StudentsScreen.tsx';
import { privateMeta } from '../../ui/meta.ts';

/** /user/students/: the account's students; its own route module like /user/account/. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = createApi(context.api);
  const [students, books, consents] = await Promise.all([api.students(), api.referenceBooks(), api.consents()]);
  const consentUrl = consents.documents.find((document) => document.kind === 'child_personal_data')?.url ?? null;
  return { students, books, consentUrl };
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Данные учащихся');

export default function StudentsPage({ loaderData }: Route.ComponentProps) {
  return <StudentsScreen {...loaderData} />;
}
