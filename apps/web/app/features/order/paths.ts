/** The payment page of an order (/courses/payment/{code}/; the code is unguessable). */
export function paymentPath(code: string): string {
  return `/courses/payment/${encodeURIComponent(code)}/`;
}
