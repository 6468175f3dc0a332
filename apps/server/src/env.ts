/** The only reader of process.env: parsed once, failing fast with the variable's name. */
import { z } from 'zod';
import { CONTACT } from '@ops/shared/constants';
import { parseProxyList, type TrustProxy } from './lib/client-address.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** 'https://ops.example.co.ke' (no path, query or credentials) → its origin; null otherwise. */
function originOf(entry: string): string | null {
  try {
    const url = new URL(entry);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * TRUST_PROXY: unset or false (no proxy), a number of proxies in front, a comma-separated list of
 * the proxies' addresses or ranges, or true (every hop trusted, kept for older set-ups: the client
 * can then forge its address). lib/client-address.ts says how each reads X-Forwarded-For.
 */
const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const v = value.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 32) return hops;
    ctx.addIssue({ code: 'custom', message: 'a number of proxies from 0 to 32' });
    return z.NEVER;
  }
  try {
    return parseProxyList(value);
  } catch (err) {
    ctx.addIssue({
      code: 'custom',
      message: `${err instanceof Error ? err.message : String(err)}: give a number of proxies, or their addresses or ranges (e.g. 10.0.0.2, 172.16.0.0/12), comma-separated`,
    });
    return z.NEVER;
  }
});

/** The number the chat button opens until WHATSAPP_NUMBER is set: start-up warns while it is. */
export const DEMO_WHATSAPP_NUMBER = CONTACT.whatsappNumber;

/**
 * A WhatsApp number in international form, digits only (what wa.me takes): country code first, no
 * leading 0 or +. Spaces, dashes and a leading + are dropped first, so '+254 712 345 678' is fine.
 */
const whatsappNumber = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, '').replace(/^\+/, ''))
  .pipe(z.string().regex(/^[1-9]\d{7,14}$/, 'must be the number in international form, digits only, e.g. 254712345678'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address people use to reach the app; links in e-mails are built from it. */
  APP_URL: z.url().optional(),
  /**
   * Further sites (scheme://host[:port], comma-separated) whose pages may send the API requests that
   * change something, besides APP_URL's own. Without APP_URL, the address a request came to counts.
   */
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const entry of value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)) {
        const origin = originOf(entry);
        if (origin) origins.push(origin);
        else ctx.addIssue({ code: 'custom', message: `"${entry}" is not an origin such as https://ops.example.co.ke` });
      }
      return origins;
    }),
  DATA_DIR: z.string().min(1).default('./.data'),
  /** postgres://… runs on a PostgreSQL server; unset runs the embedded PGlite under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  /**
   * Signs session cookies; at least 32 characters. Unset: generated once and kept in DATA_DIR, or in
   * the database with DATABASE_URL, so that every copy of the server uses the same one.
   */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_RATE_LIMIT: bool.default(true),
  /**
   * The private Ed25519 JWK ({"kty":"OKP","crv":"Ed25519","x":…,"d":…}) that signs certificates'
   * credentials. Unset: generated once and kept in DATA_DIR, or in the database with DATABASE_URL,
   * so that every copy of the server signs with the same key. Checked when the server starts.
   */
  CREDENTIAL_SIGNING_KEY: z.string().min(1).optional(),
  /** Behind a reverse proxy: which hops of X-Forwarded-For to trust (see trustProxy above). */
  TRUST_PROXY: trustProxy.default(false),
  /** The company's WhatsApp number for the chat button, and the greeting it prefills. */
  WHATSAPP_NUMBER: whatsappNumber.default(DEMO_WHATSAPP_NUMBER),
  WHATSAPP_GREETING: z.string().trim().min(1).max(500).default(CONTACT.whatsappGreeting),
  /** smtp://user:pass@host:587 or smtps://…; unset writes e-mails to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('OPS Security <no-reply@opssecurity.co.ke>'),
  SEED_DEMO_DATA: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /**
   * A file holding a number of milliseconds to shift the app's clock by (lib/clock.ts): for
   * rehearsing a shift day or a journey test. Unset in normal running; start-up warns while set.
   */
  CLOCK_OFFSET_FILE: z.string().min(1).optional(),
  /** Where the built web app lives; the server serves it when the folder exists. */
  WEB_DIST_DIR: z.string().default('./apps/web/dist'),
  /** IntaSend keys (ISPubKey_… / ISSecretKey_…); with both set payments go to IntaSend, else to the built-in sandbox. */
  INTASEND_PUBLISHABLE_KEY: z.string().min(1).optional(),
  INTASEND_SECRET_KEY: z.string().min(1).optional(),
  INTASEND_BASE_URL: z.url().default('https://sandbox.intasend.com'),
  /** The challenge set beside the webhook URL in IntaSend's dashboard: the only proof a callback is theirs. */
  INTASEND_WEBHOOK_CHALLENGE: z.string().min(16, 'must be at least 16 characters').optional(),
  INTASEND_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** Africa's Talking account; with both set texts are sent, else written to DATA_DIR/outbox/sms. */
  AFRICASTALKING_USERNAME: z.string().min(1).optional(),
  AFRICASTALKING_API_KEY: z.string().min(1).optional(),
  AFRICASTALKING_SENDER_ID: z.string().min(1).optional(),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  /**
   * An S3-compatible bucket for uploaded and generated files; unset keeps them in DATA_DIR/files,
   * which other copies of the server cannot read (start-up warns when DATABASE_URL is set).
   */
  FILES_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and dashes')
    .optional(),
  /** The store's address when it is not AWS itself (MinIO, Cloudflare R2, …). */
  FILES_S3_ENDPOINT: z.url().optional(),
  FILES_S3_REGION: z.string().min(1).default('us-east-1'),
  FILES_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address the bucket as <endpoint>/<bucket> (MinIO and most self-hosted stores need this). */
  FILES_S3_FORCE_PATH_STYLE: bool.default(false),
});

