import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';

/**
 * What the app and its services are built from. Lives apart from app.ts so services can take it
 * without importing the app (which imports them): this module imports no module code.
 */
export interface AppDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  /** True when the database is the embedded server this process started. */
  embeddedDatabase?: boolean;
  /** Mounts the server-rendered site; absent in API-only tests. */
  web?: (app: FastifyInstance) => Promise<void>;
  /** The process logger (server.ts); tests and tools get one from `config.logLevel`. */
  logger?: FastifyBaseLogger;
}

type LogFn = (object: object, message?: string) => void;
/** The logging services need (pino's shape, so the app's logger or a child of it fits). */
export interface Logger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}
