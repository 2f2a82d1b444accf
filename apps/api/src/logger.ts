import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';
import { redactUrl, scrubError } from './lib/log-redaction.ts';

/**
 * What every log line goes through (lib/log-redaction.ts): a request's address (`req.url`, a
 * page error's `url`) without its secrets — restore tokens, iCal secrets, invitation tokens,
 * order codes — and an error (`err`) without the values of a failed query.
 */
export const LOG_SERIALIZERS = {
  req: (req: unknown) => {
    if (req === null || typeof req !== 'object') return req;
    const plain = req as Record<string, unknown> & { socket?: { remotePort?: number } };
    // A Fastify request itself: the fields Fastify's own serializer takes, the address redacted.
    if ('raw' in plain) {
      return { method: plain.method, url: redactUrl(plain.url), host: plain.host, remoteAddress: plain.ip, remotePort: plain.socket?.remotePort };
    }
    return 'url' in plain ? { ...plain, url: redactUrl(plain.url) } : plain;
  },
  url: (url: unknown) => redactUrl(url),
  err: (err: unknown) => scrubError(pino.stdSerializers.err(err as Error)),
} satisfies LoggerOptions['serializers'];

/**
 * The process logger. In development, readable lines (`12:03:04 INFO: GET /courses/ 200 35 ms`)
 * through pino-pretty; in production and tests, one JSON object per line for log collectors.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>, destination?: DestinationStream): Logger {
  const options: LoggerOptions = { level: config.logLevel, serializers: LOG_SERIALIZERS };
  if (config.nodeEnv !== 'development') return destination ? pino(options, destination) : pino(options);
  const stream = pretty({
    destination: destination ?? 1,
    colorize: destination ? false : process.stdout.isTTY === true,
    // Synchronous, so the last lines before process.exit ('stopped') are not lost.
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    // The access line's message already says what these fields say.
    ignore: 'pid,hostname,reqId,req,res,responseTime,aborted',
  });
  return pino(options, stream);
}
