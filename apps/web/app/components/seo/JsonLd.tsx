import { serializeJsonLd } from '../../lib/seo.ts';

/** Structured data (schema.org) for search engines, safely serialised. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
