import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { detailErrorSchema } from '@crema/contract';
import type { Executor } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { createSealedBox, personalDataKeyRing, type SealedBox } from '../lib/sealed.ts';
import { KNOWN_DEVICE_COOKIE } from '../modules/auth/devices.ts';

// Idempotency keys (decision 0078). A route that creates or charges something declares
// `config.idempotent`; the browser sends a fresh UUID per submission in `Idempotency-Key` and
// resends it when the answer is lost (a process killed mid-request, a 502 from nginx). The first
// request with a key runs and its successful answer is stored; the same key and body again get
// that answer back (`Idempotent-Replayed: true`); the same key while the first still runs, 409;
// with another body, 422. Keys are per caller (the user, else the guest's device cookie, else
// the route alone — a random UUID is no one else's) and per route, kept KEY_TTL.
// The answer is stored after the effect's transaction has committed, so a process dying in
// between leaves the key running: orders and payments also write the key with their row
// (`request.idempotencyKey`), and a retry finds that row instead of making a second one.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** Sent with the 409 of a key still running, so the browser knows to wait and resend it. */
export const RUNNING_HEADER = 'idempotency-key-status';

/** How long a key and its answer are kept. */
export const KEY_TTL_S = 24 * 3600;
/**
 * How long a running key is the first request's: after that it is taken to have died with its
 * process and the next request with the key runs (orders and payments find their row by the key).
 */
export const LEASE_S = 30;

export const IDEMPOTENCY_TEXTS = {
  badKey: 'Заголовок Idempotency-Key должен быть UUID, например 1b4e28ba-2fa1-11d2-883f-0016d3cca427.',
  running: 'Этот запрос ещё выполняется. Подождите несколько секунд и повторите.',
  otherBody: 'Ключ Idempotency-Key уже использован для другого запроса. Обновите страницу и отправьте форму ещё раз.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const headerSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(UUID, { error: IDEMPOTENCY_TEXTS.badKey })
    .optional()
    .describe(
      'UUID, новый для каждой отправки. Повтор с тем же ключом и тем же телом возвращает сохранённый ответ ' +
        '(заголовок Idempotent-Replayed: true) и ничего не делает второй раз; пока первый запрос выполняется — 409 ' +
        '(Retry-After); тот же ключ с другим телом — 422. Ключ хранится сутки.',
    ),
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route creates or charges something: it honours `Idempotency-Key` (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /**
     * The caller's idempotency key as the domain writes it with its row (a digest of the caller's
     * scope, the route and the key); null without a key.
     */
    idempotencyKey: string | null;
  }
}

interface Stored {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/** The headers of an answer a replay repeats (the session an order's confirmation sets, among them). */
const KEPT_HEADERS = ['content-type', 'set-cookie', 'location'];
const CLAIMED = Symbol('idempotency claimed');
type Claimed = FastifyRequest & { [CLAIMED]?: { id: string; lease: string; done: boolean } };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function scopeOf(request: FastifyRequest): string {
  if (request.actor?.user) return `user:${request.actor.user.id}`;
  const device = request.cookies?.[KNOWN_DEVICE_COOKIE];
  return device ? `device:${sha256(device)}` : 'route';
}

/** Deletes keys past their time (the scheduler runs it hourly); how many went. */
export async function pruneIdempotencyKeys(db: Executor, now: Date = new Date()): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now)).returning({ id: idempotencyKeys.id });
  return gone.length;
}

