// The payment pages' addresses. Here, not in lib/paths.ts: that file is in the shell every public
// page loads first, and the public pages are at their first-load budget (decision 0008).

/** /courses/payment/{code}/: the order's payment page. */
export const paymentPath = (code: string) => `/courses/payment/${encodeURIComponent(code)}/`;

/** /courses/payment-success/?code=…: after a paid order. */
export const paymentSuccessPath = (code: string) => `/courses/payment-success/?code=${encodeURIComponent(code)}`;
