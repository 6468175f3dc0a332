/** Chooses the real adapter when its configuration is present, else the offline default, and says which. */
import { join } from 'node:path';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import { createDiskFileStore } from './files/disk-file-store.ts';
import type { FileStore } from './files/file-store.ts';
import { createIntaSendProvider } from './payments/intasend.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { createSandboxProvider } from './payments/sandbox.ts';
import { createDbSandboxStore } from './payments/sandbox-db-store.ts';
import { createAfricasTalkingSms } from './sms/africas-talking.ts';
import { createOutboxSms } from './sms/outbox-sms.ts';
import type { SmsSender } from './sms/sms-sender.ts';

export function createPaymentProvider(env: Env, db: Database, appUrl: string, logger: Logger): PaymentProvider {
  const { INTASEND_PUBLISHABLE_KEY: publishableKey, INTASEND_SECRET_KEY: secretKey, INTASEND_WEBHOOK_CHALLENGE: webhookChallenge } = env;
  if (publishableKey && secretKey && webhookChallenge) {
    const provider = createIntaSendProvider({
      baseUrl: env.INTASEND_BASE_URL,
      publishableKey,
      secretKey,
      webhookChallenge,
      timeoutMs: env.INTASEND_TIMEOUT_MS,
      logger,
    });
    logger.info({ baseUrl: env.INTASEND_BASE_URL, webhook: `${appUrl}/api/payments/webhooks/intasend` }, 'payments: IntaSend');
    return provider;
  }
  const level = env.NODE_ENV === 'production' ? 'warn' : 'info';
  logger[level]({ checkout: `${appUrl}/sandbox/checkout/…` }, 'payments: built-in SANDBOX (no IntaSend keys set); no real money is collected');
  return createSandboxProvider({ store: createDbSandboxStore(db) });
}

export function createSmsSender(env: Env, dataDir: string, logger: Logger): SmsSender {
  const { AFRICASTALKING_USERNAME: username, AFRICASTALKING_API_KEY: apiKey } = env;
  if (username && apiKey) {
    logger.info({ username, sender: env.AFRICASTALKING_SENDER_ID ?? null }, "SMS: Africa's Talking");
    return createAfricasTalkingSms({ username, apiKey, from: env.AFRICASTALKING_SENDER_ID, timeoutMs: env.SMS_TIMEOUT_MS });
  }
  const outbox = join(dataDir, 'outbox');
  logger.info({ dir: join(outbox, 'sms') }, "SMS: written to the outbox (no Africa's Talking account set)");
  return createOutboxSms(outbox, logger);
}

export async function createFileStore(env: Env, dataDir: string, logger: Logger): Promise<FileStore> {
  const bucket = env.FILES_S3_BUCKET;
  if (bucket) {
    // Loaded only when configured: the S3 client is large and most installations keep files on disk.
    const { createS3FileStore } = await import('./files/s3-file-store.ts');
    logger.info({ bucket, endpoint: env.FILES_S3_ENDPOINT ?? 'AWS', region: env.FILES_S3_REGION }, 'files: S3-compatible bucket');
    return createS3FileStore({
      bucket,
      endpoint: env.FILES_S3_ENDPOINT,
      region: env.FILES_S3_REGION,
      accessKeyId: env.FILES_S3_ACCESS_KEY_ID,
      secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.FILES_S3_FORCE_PATH_STYLE,
      logger,
    });
  }
  const dir = join(dataDir, 'files');
  if (env.DATABASE_URL) {
    // Other copies of the server may share this database; the files would not be shared with it.
    logger.warn(
      { dir },
      "files: on this copy's disk (no FILES_S3_BUCKET set): other copies of the server on this database cannot read them; set FILES_S3_BUCKET to share them, or run one copy only",
    );
  } else logger.info({ dir }, 'files: on disk (no FILES_S3_BUCKET set)');
  return createDiskFileStore(dir);
}
