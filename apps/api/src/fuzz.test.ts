// The API's own fuzzer (decision 0052): every operation of the OpenAPI document, as a guest, a
// learner and a course owner, with a few dozen malformed requests each — wrong types, huge and
// negative ids, 1 MB strings, 5000-deep JSON, NUL and other control characters, unknown fields,
// null and empty bodies, wrong content types. Any 5xx, any answer slower than 5 s and any error
// body outside our two shapes fails the test. The requests follow from one seed, printed at the
// start: `FUZZ_SEED=<seed> npx vitest run --project api apps/api/src/fuzz.test.ts` sends the same
// ones again (`FUZZ_OPS=<regex>` keeps the operations whose "METHOD /path" matches, `FUZZ_LOG=error`
// prints the server's log, `FUZZ_CASES=<n>` changes the number of requests per operation and role).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from './lib/seeded-random.ts';
import { consents, courseGrants, courseLinks, users } from './db/schema/index.ts';
import { createTestApp, type TestContext } from './test/app.ts';
import {
  buildAttempt,
  buildAttribute,
  buildBanner,
  buildCourse,
  buildEnrolment,
  buildFeedbackForm,
  buildGroup,
  buildLesson,
  buildLessonBlock,
  buildMenu,
  buildModule,
  buildOrder,
  buildOwner,
  buildPage,
  buildQuestion,
  buildReview,
  buildStudent,
  buildTest,
  buildUser,
  signInAs,
  unique,
} from './test/factories.ts';

/** Requests per operation and role; with three roles and ~170 operations about 18 700 requests. */
const CASES = Number(process.env.FUZZ_CASES ?? 36);
/** An answer slower than this is a hang. */
const REQUEST_TIMEOUT_MS = 5_000;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) >>> 0 : (Date.now() ^ (process.pid << 16)) >>> 0;
const ONLY = process.env.FUZZ_OPS ? new RegExp(process.env.FUZZ_OPS) : null;

// ---------------------------------------------------------------- a seeded PRNG

type Rng = ReturnType<typeof seededRandom>;
const pick = <T,>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
/** A stable 32-bit hash of a string (FNV-1a), to give each operation and role its own stream. */
function hash(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// ---------------------------------------------------------------- the OpenAPI document

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
};
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  bodyTypes: string[];
  body: Schema | null;
}

// ---------------------------------------------------------------- nasty values

const MB_STRING = 'я'.repeat(400_000) + 'a'.repeat(190_000); // just under the 1 MB body limit as UTF-8
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
/** A marker for a deeply nested array in a value: written out by `toJson` (a real one would overflow the stack here). */
const DEEP = '\u2063';
const DEEP_MARK = new RegExp(`"${DEEP}(\\d+)${DEEP}"`, 'g');
const toJson = (value: unknown) => JSON.stringify(value)?.replace(DEEP_MARK, (_, depth: string) => deepArray(Number(depth)));
const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0007\b\u000b\u000c\u000e\u001f\u007f',
  '\u202e\u200b\ufeff',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(50),
  '',
  '   ',
  '\n\r\t',
  "' or 1=1 --",
  '%00',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '9'.repeat(400),
  '-1',
  '1e309',
  'null',
  'x'.repeat(10_000),
  '{{7*7}}',
  '$(id)',
];
const NASTY_NUMBERS = [
  2_147_483_648, 99_999_999_999, 1e20, -1, -2_147_483_649, 0, 1.5, 2 ** 53 + 2, 1e308, -0, 2 ** 31 - 1, 2 ** 53,
];
const NASTY_PATH = [
  '99999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e3',
  'abc',
  '%00',
  'a%00b',
  '%01%1F',
  '%7F',
  '%E0%A4%A',
  '%FF%FE',
  'null',
  '%20',
  '..%2F..%2Fetc',
  'x'.repeat(480),
  'x'.repeat(600),
  '%D0%AF'.repeat(40),
  '9'.repeat(100),
  "1'%20or%20'1'='1",
];

