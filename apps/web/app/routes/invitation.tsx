import { data } from 'react-router';
import type { Route } from './+types/invitation';
import { createInvitationApi } from '../api/invitation.ts';
import { ApiRequestError } from '../api/client.ts';
import { messagesOf } from '../api/problems.ts';
import { sessionUser } from '../lib/session.server.ts';
import { privateMeta } from '../ui/meta.ts';
import { InvitationScreen } from '../features/invitation/InvitationScreen.tsx';

/** /invitation/{token}/: public; an unknown token is the 404 page, a used-up one says so. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const token = params.token;
  const user = await sessionUser(context);
  try {
    const invitation = await createInvitationApi(context.api).invitation(token);
    return { token, invitation, problem: null, signedIn: Boolean(user) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) {
      const problem = messagesOf(error.body)[0] ?? 'Эта ссылка-приглашение больше не действует.';
      return { token, invitation: null, problem, signedIn: Boolean(user) };
    }
    if (error instanceof ApiRequestError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData?.invitation ? `Приглашение на курс «${loaderData.invitation.course.title}»` : 'Приглашение на курс');

export default function InvitationPage({ loaderData }: Route.ComponentProps) {
  return <InvitationScreen {...loaderData} />;
}
