import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from '../lib/log-redaction.ts';

/**
 * What a page view brings along besides itself: the built assets, pictures, the icon, and the
 * route data the browser fetches on client-side navigation (`….data`).
 */
const COMPANION = /^\/(assets|media)\/|^\/favicon\.|^\/robots\.txt$|\.data$/;

/** A request the server made to itself (a page's loader calling the API through app.inject). */
const inProcess = (request: FastifyRequest) => '_lightMyRequest' in request.raw;

/**
 * Fastify's per-request logging as one access line per request, written when the answer is sent:
 * `GET /courses/ 200 35 ms`, with the same facts as fields (JSON in production), instead of an
 * 'incoming request' and a 'request completed' line. A page view is one line at info; its assets
 * and data requests and the API calls its loaders make in-process are at debug (`LOG_LEVEL=debug`
 * shows them). A failed answer stays an error with its cause. An answer the client stopped
 * reading (a closed tab, a cancelled navigation or download) is that request's only line, at the
 * same level as its access line, with what was asked: not an error, and never Fastify's bare
 * 'stream closed prematurely'.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const { fields, line } = accessLine(request, reply);
    if (error) reply.log.error({ ...fields, err: error }, line);
    else reply.log[routineLevel(request)](fields, line);
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
    const { fields, line } = accessLine(request, reply);
    // Called before Fastify destroys the answer itself: a destroyed answer is a client gone away.
    const clientLeft = error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.name === 'AbortError' || reply.raw.destroyed;
    if (clientLeft) reply.log[routineLevel(request)]({ ...fields, aborted: true }, `${line}, the client left before the end`);
    else reply.log.error({ ...fields, err: error }, `${line}, the answer broke off`);
  }
}

/** A page view's lines at info; its assets, data requests and in-process API calls at debug. */
function routineLevel(request: FastifyRequest): 'debug' | 'info' {
  return COMPANION.test(request.url.split('?', 1)[0]!) || inProcess(request) ? 'debug' : 'info';
}

/** `GET /courses/ 200 35 ms` and the same as fields; restore tokens, iCal secrets, invitation tokens and order codes redacted. */
function accessLine(request: FastifyRequest, reply: FastifyReply) {
  const ms = Math.round(reply.elapsedTime);
  const url = redactUrl(request.url);
  const fields = { req: { method: request.method, url }, res: { statusCode: reply.statusCode }, responseTime: ms };
  return { fields, line: `${request.method} ${url} ${reply.statusCode} ${ms} ms` };
}
