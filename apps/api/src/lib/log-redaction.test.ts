import { describe, expect, it } from 'vitest';
import { LOG_SERIALIZERS } from '../logger.ts';
import { redactUrl, scrubError } from './log-redaction.ts';

describe('redactUrl', () => {
  it('replaces the secret of each secret-carrying address, whole URLs (a page error’s url) too', () => {
    expect(redactUrl('https://school.example/?restore=12.abc&utm_source=mail')).toBe('https://school.example/?restore=***&utm_source=mail');
    expect(redactUrl('http://127.0.0.1:3000/invitation/tok_123/?x=1')).toBe('http://127.0.0.1:3000/invitation/***/?x=1');
    expect(redactUrl('/ical/abc.ics')).toBe('/ical/***.ics');
    expect(redactUrl('/api/order/ABC/send_code/')).toBe('/api/order/***/send_code/');
    expect(redactUrl('/yandex-callback/?Code=x&state=y')).toBe('/yandex-callback/?Code=***&state=***');
  });

  it('leaves addresses without secrets as they are', () => {
    for (const url of ['/courses/payment-success/', '/api/order/request/', '/courses/?page=2&search=code', '/api/order/payment/', '/']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('log serializers', () => {
  it('a Fastify request logged as req: its fields, the address redacted', () => {
    const request = { raw: {}, method: 'GET', url: '/courses/payment/SECRET/', host: 'x', ip: '10.0.0.1', socket: { remotePort: 5 } };
    expect(LOG_SERIALIZERS.req(request)).toEqual({ method: 'GET', url: '/courses/payment/***/', host: 'x', remoteAddress: '10.0.0.1', remotePort: 5 });
  });

  it('an error keeps its statement and loses the values', () => {
    const error = Object.assign(new Error('Failed query: insert into "orders" ("name") values ($1)\nparams: Иван Петров'), {
      params: ['Иван Петров'],
      detail: 'Failing row contains (Иван Петров).',
    });
    const logged = JSON.stringify(LOG_SERIALIZERS.err(error));
    expect(logged).toContain('Failed query: insert into \\"orders\\"');
    expect(logged).not.toContain('Иван');
    expect(scrubError({ message: 'invalid input syntax for type integer: "79161234567"' }).message).toBe('invalid input syntax for type integer: "***"');
  });
});