function nastyValue(rng: Rng): unknown {
  switch (Math.floor(rng() * 9)) {
    case 0:
      return pick(rng, NASTY_STRINGS);
    case 1:
      return pick(rng, NASTY_NUMBERS);
    case 2:
      return pick(rng, [null, true, false, [], {}, [null], [[]], { '': null }]);
    case 3:
      return MB_STRING.slice(0, pick(rng, [1_000, 100_000, MB_STRING.length]));
    case 4:
      return `${DEEP}${pick(rng, [100, 5000])}${DEEP}`;
    case 5:
      return Array.from({ length: pick(rng, [1_000, 20_000]) }, (_, i) => i);
    case 6:
      return { __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } };
    case 7:
      return Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    default:
      return `${pick(rng, NASTY_STRINGS)}${pick(rng, NASTY_STRINGS)}`;
  }
}

// ---------------------------------------------------------------- plausible values from a schema

function makeSampler(doc: { components?: { schemas?: Record<string, Schema> } }) {
  const resolve = (schema: Schema): Schema => {
    let s = schema;
    for (let i = 0; s.$ref && i < 20; i++) s = doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')] ?? {};
    return s;
  };
  const sample = (schema: Schema, rng: Rng, depth = 0): unknown => {
    const s = resolve(schema);
    if (s.const !== undefined) return s.const;
    if (s.enum) return pick(rng, s.enum);
    const union = s.anyOf ?? s.oneOf;
    if (union && union.length > 0) return sample(pick(rng, union), rng, depth);
    if (s.allOf && s.allOf.length > 0) {
      const parts = s.allOf.map((part) => sample(part, rng, depth));
      return parts.every((p) => p && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
    }
    const types = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null') : s.type ? [s.type] : [];
    const type = types.length ? pick(rng, types) : s.properties ? 'object' : 'string';
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(s.properties ?? {})) {
          if (depth > 4 && !s.required?.includes(key)) continue;
          if (s.required?.includes(key) || rng() < 0.7) out[key] = sample(value, rng, depth + 1);
        }
        return out;
      }
      case 'array': {
        if (s.prefixItems) return s.prefixItems.map((item) => sample(item, rng, depth + 1));
        const count = depth > 4 ? (s.minItems ?? 0) : Math.max(s.minItems ?? 0, Math.floor(rng() * 3));
        return Array.from({ length: count }, () => sample(s.items ?? {}, rng, depth + 1));
      }
      case 'integer':
      case 'number': {
        const min = s.minimum ?? 0;
        const max = Math.min(s.maximum ?? 1000, min + 1000);
        return Math.floor(min + rng() * (max - min + 1)) + (min > 0 || s.minimum === undefined ? 0 : 1);
      }
      case 'boolean':
        return rng() < 0.5;
      default:
        if (s.format === 'email') return `fuzz${Math.floor(rng() * 1e9)}@example.ru`;
        if (s.format === 'date-time') return '2030-01-15T10:00:00.000Z';
        if (s.format === 'date') return '2030-01-15';
        if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
        if (s.format === 'uri') return 'https://example.ru/x';
        return pick(rng, ['Кофе', 'espresso', '79161234567', 'Иванова', '1', 'true', 'slug-1']).slice(0, s.maxLength ?? 100);
    }
  };
  return { resolve, sample };
}

/** Every place of a value (object keys, array indexes), for replacing one of them. */
function placesIn(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const place = [...path, Array.isArray(value) ? Number(key) : key];
      out.push(place);
      placesIn(inner, place, out);
    }
  }
  return out;
}
function replaceAt(value: unknown, place: (string | number)[], next: unknown): unknown {
  if (place.length === 0) return next;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[place[0]!] = replaceAt(copy[place[0]!], place.slice(1), next);
  return copy;
}

/** A multipart/form-data body: text fields, and optionally one file part. */
function multipart(fields: Record<string, string>, file?: { name: string; content: string }) {
  const boundary = '----fuzz' + hash(JSON.stringify(fields)).toString(16);
  let body = '';
  for (const [name, value] of Object.entries(fields)) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  if (file) body += `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${file.content}\r\n`;
  body += `--${boundary}--\r\n`;
  return { payload: body, contentType: `multipart/form-data; boundary=${boundary}` };
}
const asFormValue = (value: unknown): string => {
  if (typeof value !== 'string') return toJson(value) ?? '';
  const deep = new RegExp(`^${DEEP}(\\d+)${DEEP}$`).exec(value);
  return deep ? deepArray(Number(deep[1])) : value;
};

