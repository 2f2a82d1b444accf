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
 * shows them). A failed answer stays an error with its cause.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const path = request.url.split('?', 1)[0]!;
    const ms = Math.round(reply.elapsedTime);
    // Restore tokens, iCal secrets, invitation tokens and order codes never reach the log.
    const url = redactUrl(request.url);
    const fields = { req: { method: request.method, url }, res: { statusCode: reply.statusCode }, responseTime: ms };
    const line = `${request.method} ${url} ${reply.statusCode} ${ms} ms`;
    if (error) reply.log.error({ ...fields, err: error }, line);
    else reply.log[COMPANION.test(path) || inProcess(request) ? 'debug' : 'info'](fields, line);
  }
}
