// The input guards and the error handler's backstops (decision 0052): a NUL byte or a lone
// surrogate anywhere in a request is the field's error before any query, JSON nests at most 32
// levels, a broken multipart body and a value the database refuses are 400s in our shape, and
// every number a request may carry fits the int4 column it ends up in.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, INT4_MAX, NON_FIELD_ERRORS } from '@crema/contract';
import { registerErrorHandling } from '../errors.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import {
  buildCourse,
  buildFeedbackForm,
  buildModule,
  buildOwner,
  buildUser,
  signInAs,
  type TestSession,
} from '../test/factories.ts';
import { JSON_MAX_DEPTH, findBadCharacter, jsonDepth } from './input-guard.ts';

let t: TestContext;
let learner: TestSession;
let owner: TestSession;
let courseId: number;
beforeAll(async () => {
  t = await createTestApp();
  learner = await signInAs(t.app, await buildUser(t.database.db));
  const ownerUser = await buildOwner(t.database.db);
  owner = await signInAs(t.app, ownerUser);
  courseId = (await buildCourse(t.database.db, { ownerId: ownerUser.id, published: false })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('a NUL byte', () => {
  it('is the named field’s 400 in the 14 operations that used to pass it to PostgreSQL (8 of them without signing in)', async () => {
    const form = await buildFeedbackForm(t.database.db);
    const cases: { name: string; method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object; headers?: Record<string, string>; field: string }[] = [
      // Without signing in.
      { name: 'sign-in username', method: 'POST', url: '/api/auth/token/', payload: { username: 'a\u0000@example.ru', password: 'secret-123' }, field: 'username' },
      { name: 'payment page', method: 'GET', url: '/api/order/payment/%00/', field: 'order_code' },
      { name: 'form by key', method: 'GET', url: '/api/feedback/%00/', field: 'key' },
      { name: 'application course_slug', method: 'POST', url: `/api/feedback/${form.key}/process/`, payload: { name: 'Анна', phone: '+79161234567', course_slug: 'x\u0000' }, field: 'course_slug' },
      { name: 'order course_slug', method: 'POST', url: '/api/order/request/', payload: { course_slug: '\u0000' }, field: 'course_slug' },
      { name: 'payment link extra_code', method: 'POST', url: '/api/tbank/order/payment_link/', payload: { extra_code: 'a\u0000b' }, field: 'extra_code' },
      { name: 'order send_code', method: 'POST', url: '/api/order/%00/send_code/', field: 'order_code' },
      { name: 'order confirm', method: 'POST', url: '/api/order/a%00/confirm/', payload: { code: '1234' }, field: 'order_code' },
      // Signed in.
      { name: 'order claim', method: 'POST', url: '/api/order/%00/claim/', headers: learner.headers, field: 'order_code' },
      { name: 'order cancel', method: 'POST', url: '/api/user/orders/%00/cancel/', headers: learner.headers, field: 'order_code' },
      { name: 'admin courses search', method: 'GET', url: '/api/admin/courses/?search=%00', headers: owner.headers, field: 'search' },
      { name: 'admin audience search', method: 'GET', url: `/api/admin/courses/${courseId}/audience/?search=a%00`, headers: owner.headers, field: 'search' },
      { name: 'admin progress search', method: 'GET', url: '/api/admin/progress/?search=%00', headers: owner.headers, field: 'search' },
      { name: 'admin course title', method: 'PATCH', url: `/api/admin/courses/${courseId}/`, payload: { title: 'Латте\u0000' }, headers: owner.headers, field: 'title' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: c.method, url: c.url, payload: c.payload, headers: c.headers });
      expect(res.statusCode, c.name).toBe(400);
      expect(res.json(), c.name).toEqual({ [c.field]: [ERROR_TEXTS.badCharacter] });
    }
  });

  it('is refused in multipart fields, nested JSON, keys and jsonb-bound values too', async () => {
    const form = await buildFeedbackForm(t.database.db);
    const data = new FormData();
    data.append('name', 'Ан\u0000на');
    data.append('phone', '+79161234567');
    const request = new Request('http://localhost/', { method: 'POST', body: data });
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/api/feedback/${form.key}/process/`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json()).toEqual({ name: [ERROR_TEXTS.badCharacter] });

    // The bank's notification is stored verbatim as jsonb, where a \u0000 escape cannot go.
    const notification = await t.app.inject({ method: 'POST', url: '/api/tbank/notification/', payload: { OrderId: '1', Details: { note: '\u0000' } } });
    expect(notification.statusCode).toBe(400);
    expect(notification.json()).toEqual({ 'Details.note': [ERROR_TEXTS.badCharacter] });

    const key = await t.app.inject({ method: 'POST', url: '/api/tbank/notification/', payload: { 'a\u0000': 1 } });
    expect(key.json()).toEqual({ [NON_FIELD_ERRORS]: [ERROR_TEXTS.badCharacter] });
  });

  it('and a lone surrogate (no UTF-8 for it, no jsonb escape) are the same error; well-formed text passes the check', () => {
    expect(findBadCharacter({ a: ['ok', { b: '\ud800' }] })).toEqual(['a', '1', 'b']);
    expect(findBadCharacter({ a: 'x\udc00' })).toEqual(['a']);
    expect(findBadCharacter({ a: 'Кофе ☕ 😀', b: [1, null, true], c: '\u0001\u001f' })).toBeNull();
    expect(findBadCharacter('a\u0000')).toEqual([]);
  });

  it('reaching PostgreSQL anyway is a 400 in our shape, as are numbers and texts past a column (the error handler’s backstop)', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const queries: Record<string, string> = { nul: "select $1::text as v", overflow: 'select $1::int4 as v', long: 'select $1::varchar(3) as v' };
    const values: Record<string, string> = { nul: 'a\u0000b', overflow: '99999999999', long: 'abcd' };
    app.get('/:what', async (request) => {
      const { what } = request.params as { what: string };
      // An insert-like cast: varchar(n) refuses a longer value only on assignment, so go through a table.
      if (what === 'long') {
        await t.database.pool.query('create temporary table if not exists short_text (v varchar(3))');
        return (await t.database.pool.query('insert into short_text values ($1) returning v', [values[what]])).rows;
      }
      return (await t.database.pool.query(queries[what]!, [values[what]])).rows;
    });
    await app.ready();
    const expected: Record<string, string> = { nul: ERROR_TEXTS.badCharacter, overflow: ERROR_TEXTS.outOfRange, long: ERROR_TEXTS.tooLong };
    for (const [what, text] of Object.entries(expected)) {
      const res = await app.inject({ method: 'GET', url: `/${what}` });
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({ [NON_FIELD_ERRORS]: [text] });
    }
    await app.close();
  });
});

describe('JSON bodies', () => {
  it('nesting deeper than the limit is refused before parsing; up to it is parsed as usual', async () => {
    expect(jsonDepth('{"a":"[[[[","b":[[1]]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    for (const payload of ['['.repeat(5000) + ']'.repeat(5000), '{"a":'.repeat(JSON_MAX_DEPTH + 1) + '1' + '}'.repeat(JSON_MAX_DEPTH + 1)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/tbank/notification/', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ [NON_FIELD_ERRORS]: [ERROR_TEXTS.tooDeep] });
    }
    // At the limit the body reaches the route: the notification is refused for its content, not its shape.
    const atLimit = '{"a":'.repeat(JSON_MAX_DEPTH - 1) + '1' + '}'.repeat(JSON_MAX_DEPTH - 1);
    const res = await t.app.inject({ method: 'POST', url: '/api/tbank/notification/', headers: { 'content-type': 'application/json' }, payload: atLimit });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Уведомление отклонено.' });
  });

  it('a null or empty body on a route whose 400 is {detail} still answers in our shape, never a serialisation 500', async () => {
    for (const payload of ['null', '', '   ']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/tbank/notification/', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body.detail === 'Уведомление отклонено.' || JSON.stringify(body) === JSON.stringify({ [NON_FIELD_ERRORS]: [ERROR_TEXTS.badJson] }), JSON.stringify(body)).toBe(true);
    }
  });

  it('unknown keys named like Object’s own properties are listed as unknown fields', async () => {
    // `__proto__` and `constructor.prototype` are refused by the JSON parser (prototype poisoning).
    for (const payload of ['{"__proto__":{"admin":true}}', '{"username":"a@example.ru","constructor":{"prototype":{"admin":true}}}']) {
      const poisoned = await t.app.inject({ method: 'POST', url: '/api/auth/token/', headers: { 'content-type': 'application/json' }, payload });
      expect(poisoned.statusCode, payload).toBe(400);
      expect(poisoned.json()).toEqual({ [NON_FIELD_ERRORS]: [ERROR_TEXTS.badJson] });
    }
    for (const key of ['constructor', 'toString', 'hasOwnProperty']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/token/', headers: { 'content-type': 'application/json' }, payload: `{"username":"a@example.ru","password":"x","${key}":{"value":1}}` });
      expect(res.statusCode, key).toBe(400);
      expect(res.json()[key], key).toEqual(['Неизвестное поле.']);
    }
    const form = await buildFeedbackForm(t.database.db);
    const res = await t.app.inject({ method: 'POST', url: `/api/feedback/${form.key}/process/`, headers: { 'content-type': 'application/json' }, payload: '{"name":"Анна","phone":"+79161234567","constructor":1}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().constructor).toEqual(['Неизвестное поле.']);
  });
});

describe('multipart bodies', () => {
  it('a body that is not the multipart it claims to be is a 400 in our shape', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; charset=utf-8', `multipart/form-data; boundary=${'b'.repeat(300)}`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/students/', headers: { ...learner.headers, 'content-type': contentType }, payload: '--x\r\nbroken' });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json(), contentType).toEqual({ [NON_FIELD_ERRORS]: [ERROR_TEXTS.badForm] });
    }
  });
});

describe('numbers', () => {
  it('every number a request may carry is bounded by an int4 column in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    type S = Record<string, unknown>;
    const unbounded: string[] = [];
    const walk = (schema: S | undefined, where: string, seen: Set<string>) => {
      if (!schema || typeof schema !== 'object') return;
      if (typeof schema.$ref === 'string') {
        const name = schema.$ref.split('/').pop()!;
        if (!seen.has(name)) walk(doc.components.schemas[name], `${where}→${name}`, new Set([...seen, name]));
        return;
      }
      const types = ([] as unknown[]).concat(schema.type ?? []);
      if (types.includes('integer') || types.includes('number')) {
        const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
        if (maximum === undefined || maximum > INT4_MAX || minimum === undefined || minimum < -INT4_MAX - 1) unbounded.push(where);
      }
      for (const [key, inner] of Object.entries((schema.properties as Record<string, S>) ?? {})) walk(inner, `${where}.${key}`, seen);
      for (const key of ['items', 'additionalProperties']) if (schema[key] && typeof schema[key] === 'object') walk(schema[key] as S, `${where}[]`, seen);
      for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) for (const inner of (schema[key] as S[]) ?? []) walk(inner, where, seen);
    };
    let numbers = 0;
    const count = JSON.stringify(doc.paths).match(/"type":"(integer|number)"/g)?.length ?? 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: { in: string; name: string; schema: S }[]; requestBody?: { content: Record<string, { schema: S }> } }>>)) {
      for (const [method, op] of Object.entries(item)) {
        for (const p of op.parameters ?? []) walk(p.schema, `${method.toUpperCase()} ${path} ${p.in} ${p.name}`, new Set());
        for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) walk(content.schema, `${method.toUpperCase()} ${path} ${type}`, new Set());
        numbers += 1;
      }
    }
    expect(numbers).toBeGreaterThan(100);
    expect(count).toBeGreaterThan(0);
    expect(unbounded).toEqual([]);
  });

  it('a price past an int4 column is the field’s error; the largest that fits is stored', async () => {
    const patch = (price: number) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/courses/${courseId}/`, headers: owner.headers, payload: { price, old_price: price } });
    for (const price of [INT4_MAX + 1, 100_000_000_00]) {
      const res = await patch(price);
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json()).toEqual({ price: ['Слишком большая цена.'], old_price: ['Слишком большая цена.'] });
    }
    const fits = await patch(INT4_MAX);
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).toMatchObject({ price: INT4_MAX, old_price: INT4_MAX });
  });

  it('ids past int4 in bodies, paths and lists are 400s; pages too', async () => {
    const module = await buildModule(t.database.db, { courseId });
    const order = await t.app.inject({ method: 'POST', url: `/api/admin/courses/${courseId}/modules/set-order/`, headers: owner.headers, payload: { order: [module.id, 99_999_999_999] } });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({ 'order.1': ['Слишком большое число.'] });
    const content = await t.app.inject({ method: 'POST', url: `/api/admin/modules/${module.id}/content/set-order/`, headers: owner.headers, payload: { order: [{ type: 'lesson', id: 2 ** 31 }] } });
    expect(content.json()).toEqual({ 'order.0.id': ['Слишком большое число.'] });
    for (const url of ['/api/admin/courses/?page=99999999999', `/api/admin/courses/${courseId}/audience/?page=1e20`, '/api/admin/progress/?page=2147483648']) {
      const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().page, url).toContain('Слишком большое число.');
    }
    for (const id of ['99999999999', '-1', '0']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/courses/${id}/`, headers: owner.headers });
      expect(res.statusCode, id).toBe(400);
    }
  });
});
