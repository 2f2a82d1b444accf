import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

/**
 * The process logger. In development, readable lines (`12:03:04 INFO: GET /courses/ 200 35 ms`)
 * through pino-pretty; in production and tests, one JSON object per line for log collectors.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>, destination?: DestinationStream): Logger {
  if (config.nodeEnv !== 'development') return destination ? pino({ level: config.logLevel }, destination) : pino({ level: config.logLevel });
  const stream = pretty({
    destination: destination ?? 1,
    colorize: destination ? false : process.stdout.isTTY === true,
    // Synchronous, so the last lines before process.exit ('stopped') are not lost.
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    // The access line's message already says what these fields say.
    ignore: 'pid,hostname,reqId,req,res,responseTime',
  });
  return pino({ level: config.logLevel }, stream);
}
