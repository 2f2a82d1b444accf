import type { Config } from '../config.ts';
import { openDatabase, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrateDatabase } from './migrate.ts';
import { seedDatabase } from './seed/index.ts';

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface RunningDatabase extends Database {
  embedded: boolean;
  /** Closes the pool, then stops the embedded server if we started one. */
  shutdown(): Promise<void>;
}

/**
 * Connects to DATABASE_URL or starts the embedded server, applies migrations and, on an
 * empty database, seeds the demo school.
 */
export async function startDatabase(
  config: Config,
  log: Logger,
  options: { seed?: boolean } = {},
): Promise<RunningDatabase> {
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        database: 'crema',
        log,
      });
  const url = config.databaseUrl ?? embedded!.url;
  const database = openDatabase(url, {
    max: config.databasePoolMax,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    onIdleError: (error) => log.warn({ err: error }, 'idle database connection failed'),
  });
  try {
    await migrateDatabase(database.pool);
    if (options.seed ?? config.seedDemo) {
      const { seeded } = await seedDatabase(database.db, config.secretKey);
      if (seeded) log.info({}, 'demo content seeded');
    }
  } catch (error) {
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
  return {
    ...database,
    embedded: embedded !== null,
    async shutdown() {
      await database.close();
      if (embedded) await embedded.stop();
    },
  };
}
