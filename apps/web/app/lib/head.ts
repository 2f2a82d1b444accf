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

/** One script of the COUNTERS setting, ready to render as a React `<script>`. */
export interface CounterScript {
  src?: string;
  async?: boolean;
  defer?: boolean;
  type?: string;
  id?: string;
  content: string;
}

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const BOOLEAN_ATTRIBUTE = /(?:^|\s)(async|defer)(?=\s|=|$)/gi;

/**
 * COUNTERS holds the analytics snippets the school pastes in (trusted, admin-only content).
 * Scripts go to the head; whatever else there is (e.g. a `<noscript>` pixel) stays as HTML for
 * the end of the page.
 */
export function parseCounters(html: string | undefined): { scripts: CounterScript[]; rest: string } {
  if (!html) return { scripts: [], rest: '' };
  const scripts: CounterScript[] = [];
  const rest = html.replace(SCRIPT_TAG, (_match, attrs: string, content: string) => {
    const script: CounterScript = { content };
    for (const [, name = '', dq, sq] of attrs.matchAll(ATTRIBUTE)) {
      const key = name.toLowerCase();
      const value = dq ?? sq ?? '';
      if (key === 'src' || key === 'type' || key === 'id') script[key] = value;
    }
    for (const [, flag = ''] of attrs.matchAll(BOOLEAN_ATTRIBUTE)) script[flag.toLowerCase() as 'async' | 'defer'] = true;
    scripts.push(script);
    return '';
  });
  return { scripts, rest: rest.replace(/<!--[\s\S]*?-->/g, '').trim() };
}
