import { useEffect, useState } from 'react';
import { browserApi } from '../../api/browser.ts';
import type { SocialProviderInfo } from '../../api/client.ts';
import { prepareSignIn } from './pkce.ts';

let providersRequest: Promise<SocialProviderInfo[]> | null = null;

/** The enabled providers, asked once per page load (they change only with the server's config). */
function loadProviders(): Promise<SocialProviderInfo[]> {
  providersRequest ??= browserApi.socialProviders().catch(() => {
    providersRequest = null;
    return [];
  });
  return providersRequest;
}

/**
 * 'Войти через VK ID / Яндекс ID' for the sign-in dialogs. Shows only the providers the server
 * has configured; with none it renders nothing. A click keeps a PKCE verifier and state in
 * localStorage and leaves for the provider, which returns to `/{provider}-callback/`. `consent`:
 * the dialog's sign-up consent box is ticked (carried through, so a new account may be made; a new
 * person without it is asked on the return page).
 */
export function SocialButtons({ next = '/', consent = false }: { next?: string; consent?: boolean } = {}) {
  const [providers, setProviders] = useState<SocialProviderInfo[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void loadProviders().then((list) => {
      if (alive) setProviders(list);
    });
    return () => {
      alive = false;
    };
  }, []);

  if (!providers || providers.length === 0) return null;

  async function start(info: SocialProviderInfo) {
    setBusy(info.provider);
    setProblem(null);
    try {
      window.location.assign(await prepareSignIn(info, next, consent));
    } catch {
      setBusy(null);
      setProblem('Не удалось начать вход: браузер не дал сохранить данные входа. Разрешите сохранение данных сайта и попробуйте ещё раз.');
    }
  }

  return (
    <div className="social-buttons" role="group" aria-labelledby="social-buttons-title">
      <p id="social-buttons-title" className="social-buttons__title">
        Или войдите через
      </p>
      <div className="social-buttons__list">
        {providers.map((info) => (
          <button
            key={info.provider}
            type="button"
            className={`button button--ghost social-buttons__button social-buttons__button--${info.provider}`}
            disabled={busy !== null}
            aria-busy={busy === info.provider}
            onClick={() => void start(info)}
          >
            {info.name}
          </button>
        ))}
      </div>
      {problem && (
        <p className="social-buttons__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
