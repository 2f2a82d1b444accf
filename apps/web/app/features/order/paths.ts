/** The payment page of an order (spec §2: /courses/payment/{code}/; the code is unguessable). */
export function paymentPath(code: string): string {
  return `/courses/payment/${encodeURIComponent(code)}/`;
}
