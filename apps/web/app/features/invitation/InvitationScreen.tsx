import { useState } from 'react';
import { Link } from 'react-router';
import { browserApi, browserFetch } from '../../api/browser.ts';
import { createInvitationApi, type Invitation } from '../../api/invitation.ts';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { SIGN_UP_CONSENT_MISSING, SignUpConsent } from '../../ui/SignUpConsent.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { CodeEntry, resendAtAfter } from '../../ui/CodeEntry.tsx';
import { EMAIL_REQUIRED, normaliseEmail } from '@crema/contract/rules';
import { formatDate } from '@crema/contract/format';
import './invitation.css';

// /invitation/{token}/ (decision 0036): a course's invitation link. A signed-in person
// joins with one button; a guest gives an e-mail, types the mailed code and is signed in and
// enrolled by one call. Either way they land on the course. Its own route module: none of this
// loads on other public pages.

const api = createInvitationApi(browserFetch);

/** The enrolment's course page: a full load, so the header shows the person signed in. */
function goToCourse(userCourseId: number) {
  window.location.assign(`/user/courses/${userCourseId}/`);
}

/** The code request form cannot be sent without its consent box. */

function GuestSteps({ token }: { token: string }) {
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  // When a new code may be asked for; null until the first one went out.
  const [resendAt, setResendAt] = useState<number | null>(null);
  const form = useApiForm(['email', 'consent']);
  return resendAt !== null ? (
    <div className="invite-form">
      <CodeEntry
        email={email}
        purpose="Введите его, чтобы войти и получить курс."
        submitLabel="Войти и начать обучение"
        focusOnMount
        resendAt={resendAt}
        onResendAt={setResendAt}
        onCode={async (code) => goToCourse((await api.acceptInvitation({ token, email, code, consent_personal_data: consent })).user_course_id)}
        onResend={async () => (await browserApi.sendCode(email)).resend_after}
        onChangeAddress={() => setResendAt(null)}
      />
    </div>
  ) : (
    <form
      className="invite-form"
      noValidate
      onSubmit={form.onSubmit(async () => {
        const value = normaliseEmail(email);
        const local = rejection({ email: !value && [EMAIL_REQUIRED], consent: !consent && [SIGN_UP_CONSENT_MISSING] });
        if (local) throw local;
        const sent = await browserApi.sendCode(value);
        setEmail(value);
        setResendAt(resendAtAfter(sent.resend_after));
      })}
    >
      <p>Введите e-mail: мы пришлём код для входа. Если аккаунта ещё нет, он появится сам.</p>
      <Field look="invite" id="invite-email" label="E-mail" errors={form.errorsOf('email')}>
        {(a11y) => (
          <input
            {...a11y}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="email"
            inputMode="email"
          />
        )}
      </Field>
      <SignUpConsent id="invite-consent" checked={consent} onChange={setConsent} errors={form.errorsOf('consent')} required />
      <FormMessages look="invite" messages={form.problems.general} />
      <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>
        Получить код
      </button>
    </form>
  );
}

function JoinButton({ token }: { token: string }) {
  const form = useApiForm();
  return (
    <div className="invite-form">
      <FormMessages look="invite" messages={form.problems.general} />
      <button
        type="button"
        className="button button--primary"
        disabled={form.busy}
        aria-busy={form.busy}
        onClick={() => void form.run(async () => goToCourse((await api.acceptInvitation({ token })).user_course_id), { leaving: true })}
      >
        Записаться на курс
      </button>
    </div>
  );
}

export function InvitationScreen({ token, invitation, problem, signedIn }: { token: string; invitation: Invitation | null; problem: string | null; signedIn: boolean }) {
  return (
    <div className="container">
      <section className="invite" aria-labelledby="invite-title">
        <p className="invite-kicker">Приглашение на курс</p>
        {invitation ? (
          <>
            <h1 id="invite-title">{invitation.course.title}</h1>
            <p className="invite-muted">
              {invitation.access_until ? `Доступ к курсу — до ${formatDate(invitation.access_until)}.` : 'Доступ к курсу — бессрочный.'}
            </p>
            {signedIn ? <JoinButton token={token} /> : <GuestSteps token={token} />}
          </>
        ) : (
          <>
            <h1 id="invite-title">Ссылка не действует</h1>
            <p className="invite-alert">{problem}</p>
            <Link className="button button--ghost" to="/courses/">
              Каталог курсов
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
