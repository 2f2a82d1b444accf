import { useEffect } from 'react';
import { browserApi } from '../../api/browser.ts';
import { useApiForm } from '../../api/useApiForm.ts';

/**
 * 'Оплатить': asks the API for the order's payment link (POST /api/tbank/order/payment_link/,
 * one attempt however often it is clicked) and leaves for the bank. The button stays busy until
 * the page is gone; a second click while it is busy does nothing (useApiForm). A refusal (503 card
 * payments off, 409 already paid or cancelled) is shown above the button.
 */
export function usePayment() {
  const form = useApiForm();
  useEffect(() => {
    // Back from the bank's page restores this one from the browser's cache, button still busy and
    // the order's state old: load it again from the server instead.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  return {
    busy: form.busy,
    problems: form.problems.general,
    pay: (code: string) =>
      void form.run(
        async () => {
          const { url } = await browserApi.paymentLink(code);
          window.location.assign(url);
        },
        { leaving: true },
      ),
  };
}

