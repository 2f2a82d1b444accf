import { serializeJsonLd } from '../../lib/seo.ts';

/** Structured data (schema.org) for search engines, safely serialised. */
export function JsonLd({ data, nonce }: { data: unknown; nonce?: string }) {
  // Data, not code, so the policy would not block it; the nonce keeps "every inline script has it" true.
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
