// What every part of the orders module is built from (service.ts builds them all from one).
import type { AppDeps, Logger } from '../../deps.ts';
import type { AuthService } from '../auth/service.ts';
import type { CaptchaVerifier } from '../captcha/verifier.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { RateRule } from '../../lib/rate-limit.ts';

export interface OrdersServiceOptions {
  deps: AppDeps;
  auth: AuthService;
  provider: PaymentProvider | null;
  /** The captcha check of the order form (action orderForm); off unless configured. */
  captcha: CaptchaVerifier;
  log: Logger;
  /**
   * How often the payment pages may ask the bank about one attempt (default 12 times a minute:
   * enough for a person's views and checks; a reload loop is cut off).
   */
  getStateLimit?: RateRule;
  /**
   * The same for the payer's way back from the bank (the callback page), a budget of its own (default
   * 6 a minute) so that a payment page left open and polling can never leave the return unchecked.
   */
  returnGetStateLimit?: RateRule;
}
