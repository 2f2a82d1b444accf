import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp.ts';
import { counterSources, parseCounters } from './counters.server.ts';

/** The directive `name` of a policy, as a list of sources. */
function directive(policy: string, name: string): string[] {
  const found = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

const YANDEX_METRIKA = `<!-- Yandex.Metrika counter -->
<script type="text/javascript">
  (function(m,e,t,r,i,k,a){m[i]=m[i]||function(){(m[i].a=m[i].a||[]).push(arguments)};
  k=e.createElement(t),a=e.getElementsByTagName(t)[0],k.async=1,k.src=r,a.parentNode.insertBefore(k,a)})
  (window, document, "script", "https://mc.yandex.ru/metrika/tag.js", "ym");
  ym(12345, "init", { clickmap: true });
</script>
<noscript><div><img src="https://mc.yandex.ru/watch/12345" style="position:absolute; left:-9999px;" alt="" /></div></noscript>
<script async src="//www.googletagmanager.com/gtag/js?id=G-TEST"></script>`;

describe('contentSecurityPolicy', () => {
  it('lets scripts run from the site or with the nonce only, and locks frames, bases, forms and plugins', () => {
    const policy = contentSecurityPolicy({ nonce: 'abc123' });
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-abc123'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it('adds the counters’ origins and the extra sources to scripts and connections', () => {
    const policy = contentSecurityPolicy({
      nonce: 'n',
      counterSources: counterSources(parseCounters(YANDEX_METRIKA)),
      extraSources: ['https://region1.google-analytics.com'],
    });
    for (const name of ['script-src', 'connect-src']) {
      expect(directive(policy, name)).toEqual(
        expect.arrayContaining(['https://mc.yandex.ru', 'https://www.googletagmanager.com', 'https://region1.google-analytics.com']),
      );
    }
  });
});

describe('counterSources', () => {
  it('finds every origin the snippets name: script sources, injected loaders, pixels', () => {
    expect(counterSources(parseCounters(YANDEX_METRIKA))).toEqual(['https://mc.yandex.ru', 'https://www.googletagmanager.com']);
  });

  it('is empty for counters that name no outside site', () => {
    expect(counterSources(parseCounters('<script>window.dataLayer = [];</script>'))).toEqual([]);
    expect(counterSources(undefined)).toEqual([]);
  });
});