/** Registers the mechanism; call before the compression plugin, so the stored answer is the plain one. */
export function registerIdempotency(app: FastifyInstance): void {
  const { db, config } = app.deps;
  const box: SealedBox = createSealedBox(personalDataKeyRing(config.secretKey, config.secretKeyPrevious));
  const context = (id: string) => `idempotency_keys.response:${id}`;
  app.decorateRequest('idempotencyKey', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const methods = [route.method].flat();
    if (methods.some((m) => m === 'GET' || m === 'HEAD')) throw new Error(`${route.url}: a GET is idempotent already (config.idempotent)`);
    const schema: FastifySchema = (route.schema ??= {});
    if (schema.headers) throw new Error(`${route.url}: config.idempotent declares the route's headers`);
    schema.headers = headerSchema;
    const response = (schema.response ??= {}) as Record<string, unknown>;
    response[409] ??= detailErrorSchema;
    response[422] = detailErrorSchema.describe('Тот же Idempotency-Key с другим телом запроса');
    route.preHandler = [...[route.preHandler ?? []].flat(), claim];
  });

  async function claim(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string' || key === '') return;
    const id = sha256(`${scopeOf(request)}\n${request.method} ${request.routeOptions.url}\n${key.toLowerCase()}`);
    const hash = sha256(JSON.stringify([request.params ?? null, request.query ?? null, request.body ?? null]));
    const lease = sql`now() + make_interval(secs => ${LEASE_S})`;
    // The claim's own lease (as text: microseconds kept) marks the row as this request's, so a
    // request whose key was taken over after its lease stores and lets go nothing of the other's.
    const leaseText = sql<string>`${idempotencyKeys.lockedUntil}::text`;
    let mine: string | undefined;
    for (let round = 0; mine === undefined && round < 2; round += 1) {
      const [taken] = await db
        .insert(idempotencyKeys)
        .values({ id, requestHash: hash, lockedUntil: lease, expiresAt: sql`now() + make_interval(secs => ${KEY_TTL_S})` })
        .onConflictDoNothing()
        .returning({ lease: leaseText });
      if (taken) {
        mine = taken.lease;
        break;
      }
      const [row] = await db
        .select({
          requestHash: idempotencyKeys.requestHash,
          status: idempotencyKeys.status,
          response: idempotencyKeys.response,
          waitS: sql<number>`greatest(1, ceil(extract(epoch from ${idempotencyKeys.lockedUntil} - now())))::int`,
        })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.id, id));
      // Let go by a first request that failed (or pruned) this very moment: take it again.
      if (!row) continue;
      if (row.requestHash !== hash) return reply.code(422).send({ detail: IDEMPOTENCY_TEXTS.otherBody });
      if (row.status === 'done' && row.response) {
        const stored = JSON.parse(box.open(row.response, context(id))) as Stored;
        return reply.code(stored.status).headers({ ...stored.headers, [REPLAYED_HEADER]: 'true' }).send(stored.body);
      }
      // Still running — or its process died: past the lease the next request takes it over.
      const [over] = await db
        .update(idempotencyKeys)
        .set({ lockedUntil: lease })
        .where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.status, 'running'), lt(idempotencyKeys.lockedUntil, sql`now()`)))
        .returning({ lease: leaseText });
      if (!over) {
        return reply
          .code(409)
          .headers({ 'retry-after': String(row.waitS), [RUNNING_HEADER]: 'running' })
          .send({ detail: IDEMPOTENCY_TEXTS.running });
      }
      mine = over.lease;
    }
    // Twice let go under our feet: run without the key's protection rather than fail.
    if (mine === undefined) return;
    (request as Claimed)[CLAIMED] = { id, lease: mine, done: false };
    request.idempotencyKey = id;
  }

  // A successful answer is stored for replays; any other lets the key go (nothing was made: a
  // retry runs again). Before compression, so the stored body is the plain JSON.
  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = (request as Claimed)[CLAIMED];
    if (!claimed || claimed.done) return payload;
    claimed.done = true;
    const status = reply.statusCode;
    if (status >= 200 && status < 300 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const headers: Stored['headers'] = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.map(String) : String(value);
      }
      const stored: Stored = { status, headers, body: payload.toString() };
      await db
        .update(idempotencyKeys)
        .set({ status: 'done', responseStatus: status, response: box.seal(JSON.stringify(stored), context(claimed.id)) })
        .where(ours(claimed));
    } else {
      await release(claimed);
    }
    return payload;
  });
  // An answer that never reached onSend (the connection went first): the key is let go.
  app.addHook('onResponse', async (request) => {
    const claimed = (request as Claimed)[CLAIMED];
    if (claimed && !claimed.done) {
      claimed.done = true;
      await release(claimed);
    }
  });

  /** The row while it is still this request's claim (not taken over since). */
  const ours = (claimed: { id: string; lease: string }) =>
    and(eq(idempotencyKeys.id, claimed.id), eq(idempotencyKeys.status, 'running'), sql`${idempotencyKeys.lockedUntil}::text = ${claimed.lease}`);

  async function release(claimed: { id: string; lease: string }) {
    await db.delete(idempotencyKeys).where(ours(claimed));
  }
}
