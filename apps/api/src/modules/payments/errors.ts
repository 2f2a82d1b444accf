// Typed failures of a payment provider call. None of them carries the terminal password or a
// Token: messages hold the method, the provider's error code and its own texts only.

/** Base class: `retryable` says whether the same call may simply be tried again later. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly method: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** The provider answered `Success: false` (T-Bank: ErrorCode other than "0"). */
export class PaymentRefusedError extends PaymentProviderError {
  constructor(
    method: string,
    readonly errorCode: string,
    readonly providerMessage: string,
    readonly details: string,
  ) {
    super(`${method}: отказ провайдера, код ${errorCode}: ${providerMessage}${details ? ` (${details})` : ''}`, method, false);
    this.name = 'PaymentRefusedError';
  }
}

/** The provider could not be reached, did not answer in time, or answered with an HTTP error. */
export class PaymentUnavailableError extends PaymentProviderError {
  constructor(
    method: string,
    readonly reason: 'timeout' | 'network' | 'http',
    detail: string,
    readonly httpStatus?: number,
  ) {
    super(`${method}: провайдер недоступен (${reason}: ${detail})`, method, true);
    this.name = 'PaymentUnavailableError';
  }
}

/** The provider answered something that is not its protocol (not JSON, missing fields). */
export class PaymentProtocolError extends PaymentProviderError {
  constructor(method: string, detail: string) {
    super(`${method}: непонятный ответ провайдера (${detail})`, method, true);
    this.name = 'PaymentProtocolError';
  }
}
