import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FeedbackForm } from '@crema/contract';
import { useRootData } from '../../lib/root-data.ts';
import { browserApi } from '../../api/browser.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { ConsentFields, CONSENT_FIELDS, FeedbackFields, readConsents, readFields, useApplicationBody, type FeedbackField } from './parts.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { CaptchaNotice, useCaptcha } from '../captcha/useCaptcha.tsx';
import './apply.css';

// The general feedback form under a content page (/contacts/, /corporate/): the form's fields
// from GET /api/feedback/{key}/ (read by the page's loader, so the form is in the server HTML),
// sent to POST /api/feedback/{key}/process/. Loaded lazily by the route, so other content pages
// (/about/ …) do not carry it in their first load (decision 0008); the server HTML has the form
// all the same. A phone field takes the site's phone mask with its first focus (imask loads then,
// never with the page); without scripts the API reads the phone as typed ('8 916 …', '+7 (916) …').

/**
 * The phone mask on an input from its first focus: loads the dialogs' masks (and imask) then, and
 * takes the mask off when the input goes. What was typed before the mask came is read by it too.
 */
function lazyPhoneMask(element: HTMLInputElement): () => void {
  let unmask: (() => void) | undefined;
  let gone = false;
  const start = () => {
    element.removeEventListener('focus', start);
    void import('./masks.ts').then(({ maskRef }) => {
      if (!gone) unmask = maskRef('phone')?.(element);
    });
  };
  element.addEventListener('focus', start);
  return () => {
    gone = true;
    element.removeEventListener('focus', start);
    unmask?.();
  };
}

const lazyMaskRef = (type: FeedbackField['type']) => (type === 'phone' ? lazyPhoneMask : undefined);

/** The id the page's 'Оставить заявку' links point at (`#feedback`). */
const FEEDBACK_ANCHOR = 'feedback';

/** Default export: routes/content-page.tsx loads it lazily, only on the pages that have a form. */
export default function FeedbackSection({ form }: { form: FeedbackForm }) {
  const root = useRootData();
  const signedIn = Boolean(root?.user);
  const api = useApiForm([...form.fields.map((field) => field.name), ...CONSENT_FIELDS]);
  const body = useApplicationBody(signedIn);
  const captcha = useCaptcha();
  const [success, setSuccess] = useState<string | null>(null);
  const sectionRef = useRef<HTMLElement>(null);

  // Arriving at (or jumping to) #feedback before the page's scripts took over: once they have,
  // the router's scroll restoration may have moved the page, so the form is brought back into view.
  useEffect(() => {
    if (window.location.hash === `#${FEEDBACK_ANCHOR}`) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, []);
  // The server renders the form, but it sends through this code only once the lazy chunk has
  // hydrated it (a press before that is the browser's own GET): `data-ready` says so, for tests.
  useEffect(() => sectionRef.current?.setAttribute('data-ready', 'true'), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void api.run(async () => {
      const application = body({ ...readFields(element, form.fields), ...readConsents(element) });
      // A fresh token for every send: a retry after a refusal gets a new one.
      const token = await captcha.captchaToken('studentForm');
      const { success_message } = await browserApi.sendApplication(form.key, token ? { ...application, 'g-recaptcha-response': token } : application);
      setSuccess(success_message);
    });
  };

  return (
    <section ref={sectionRef} id={FEEDBACK_ANCHOR} className="page-feedback" aria-labelledby="feedback-title">
      <h2 id="feedback-title" className="page-feedback__title">
        {form.title}
      </h2>
      {success ? (
        <p className="apply-success" role="status">
          {success}
        </p>
      ) : (
        <form className="apply-form" noValidate onSubmit={submit} onFocus={captcha.prepare}>
          {form.description ? <p className="apply-form__lead">{form.description}</p> : null}
          <FeedbackFields fields={form.fields} errorsOf={api.errorsOf} maskRef={lazyMaskRef} />
          <ConsentFields errorsOf={api.errorsOf} policy={root?.configs?.PRIVACY_POLICY_LINK} />
          {api.problems.general.length ? <FormMessages look="apply" messages={api.problems.general} /> : null}
          <button type="submit" className="button button--primary apply-form__submit" aria-busy={api.busy} disabled={api.busy}>
            Отправить заявку
          </button>
          <CaptchaNotice settings={captcha.settings} />
        </form>
      )}
    </section>
  );
}
