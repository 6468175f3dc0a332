import { serve } from '@hono/node-server';
import { bootstrap } from './bootstrap.ts';
import { readEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';

const env = readEnv();
const logger = createLogger(env.LOG_LEVEL);
const started = await bootstrap(env, logger);
const { app, database, appUrl, dataDir, phases } = started;

let stopping = false;
async function stop(signal: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  server.close();
  await started.stop();
  process.exit(exitCode);
}

const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, () => {
  logger.info({ url: appUrl, database: database.kind, dataDir }, `OPS Security is running on ${appUrl}`);
  logger.debug({ phasesMs: { ...phases, listen: Math.round(performance.now()) } }, 'start-up phases (listen: ms since the process started)');
  // The job queue and PGlite's statistics are set up now that requests can be answered.
  started.afterListening().then(
    (later) => logger.debug({ phasesMs: { ...later, ready: Math.round(performance.now()) } }, 'start-up finished in the background'),
    (err: unknown) => {
      // Without its queue the app would take bookings whose holds never expire: stop, as a failed
      // start did before the queue was deferred, and let the supervisor start it again.
      logger.fatal({ err }, 'the job queue could not start; stopping');
      void stop('job queue failed', 1);
    },
  );
});
// A client (a browser, a proxy, a test's request context) reuses an idle connection; Node's default
// of 5 s closes it on the server's side just as a reused request may be sent on it, and that request
// fails with a reset. Keep idle connections longer than the clients and proxies in front of us (60 s).
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
