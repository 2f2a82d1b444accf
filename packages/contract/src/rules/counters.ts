// The counters' HTML (the COUNTERS setting) as the pages read it, and the outside hosts it names:
// the page's Content Security Policy allows those (decision 0016); the staff settings screen and
// its API show them, computed by this same code (decision 0074).

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
const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * COUNTERS holds the analytics snippets the school pastes in (trusted, staff-only content).
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

const ORIGIN = /(https?:)?\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::(\d{1,5}))?/gi;

/**
 * The outside origins the school's counters talk to: every `https://host` (or `//host`) named in
 * the snippets — script sources, the URLs their loaders inject, pixels in `<noscript>`. The page's
 * Content Security Policy allows these (decision 0016); the settings screen shows them.
 */
export function counterSources(counters: { scripts: CounterScript[]; rest: string } | undefined): string[] {
  if (!counters) return [];
  const text = [...counters.scripts.flatMap((script) => [script.src ?? '', script.content]), counters.rest].join('\n');
  const origins = new Set<string>();
  for (const [, scheme, host = '', port] of text.matchAll(ORIGIN)) {
    origins.add(`${scheme?.toLowerCase() ?? 'https:'}//${host.toLowerCase()}${port ? `:${port}` : ''}`);
  }
  return [...origins].sort();
}
