/** One `<meta>` element's attributes, parsed from the META_TAGS setting. */
export type MetaAttributes = Record<string, string>;

const META_TAG = /<meta\b([^>]*)>/gi;
const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ALLOWED = new Set(['name', 'content', 'property', 'http-equiv', 'charset', 'itemprop']);

/**
 * META_TAGS holds HTML the school pastes in (verification tags and the like). Only `<meta>`
 * elements with ordinary attributes are taken, so the setting cannot inject scripts into the head.
 */
export function parseMetaTags(html: string | undefined): MetaAttributes[] {
  if (!html) return [];
  const tags: MetaAttributes[] = [];
  for (const [, attrs = ''] of html.matchAll(META_TAG)) {
    const tag: MetaAttributes = {};
    for (const [, name = '', dq, sq] of attrs.matchAll(ATTRIBUTE)) {
      const key = name.toLowerCase();
      if (ALLOWED.has(key)) tag[key === 'http-equiv' ? 'httpEquiv' : key] = dq ?? sq ?? '';
    }
    if (Object.keys(tag).length > 0 && (tag.name || tag.property || tag.httpEquiv || tag.itemprop)) tags.push(tag);
  }
  return tags;
}

// The counters' parsing lives in the contract (`parseCounters`): the settings API shows staff the
// hosts the policy will allow, computed by the same code (decision 0074). The root loader takes it
// through counters.server.ts, so the contract's rules stay out of the browser's shell.
export type { CounterScript } from '@crema/contract/rules';
