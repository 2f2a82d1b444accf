// Entry point: read config, start the database, build the app, listen, shut down cleanly.
import { fromEnvFile } from './load-env.ts';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { startDatabase } from './db/start.ts';
import { ensureDemoMedia } from './modules/media/demo.ts';
import { createStorage } from './modules/media/storage.ts';
import { createMailWorker } from './modules/mail/worker.ts';
import { loadWebBuild, mountWeb } from './web/ssr.ts';
import { createLogger } from './logger.ts';
import { backgroundJobs } from './background-jobs.ts';
import { startMetricsServer } from './lib/metrics.ts';

const config = loadConfigOrExit();

const log = createLogger(config);
if (fromEnvFile) log.info(`.env: ${fromEnvFile.length ? fromEnvFile.join(', ') : 'nothing new'}`);
const webBuild = await loadWebBuild().catch((error: Error) => {
  log.fatal(error.message);
  process.exit(1);
});
const database = await startDatabase(config, log).catch(async (error: unknown) => {
  log.fatal({ err: error }, 'database start failed');
  process.exit(1);
});

// The demo school's pictures, drawn once before listening (never in a request); a failure only
// leaves the demo without pictures.
if (config.seedDemo) {
  await ensureDemoMedia(createStorage(config), log).catch((error: unknown) => log.error({ err: error }, 'demo media failed'));
}

const app = await buildApp({
  config,
  db: database.db,
  pool: database.pool,
  embeddedDatabase: database.embedded,
  web: mountWeb(webBuild),
  logger: log,
});

// Without SMTP_URL (never in production: config refuses it) letters stay in the outbox, read at /dev/mail/.
const mailWorker = config.smtpUrl
  ? createMailWorker({
      db: database.db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: log.child({ module: 'mail' }),
      pollIntervalMs: config.mailPollIntervalMs,
      maxAttempts: config.mailMaxAttempts,
    })
  : undefined;

// Keeps DATA_DIR/cache/images under IMAGE_CACHE_MAX_MB: a sweep now, then hourly.
const stopSweeping = app.media.startSweeping();
// Reconciliation, sweeps and pruning: each tick runs in one process of all that share the
// database; started once the server listens (the test bank answers on this same server).
const jobs = backgroundJobs({ config, db: database.db, orders: app.orders, log: log.child({ module: 'jobs' }) });

// GET /metrics on its own address when METRICS_PORT is set (decision 0075); started before the
// site listens, so a port already taken stops the start like PORT does.
const metricsServer = config.metrics
  ? await startMetricsServer({ ...config.metrics, metrics: app.metrics, log }).catch(async (error: unknown) => {
      log.fatal({ err: error }, 'metrics listen failed');
      await database.shutdown().catch(() => {});
      process.exit(1);
    })
  : undefined;
if (metricsServer) log.info(`metrics: ${metricsServer.url}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  // Readiness answers 503 from now on, so the proxy sends new requests elsewhere; then close.
  app.lifecycle.stopping = true;
  log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    log.error('shutdown timed out, exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  timer.unref();
  try {
    stopSweeping();
    await jobs.stop();
    // Stops accepting connections and waits for in-flight requests.
    await app.close();
    await metricsServer?.close();
    // Lets the letters being sent finish and be marked, so none is sent twice after a restart.
    await mailWorker?.stop();
    await database.shutdown();
    log.info('stopped');
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const address = await app.listen({ host: config.host, port: config.port });
  log.info(`Crema работает: ${address}/`);
  jobs.start();
  if (mailWorker) mailWorker.start();
  else log.info(`SMTP_URL не задан: письма не отправляются, они видны на ${address}/dev/mail/`);
} catch (error) {
  log.fatal({ err: error }, 'listen failed');
  await database.shutdown().catch(() => {});
  process.exit(1);
}
