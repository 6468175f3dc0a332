import type { Role } from '@ops/shared/constants';
import type { Database } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Auth } from '../modules/auth/auth.ts';
import type { IssuerKey } from '../modules/certificates/issuer-key.ts';
import type { FileStore } from '../providers/files/file-store.ts';
import type { Mailer } from '../providers/mail/mailer.ts';
import type { PaymentProvider } from '../providers/payments/payment-provider.ts';
import type { SmsSender } from '../providers/sms/sms-sender.ts';
import type { TrustProxy } from './client-address.ts';
import type { Logger } from './logger.ts';
import type { OriginPolicy } from './origin-policy.ts';

export interface AppConfig {
  appUrl: string;
  bodyLimitBytes: number;
  /** TRUST_PROXY: which hops of X-Forwarded-For are proxies of ours (lib/client-address.ts). */
  trustProxy: TrustProxy;
  /** Whose pages may send requests that change something (lib/origin-policy.ts). */
  origins: OriginPolicy;
  webDistDir?: string;
  /** What the served web app is told (lib/web-app.ts); its built-in defaults when absent. */
  site?: SiteConfig;
}

/** The company's contact details that the web app shows, from the environment. */
export interface SiteConfig {
  whatsappNumber: string;
  whatsappGreeting: string;
}

/** Everything a request handler may use, passed in by createApp so tests build the real app. */
export interface AppDeps {
  db: Database;
  auth: Auth;
  mailer: Mailer;
  /** IntaSend when its keys are configured, otherwise the built-in sandbox checkout. */
  payments: PaymentProvider;
  /** Africa's Talking when configured, otherwise the outbox on disk. */
  sms: SmsSender;
  /** An S3-compatible bucket when configured, otherwise `<data dir>/files` on disk. */
  files: FileStore;
  logger: Logger;
  clock: () => Date;
  jobs: JobQueue;
  /** The academy's Ed25519 key that signs certificates' credentials (modules/certificates/issuer-key.ts). */
  credentialKey: IssuerKey;
  config: AppConfig;
  dbKind: 'pglite' | 'postgres';
}

export interface CurrentUser {
  userId: string;
  email: string;
  sessionExpiresAt: Date;
  profileId: string;
  role: Role;
}

/** Who is asking, as far as the rules about what they may see care. */
export type Viewer = Pick<CurrentUser, 'profileId' | 'role'>;

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    clientIp: string;
    currentUser: CurrentUser;
  };
}
