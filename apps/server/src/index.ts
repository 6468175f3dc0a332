import { serve } from '@hono/node-server';
import { bootstrap } from './bootstrap.ts';
import { readEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';

const env = readEnv();
const logger = createLogger(env.LOG_LEVEL);
const { app, database, jobs, appUrl, dataDir } = await bootstrap(env, logger);

const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, () => {
  logger.info({ url: appUrl, database: database.kind, dataDir }, `OPS Security is running on ${appUrl}`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  server.close();
  await jobs.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