// ---------------------------------------------------------------- the world the ids come from

type Db = TestContext['database']['db'];

/** Things of every kind a path names, made fresh for each operation: a deletion never starves the next one. */
async function buildWorld(db: Db) {
  const owner = await buildOwner(db);
  const learner = await buildUser(db);
  const course = await buildCourse(db, { ownerId: owner.id });
  const module = await buildModule(db, { courseId: course.id });
  const lesson = await buildLesson(db, { moduleId: module.id });
  await buildLessonBlock(db, { lessonId: lesson.id });
  const test = await buildTest(db, { courseId: course.id, moduleId: module.id });
  const question = await buildQuestion(db, { testId: test.id, answers: [{ isCorrect: true }, { isCorrect: false }] });
  const enrolment = await buildEnrolment(db, { userId: learner.id, courseId: course.id });
  const attempt = await buildAttempt(db, { userCourseId: enrolment.id, testId: test.id, score: 50, finishedAt: new Date() });
  const group = await buildGroup(db, {
    courseId: course.id,
    memberIds: [enrolment.id],
    sessions: [{ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000), lessonId: lesson.id }],
  });
  const student = await buildStudent(db, { userId: learner.id });
  const [consent] = await db.insert(consents).values({ userId: learner.id, kind: 'advertising', version: 1 }).returning();
  const [link] = await db.insert(courseLinks).values({ courseId: course.id, token: unique('link').replace(/-/g, '') }).returning();
  const [grant] = await db.insert(courseGrants).values({ courseId: course.id, email: `${unique('grant')}@example.ru` }).returning();
  const [learnerRow] = await db.select({ email: users.email }).from(users).where(eq(users.id, learner.id));
  const guestOrder = await buildOrder(db, { courseId: course.id, payerEmail: learnerRow!.email });
  const learnerOrder = await buildOrder(db, { courseId: course.id, userId: learner.id });
  const form = await buildFeedbackForm(db);
  const page = await buildPage(db);
  const menu = await buildMenu(db, { items: [{ title: 'Курсы' }] });
  const banner = await buildBanner(db);
  const attribute = await buildAttribute(db, { values: ['Онлайн'] });
  const review = await buildReview(db, { courseId: course.id });
  return {
    owner,
    learner,
    params(path: string, name: string): string {
      const under = (prefix: string) => path.startsWith(prefix);
      switch (name) {
        case 'order_code':
          return under('/api/user/orders/') ? learnerOrder.code : guestOrder.code;
        case 'key':
          return under('/api/feedback/') ? form.key : menu.key;
        case 'slug':
          return under('/api/pages/') ? page.slug : 'privacy';
        case 'bank':
          return 'tbank';
        case 'provider':
          return 'vk';
        case 'token':
          return link!.token;
        case 'version':
          return '1';
        case 'lessonId':
          return String(lesson.id);
        case 'testId':
          return String(test.id);
        case 'moduleId':
          return String(module.id);
        case 'attemptId':
          return String(attempt.id);
        case 'scheduleId':
          return String(group.sessions[0]!.id);
        case 'qid':
          return String(question.id);
        case 'aid':
          return String(question.answers[0]!.id);
        case 'linkId':
          return String(link!.id);
        case 'userCourseId':
          return String(enrolment.id);
        case 'grantId':
          return String(grant!.id);
      }
      const byPrefix: [string, number | string][] = [
        ['/api/banners/', banner.id],
        ['/api/courses/', course.slug],
        ['/api/attributes/', attribute.id],
        ['/api/reviews/', review.id],
        ['/api/user/students/', student.id],
        ['/api/user/consents/', consent!.id],
        ['/api/user/course/statistic/testing/', test.id],
        ['/api/user/course/statistic/lesson/', lesson.id],
        ['/api/user/course', enrolment.id],
        ['/api/group_schedule/', group.id],
        ['/api/user/groups/', group.id],
        ['/api/admin/courses/', course.id],
        ['/api/admin/modules/', module.id],
        ['/api/admin/lessons/', lesson.id],
        ['/api/admin/tests/', test.id],
      ];
      return String(byPrefix.find(([prefix]) => under(prefix))?.[1] ?? course.id);
    },
  };
}

