import { data, redirect } from 'react-router';
import type { Route } from './+types/section';
import { pageUrl, requireUser } from '../../lib/session.server.ts';
import { privateMeta, SECTIONS } from './sections.ts';
import { SectionPage } from './SectionPage.tsx';
import { openDialog } from '../../lib/dialogs.ts';

/**
 * /user/courses/, /user/account/, /user/students/, /user/orders/, /user/schedule/,
 * /user/progress/: each has its heading and a note until its own issue builds it. Any other
 * /user/ address is the 404 page — for a signed-in person; a guest is sent to sign in first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The layout checks too; checking here keeps the guard when only this loader runs.
  const user = await requireUser(request, context);
  const path = pageUrl(request).pathname;
  if (path === '/user/') throw redirect('/user/courses/');
  const section = SECTIONS[path];
  if (!section || !path.startsWith('/user/')) throw data(null, { status: 404 });
  return { path, section, email: user.email };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => privateMeta(matches, loaderData?.section.title);

export default function UserSection({ loaderData }: Route.ComponentProps) {
  const { path, section, email } = loaderData;
  return (
    <SectionPage section={section}>
      {path === '/user/account/' ? (
        <>
          <p>Вы вошли как {email}.</p>
          <p>
            {/* Spec §4 PassChange: current and new password, then a code from the letter. */}
            <button type="button" className="button button--ghost" onClick={() => openDialog('PassChange')}>
              Сменить пароль
            </button>
          </p>
        </>
      ) : null}
    </SectionPage>
  );
}
