// Answers Fastify or Node would otherwise make themselves, and whose address the app believes.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app.ts';
import { buildFeedbackForm, buildOwner, signInAs } from './test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SECURITY = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
};
const HSTS = 'max-age=31536000; includeSubDomains';

describe('malformed URLs', () => {
  it('answer 400 in our {detail} shape with the security headers, on pages, the API and media alike', async () => {
    for (const url of ['/courses/%E0%A4%A/', '/api/courses/%E0%A4%A/', '/media/%E0%A4%A', '/api/pages/%/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ detail: 'Некорректный адрес запроса.' });
      expect(res.headers, url).toMatchObject({ ...SECURITY, 'content-type': 'application/json; charset=utf-8' });
      expect(res.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('a path no route answers is our 404, not Fastify’s', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/nothing/here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Не найдено.' });
    expect(res.headers).toMatchObject(SECURITY);
  });
});

/** Sends raw bytes to a listening server and returns everything it answers before closing. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server closes right after answering; a reset then is expected.
      if (error.code === 'ECONNRESET' && chunks.length > 0) resolve(Buffer.concat(chunks).toString('utf8'));
      else reject(error);
    });
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(text);
  });
}

function parseResponse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('requests the HTTP parser refuses (a real socket: inject has no parser)', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('oversized headers: 431 with our {detail} in Russian and the security headers', async () => {
    const raw = await rawRequest(port, `GET /api/health/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    const res = parseResponse(raw);
    expect(res.status).toBe(431);
    expect(res.headers).toMatchObject({ ...SECURITY, 'content-type': 'application/json; charset=utf-8' });
    expect(JSON.parse(res.body)).toEqual({ detail: 'Слишком большие заголовки запроса.' });
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
  });

  it('a malformed request line: 400 with our {detail}', async () => {
    const res = parseResponse(await rawRequest(port, 'NOT A REQUEST\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(res.headers).toMatchObject(SECURITY);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Некорректный запрос.' });
  });

  it('a sane request on the same server still works', async () => {
    const res = parseResponse(await rawRequest(port, 'GET /api/health/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(res.status).toBe(200);
  });
});

describe('Strict-Transport-Security', () => {
  let production: TestContext;
  let port: number;
  beforeAll(async () => {
    production = await createTestApp({ NODE_ENV: 'production', SECRET_KEY: 'app-test-production-secret-0123456789abcdef', SMTP_URL: 'smtp://127.0.0.1:9' });
    await production.app.listen({ host: '127.0.0.1', port: 0 });
    port = (production.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await production?.close();
  });

  it('is on every production answer: API, errors, bad URLs and what the HTTP parser refuses', async () => {
    for (const [method, url] of [['GET', '/api/health/'], ['DELETE', '/nothing/here/'], ['GET', '/api/nothing/'], ['GET', '/courses/%E0%A4%A/']] as const) {
      const res = await production.app.inject({ method, url });
      expect(res.headers, `${method} ${url}`).toMatchObject({ ...SECURITY, 'strict-transport-security': HSTS });
    }
    const refused = parseResponse(await rawRequest(port, 'NOT A REQUEST\r\n\r\n'));
    expect(refused.status).toBe(400);
    expect(refused.headers).toMatchObject({ ...SECURITY, 'strict-transport-security': HSTS });
  });

  it('is not sent outside production (a development server speaks plain http)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.headers).toMatchObject(SECURITY);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('TRUST_PROXY with the proxy’s address', () => {
  let behind: TestContext;
  const PROXY = '10.0.0.2';
  beforeAll(async () => {
    behind = await createTestApp({ TRUST_PROXY: PROXY, AUTH_CODES_PER_IP_HOUR: '2' });
  });
  afterAll(async () => {
    await behind?.close();
  });

  let n = 0;
  const askCode = (remoteAddress: string, forwardedFor?: string) =>
    behind.app.inject({
      method: 'POST',
      url: '/api/auth/send_code/email/',
      payload: { email: `proxy-${++n}@example.ru` },
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('a client cannot escape the per-IP limit by adding its own X-Forwarded-For hops', async () => {
    // The proxy appends the real client (203.0.113.7); whatever the client wrote before it is ignored.
    const statuses = [];
    for (const spoofed of ['1.1.1.1', '2.2.2.2', '3.3.3.3, 4.4.4.4']) {
      statuses.push((await askCode(PROXY, `${spoofed}, 203.0.113.7`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    // Another client behind the same proxy has its own allowance.
    expect((await askCode(PROXY, '203.0.113.8')).statusCode).toBe(200);
  });

  it('a client reaching the server directly is its own address, whatever header it sends', async () => {
    const direct = '198.51.100.4';
    const statuses = [];
    for (const spoofed of ['5.5.5.5', '6.6.6.6', '7.7.7.7']) statuses.push((await askCode(direct, spoofed)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('OpenAPI: request bodies are closed, and so is the API', () => {
  interface Operation {
    requestBody?: { content: { 'application/json': { schema: { $ref?: string; allOf?: { $ref: string }[] } } } };
  }
  type Component = { additionalProperties?: unknown; allOf?: { $ref: string }[] };
  type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Component> } };
  /** The object schema a reference ends at (an alias is `allOf: [{$ref}]`). */
  const resolve = (doc: Doc, ref: string): Component | undefined => {
    const component = doc.components.schemas[ref.replace('#/components/schemas/', '')];
    const alias = component?.allOf?.length === 1 ? component.allOf[0]!.$ref : undefined;
    return alias ? resolve(doc, alias) : component;
  };

  it('documents every JSON body with additionalProperties: false, and each refuses an unknown key by name', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
    // A course owner who is also staff: the admin and staff bodies are checked too (anyone else
    // gets 403 before the body is read).
    const user = await buildOwner(t.database.db, { email: 'bodies@example.ru', isStaff: true });
    const { headers } = await signInAs(t.app, user);
    // A dynamic form's body is closed by the form's own fields: the walk needs a form that exists.
    const form = await buildFeedbackForm(t.database.db);
    const bodies: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content['application/json'].schema;
        if (!schema) continue;
        const ref = schema.$ref ?? schema.allOf?.[0]?.$ref;
        const component = resolve(doc, ref!);
        expect(component?.additionalProperties, `${method} ${path}`).toBe(false);

        const url = path.replace('{provider}', 'vk').replace('{key}', form.key).replace('{bank}', 'tbank').replace(/\{[A-Za-z_]+\}/g, '1');
        const res = await t.app.inject({
          method: method.toUpperCase() as 'POST',
          url,
          payload: { surprise: 1, 'another key': 'x' },
          headers,
          remoteAddress: '10.77.0.1',
        });
        expect(res.statusCode, `${method} ${path}`).toBe(400);
        expect(res.json(), `${method} ${path}`).toMatchObject({ surprise: ['Неизвестное поле.'], 'another key': ['Неизвестное поле.'] });
        bodies.push(`${method} ${path}`);
      }
    }
    // The walk found the bodies (a document without any would pass the loop vacuously).
    expect(bodies).toEqual(expect.arrayContaining(['post /api/configs/', 'post /api/auth/send_code/email/', 'post /api/auth/set-password/']));
    expect(bodies.length).toBeGreaterThanOrEqual(12);
  });

  it('an unknown key is listed next to the real field errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token/email/', payload: { email: 'a@b.ru', kod: '1234' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: [expect.any(String)], kod: ['Неизвестное поле.'] });
  });
});
