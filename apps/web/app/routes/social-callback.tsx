import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Route } from './+types/social-callback';
import { browserApi } from '../api/browser.ts';
import { ApiRequestError } from '../api/client.ts';
import { messagesOf } from '../api/problems.ts';
import { clearPending, prepareSignIn, readPending, type SocialProvider } from '../features/auth/pkce.ts';
import { SignUpConsent } from '../ui/SignUpConsent.tsx';
import { SIGN_UP_CONSENT_FIELD, sitePath } from '@crema/contract/rules';

const NAMES: Record<SocialProvider, string> = { vk: 'VK ID', yandex: 'Яндекс ID' };

function providerOf(pathname: string): SocialProvider {
  return pathname.startsWith('/yandex-callback') ? 'yandex' : 'vk';
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `Вход через ${NAMES[providerOf(location.pathname)]} — Crema` },
  { name: 'robots', content: 'noindex' },
];

/** Texts of the callback page (decision 0010). */
export const CALLBACK_TEXTS = {
  denied: (name: string) => `Вы отменили вход через ${name}. Войти можно снова — или по коду из письма.`,
  providerError: (name: string) => `${name} сообщил об ошибке, вход не выполнен. Попробуйте ещё раз или войдите по коду из письма.`,
  notStarted: (name: string) =>
    `Вход через ${name} не был начат в этом браузере или устарел. Начните вход заново с кнопки ${name}.`,
  stateMismatch: (name: string) =>
    `Ответ ${name} не прошёл проверку безопасности: он относится к другой попытке входа. Вход отменён — начните заново.`,
  noCode: (name: string) => `${name} не передал код входа. Попробуйте ещё раз.`,
  offline: 'Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.',
  failed: 'Не удалось войти. Попробуйте ещё раз.',
  consentLead: (name: string) =>
    `Аккаунта с адресом из ${name} у нас ещё нет. Чтобы создать его, отметьте согласие и продолжите — ${name} спросит ещё раз, это быстро.`,
  consentNeeded: 'Отметьте согласие, чтобы создать аккаунт.',
} as const;

/** VK ID may also return its values as a JSON `payload` parameter. */
function callbackParams(search: string): URLSearchParams {
  const params = new URLSearchParams(search);
  const payload = params.get('payload');
  if (payload && !params.has('code')) {
    try {
      for (const [key, value] of Object.entries(JSON.parse(payload) as Record<string, unknown>)) {
        if (typeof value === 'string' || typeof value === 'number') params.set(key, String(value));
      }
    } catch {
      // Not JSON: judged by the parameters alone.
    }
  }
  return params;
}

/**
 * `/vk-callback/` and `/yandex-callback/`: where the provider sends the person back. Checks the
 * state against the one kept when the button was pressed (no server call on a mismatch), then
 * hands the code and the PKCE verifier to the API, which signs in with session cookies.
 */
export default function SocialCallback() {
  const location = useLocation();
  const provider = providerOf(location.pathname);
  const name = NAMES[provider];
  const [problem, setProblem] = useState<string[] | null>(null);
  // A new person came back without the sign-up consent box ticked: ask for it, then start again.
  const [askConsent, setAskConsent] = useState<{ next: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = callbackParams(location.search);
    const fail = (...messages: string[]) => setProblem(messages);

    const error = params.get('error');
    const pending = readPending(provider);
    // One attempt per verifier and state, whatever happens next.
    clearPending(provider);
    if (error) return fail(error === 'access_denied' ? CALLBACK_TEXTS.denied(name) : CALLBACK_TEXTS.providerError(name));
    if (!pending) return fail(CALLBACK_TEXTS.notStarted(name));
    if (params.get('state') !== pending.state) return fail(CALLBACK_TEXTS.stateMismatch(name));
    const code = params.get('code');
    if (!code) return fail(CALLBACK_TEXTS.noCode(name));

    void (async () => {
      // Someone already signed in (switching accounts) sends the session's CSRF value, as every
      // cookie-authenticated call must (decision 0009): browserFetch does.
      try {
        await browserApi.socialSignIn(provider, {
          code,
          code_verifier: pending.verifier,
          redirect_uri: pending.redirect_uri,
          device_id: params.get('device_id') ?? undefined,
          state: pending.state,
          consent_personal_data: pending.consent,
        });
      } catch (error) {
        if (!(error instanceof ApiRequestError) || error.status === 0) return fail(CALLBACK_TEXTS.offline);
        const body = error.body as Record<string, unknown> | null;
        if (error.status === 400 && body && typeof body === 'object' && SIGN_UP_CONSENT_FIELD in body) return setAskConsent({ next: pending.next });
        const messages = messagesOf(error.body);
        return fail(...(messages.length > 0 ? messages : [CALLBACK_TEXTS.failed]));
      }
      // A full load: every part of the page renders signed in, and the code leaves the history.
      window.location.replace(sitePath(pending.next) ?? '/');
    })();
  }, [location.search, provider, name]);

  return (
    <main className="page container social-callback">
      <h1 className="page__title">Вход через {name}</h1>
      {askConsent ? (
        <ConsentStep provider={provider} name={name} next={askConsent.next} />
      ) : problem ? (
        <div className="social-callback__problem" role="alert">
          {problem.map((message) => (
            <p key={message}>{message}</p>
          ))}
          <p>
            <Link className="button button--primary" to="/?login" replace>
              Попробовать ещё раз
            </Link>
          </p>
        </div>
      ) : (
        <p role="status" aria-live="polite">
          Входим в аккаунт…
        </p>
      )}
    </main>
  );
}

/** The sign-up consent for a new person: ticked here, the provider's sign-in starts again carrying it. */
function ConsentStep({ provider, name, next }: { provider: SocialProvider; name: string; next: string }) {
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="social-callback__problem"
      style={{ display: 'grid', gap: 16 }}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!consent) return setErrors([CALLBACK_TEXTS.consentNeeded]);
        setErrors([]);
        setBusy(true);
        void (async () => {
          try {
            const info = (await browserApi.socialProviders()).find((item) => item.provider === provider);
            if (!info) throw new Error('provider is gone');
            window.location.assign(await prepareSignIn(info, next, true));
          } catch {
            setBusy(false);
            setProblem(CALLBACK_TEXTS.failed);
          }
        })();
      }}
    >
      <p>{CALLBACK_TEXTS.consentLead(name)}</p>
      <SignUpConsent id="social-consent" checked={consent} onChange={setConsent} errors={errors} required />
      {problem ? <p role="alert">{problem}</p> : null}
      <p style={{ display: 'flex', flexWrap: 'wrap', gap: 12, margin: 0 }}>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          Продолжить через {name}
        </button>
        <Link className="button button--ghost" to="/?login" replace>
          Войти по коду из письма
        </Link>
      </p>
    </form>
  );
}
