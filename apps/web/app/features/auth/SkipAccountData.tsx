import { useNavigate } from 'react-router';
import { browserApi } from '../../api/browser.ts';
import { closeDialog } from '../../lib/dialogs.ts';
import { COOKIES, readCookie, writeCookie } from '../../lib/cookies.ts';

// SkipAccountData: after a sign-in, a person whose profile is not
// complete is offered to fill it in or to skip. Skipping is remembered for a year in a cookie of
// this browser; a refusal to give document data (`data_refusal`) stops the offer for good.

/** True when the just signed-in person should see the offer; a failed check offers nothing. */
export async function shouldOfferProfile(): Promise<boolean> {
  if (readCookie(document.cookie, COOKIES.skipAccountData.name)) return false;
  try {
    const personal = await browserApi.personal();
    return !personal.is_complete && !personal.data_refusal;
  } catch {
    return false;
  }
}

export function SkipAccountData() {
  const navigate = useNavigate();
  return (
    <div className="auth-form">
      <p className="auth-form__lead">
        Чтобы записываться на курсы и получать документы об обучении, укажите в личном кабинете ФИО, дату рождения, телефон и
        данные документов. Это займёт пару минут.
      </p>
      <button
        type="button"
        className="button button--primary auth-form__submit"
        data-autofocus
        onClick={() => {
          closeDialog();
          void navigate('/user/account/');
        }}
      >
        Заполнить
      </button>
      <button
        type="button"
        className="button button--ghost auth-form__submit"
        onClick={() => {
          writeCookie(COOKIES.skipAccountData.name, '1', COOKIES.skipAccountData.maxAgeS);
          closeDialog();
        }}
      >
        Пропустить
      </button>
    </div>
  );
}