/**
 * Half a payment or SMS configuration is a mistake that would otherwise fall back to the sandbox
 * or the outbox without anyone noticing; refuse it at start with the names to fix.
 */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  const intaSendKeys = [env.INTASEND_PUBLISHABLE_KEY, env.INTASEND_SECRET_KEY].filter(Boolean).length;
  if (intaSendKeys === 1) {
    const missing = env.INTASEND_PUBLISHABLE_KEY ? 'INTASEND_SECRET_KEY' : 'INTASEND_PUBLISHABLE_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'set both IntaSend keys, or neither to use the sandbox' });
  }
  if (intaSendKeys === 2 && !env.INTASEND_WEBHOOK_CHALLENGE) {
    ctx.addIssue({
      code: 'custom',
      path: ['INTASEND_WEBHOOK_CHALLENGE'],
      message: 'required with the IntaSend keys (at least 16 characters, the same as in the IntaSend dashboard)',
    });
  }
  if (Boolean(env.AFRICASTALKING_USERNAME) !== Boolean(env.AFRICASTALKING_API_KEY)) {
    const missing = env.AFRICASTALKING_USERNAME ? 'AFRICASTALKING_API_KEY' : 'AFRICASTALKING_USERNAME';
    ctx.addIssue({ code: 'custom', path: [missing], message: "set both Africa's Talking variables, or neither to write texts to the outbox" });
  }
  if (Boolean(env.FILES_S3_ACCESS_KEY_ID) !== Boolean(env.FILES_S3_SECRET_ACCESS_KEY)) {
    const missing = env.FILES_S3_ACCESS_KEY_ID ? 'FILES_S3_SECRET_ACCESS_KEY' : 'FILES_S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: "set both S3 keys, or neither to use the machine's own AWS credentials" });
  }
  if (!env.FILES_S3_BUCKET && (env.FILES_S3_ENDPOINT || env.FILES_S3_ACCESS_KEY_ID || env.FILES_S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: ['FILES_S3_BUCKET'],
      message: 'required with the other FILES_S3_ settings (or unset them all to keep files in DATA_DIR/files)',
    });
  }
});

export type Env = z.output<typeof checkedEnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Blank values in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = checkedEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

export const readEnv = (): Env => parseEnv(process.env);