// ---------------------------------------------------------------- one request and its verdict

interface FuzzRequest {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const isDetail = (body: unknown) =>
  !!body && typeof body === 'object' && !Array.isArray(body) && typeof (body as { detail?: unknown }).detail === 'string' && Object.keys(body).length === 1;
const isFieldErrors = (body: unknown) =>
  !!body &&
  typeof body === 'object' &&
  !Array.isArray(body) &&
  Object.keys(body).length > 0 &&
  Object.values(body).every((v) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string' && m.length > 0));

/** Why an answer is wrong, or null when it is fine. A HEAD answer has no body by HTTP: its status and type are what it says. */
function verdict(status: number, contentType: string | undefined, body: string, method = 'GET'): string | null {
  if (status >= 500) return `status ${status}: ${body.slice(0, 200)}`;
  if (status < 400) return null;
  if (method === 'HEAD') return body === '' ? null : `status ${status}: a HEAD answer with a body`;
  if (!contentType?.startsWith('application/json')) return `status ${status}, content-type ${contentType}: ${body.slice(0, 120)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `status ${status}, not JSON: ${body.slice(0, 120)}`;
  }
  if (isDetail(parsed) || isFieldErrors(parsed)) return null;
  return `status ${status}, body outside our shapes: ${body.slice(0, 200)}`;
}

// ---------------------------------------------------------------- the cases of one operation

function casesFor(op: Operation, world: Awaited<ReturnType<typeof buildWorld>>, auth: Record<string, string>, rng: Rng, sampler: ReturnType<typeof makeSampler>) {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const takesBody = op.method !== 'GET';

  const url = (overrides: Record<string, string> = {}, query = '') =>
    op.path.replace(/\{([^}]+)\}/g, (_, name: string) => overrides[name] ?? encodeURIComponent(world.params(op.path, name))) +
    (query ? `?${query}` : '');
  const validQuery = () =>
    queryParams
      .filter((p) => p.required || rng() < 0.3)
      .map((p) => {
        const value = sampler.sample(p.schema ?? {}, rng);
        return (Array.isArray(value) ? value : [value]).map((v) => `${encode(p.name)}=${encode(asFormValue(v))}`).join('&');
      })
      .filter(Boolean)
      .join('&');
  const validBody = () => (op.body ? sampler.sample(op.body, rng) : {});
  const json = (kind: string, payload: string, extra: Partial<FuzzRequest> = {}): FuzzRequest => ({
    kind,
    method: op.method,
    url: url(),
    headers: { ...auth, 'content-type': 'application/json' },
    payload,
    ...extra,
  });

  type Make = () => FuzzRequest;
  const makers: Record<string, Make> = {
    valid: () => (takesBody ? json('valid', toJson(validBody())!, { url: url({}, validQuery()) }) : { kind: 'valid', method: op.method, url: url({}, validQuery()), headers: auth }),
  };
  if (pathParams.length) {
    makers.path = () => {
      const param = pick(rng, pathParams);
      const value = pick(rng, NASTY_PATH);
      return { kind: `path ${param.name}=${value.slice(0, 40)}`, method: op.method, url: url({ [param.name]: value }), headers: auth };
    };
  }
  makers.query = () => {
    const name = queryParams.length && rng() < 0.8 ? pick(rng, queryParams).name : pick(rng, ['unknown', 'page', 'search', '__proto__']);
    const raw = rng() < 0.5 ? encode(asFormValue(nastyValue(rng)).slice(0, 20_000)) : pick(rng, NASTY_PATH);
    const repeat = rng() < 0.2 ? `&${name}=${raw}` : '';
    const base = validQuery();
    return { kind: `query ${name}=${decodeURIComponentSafe(raw).slice(0, 40)}`, method: op.method, url: url({}, `${base ? base + '&' : ''}${name}=${raw}${repeat}`), headers: auth };
  };
  if (takesBody) {
    makers.field = () => {
      const body = validBody();
      const places = placesIn(body);
      const nasty = nastyValue(rng);
      if (!places.length || rng() < 0.15) {
        const key = pick(rng, ['unknown_field', '__proto__', 'constructor', '', 'a'.repeat(1000), '\u0000']);
        const extended = body && typeof body === 'object' && !Array.isArray(body) ? { ...body, [key]: nasty } : { [key]: nasty };
        return json(`field ${key.slice(0, 20)} (extra)`, toJson(extended)!);
      }
      const place = pick(rng, places);
      return json(`field ${place.join('.')}=${show(nasty)}`, toJson(replaceAt(body, place, nasty))!);
    };
    makers.body = () => {
      const raw = pick(rng, [
        'null',
        '[]',
        '"text"',
        '0',
        'true',
        '{}',
        deepArray(5000),
        deepObject(5000),
        '{"a":',
        '{"a":1}}',
        '\u0000',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
        `"${'a'.repeat(2_000_000)}"`,
        '[' + '1,'.repeat(200_000) + '1]',
        '{"a":"\\u0000"}',
        '{"a":"\\ud800"}',
        '\ufeff{}',
      ]);
      return json(`body ${raw.slice(0, 24)}`, raw);
    };
    makers.contentType = () => {
      const body = JSON.stringify(validBody());
      const [type, payload] = pick(rng, [
        ['text/plain', body],
        ['application/xml', '<a>1</a>'],
        ['application/x-www-form-urlencoded', 'a=1&b=%00'],
        ['application/octet-stream', '\u0000\u0001\u0002'],
        ['multipart/form-data', body],
        ['multipart/form-data; boundary=x', '--x\r\nbroken'],
        ['application/json; charset=latin1', body],
        ['application/json; charset=utf-16', body],
        ['application/JSON', body],
        ['', body],
        ['application/json', ''],
        ['*/*', body],
      ] as const);
      const headers: Record<string, string> = { ...auth };
      if (type) headers['content-type'] = type;
      return { kind: `content-type '${type}' (${payload.length} bytes)`, method: op.method, url: url(), headers, payload };
    };
    makers.multipart = () => {
      const body = validBody();
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(body && typeof body === 'object' ? body : {})) fields[key] = asFormValue(value);
      const keys = Object.keys(fields);
      const target = keys.length && rng() < 0.8 ? pick(rng, keys) : 'unknown_field';
      fields[target] = asFormValue(nastyValue(rng)).slice(0, pick(rng, [100, 100_000, 900_000]));
      const withFile = rng() < 0.2 ? { name: pick(rng, [...keys, 'file']), content: 'plain text' } : undefined;
      const { payload, contentType } = multipart(fields, withFile);
      return {
        kind: `multipart ${target}=${show(fields[target])}${withFile ? ' + file' : ''}`,
        method: op.method,
        url: url(),
        headers: { ...auth, 'content-type': contentType },
        payload,
      };
    };
  }

  // A header the operation documents (Idempotency-Key) with a value that is not what it takes.
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  if (headerParams.length && takesBody) {
    makers.header = () => {
      const name = pick(rng, headerParams).name;
      const value = pick(rng, ['not-a-uuid', ' ', '00000000-0000-0000-0000-00000000000g', 'a'.repeat(8000), '{"a":1}', '%00', '1b4e28ba-2fa1-11d2-883f-0016d3cca427, 1b4e28ba-2fa1-11d2-883f-0016d3cca428']);
      const request = json(`header ${name}=${value.slice(0, 40)}`, toJson(validBody())!);
      return { ...request, headers: { ...request.headers, [name]: value } };
    };
  }

  // The structural cases every operation gets once, then random ones up to CASES.
  const fixed: FuzzRequest[] = [makers.valid!()];
  if (makers.header) fixed.push(makers.header());
  if (makers.path) fixed.push(makers.path());
  if (takesBody) {
    fixed.push(json('body null', 'null'), json('body 5000-deep array', deepArray(5000)), json('body empty', ''), makers.contentType!());
  }
  const kinds = Object.keys(makers).filter((k) => k !== 'valid');
  const cases = fixed.slice(0, CASES);
  while (cases.length < CASES) cases.push(makers[pick(rng, kinds)]!());
  return cases;
}

/** encodeURIComponent that also writes lone surrogates (as the invalid UTF-8 bytes %ED%A0%80). */
function encode(value: string) {
  return value
    .split(/([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/)
    .map((part, i) => (i % 2 === 1 ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}
function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
function show(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 30)}…(${text.length})` : text;
}

// ---------------------------------------------------------------- the run

describe('the API under malformed input', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Limits high enough that the fuzzer's requests reach the code behind them.
    t = await createTestApp({
      AUTH_CODES_PER_IP_HOUR: '100000',
      ORDERS_PER_IP_HOUR: '100000',
      QUIZ_SAVES_PER_MINUTE: '100000',
      // `FUZZ_LOG=error` shows the server's own account of each failure next to the request.
      ...(process.env.FUZZ_LOG ? { LOG_LEVEL: process.env.FUZZ_LOG } : {}),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it(
    'answers every documented operation without a 5xx, within 5 s, in our error shapes',
    async () => {
      const started = Date.now();
      console.warn(`fuzz: seed ${SEED} (replay: FUZZ_SEED=${SEED})`);
      const docResponse = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(docResponse.statusCode).toBe(200);
      const doc = docResponse.json();
      const sampler = makeSampler(doc);
      // The document lists the API only: the `/dev/` stand-ins (mailbox, test bank, captcha,
      // social sign-in) are hidden from it and never run in production, so they are not walked.
      const operations: Operation[] = [];
      for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>)) {
        for (const [method, op] of Object.entries(item)) {
          const content = op.requestBody?.content ?? {};
          operations.push({
            method: method.toUpperCase(),
            path,
            parameters: op.parameters ?? [],
            bodyTypes: Object.keys(content),
            body: content['application/json']?.schema ?? Object.values(content)[0]?.schema ?? null,
          });
        }
      }
      expect(operations.length).toBeGreaterThan(100);
      const selected = operations.filter((op) => !ONLY || ONLY.test(`${op.method} ${op.path}`));
      expect(selected.length).toBeGreaterThan(0);

      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let sent = 0;
      for (const op of selected) {
        const world = await buildWorld(t.database.db);
        const roles: [string, Record<string, string>][] = [
          ['guest', {}],
          ['learner', (await signInAs(t.app, world.learner)).headers],
          ['owner', (await signInAs(t.app, world.owner)).headers],
        ];
        for (const [role, auth] of roles) {
          const rng = seededRandom(SEED ^ hash(`${op.method} ${op.path} ${role}`));
          for (const request of casesFor(op, world, auth, rng, sampler)) {
            sent += 1;
            let timer: NodeJS.Timeout | undefined;
            const timeout = new Promise<'timeout'>((resolve) => {
              timer = setTimeout(() => resolve('timeout'), REQUEST_TIMEOUT_MS);
            });
            const answer = await Promise.race([
              t.app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload }).catch((error: Error) => error),
              timeout,
            ]);
            clearTimeout(timer);
            const where = `${op.method} ${op.path} as ${role}, ${request.kind} (${request.method} ${request.url.slice(0, 120)})`;
            if (answer === 'timeout') {
              failures.push(`${where}: no answer in ${REQUEST_TIMEOUT_MS} ms`);
              continue;
            }
            if (answer instanceof Error) {
              failures.push(`${where}: inject failed: ${answer.message}`);
              continue;
            }
            statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
            const wrong = verdict(answer.statusCode, answer.headers['content-type'] as string | undefined, answer.body, request.method);
            if (wrong) failures.push(`${where}: ${wrong}`);
            // A malformed header is refused as such, in Russian (unless the caller is refused first).
            else if (request.kind.startsWith('header ') && !(answer.statusCode === 400 && /[а-я]/i.test(answer.body)) && ![401, 403].includes(answer.statusCode)) {
              failures.push(`${where}: a malformed header answered ${answer.statusCode}: ${answer.body.slice(0, 120)}`);
            }
          }
        }
      }
      const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
      console.warn(
        `fuzz: ${selected.length} operations × 3 roles × ${CASES} cases = ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
          `${failures.length} failures; statuses ${histogram}; seed ${SEED}`,
      );
      if (failures.length) console.error(`fuzz failures (seed ${SEED}):\n${failures.slice(0, 200).join('\n')}`);
      expect(failures, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
    },
    // Bounded to finish in a few minutes on a busy two-core machine.
    480_000,
  );
});
