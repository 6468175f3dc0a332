/** The only reader of process.env: parsed once, failing fast with the variable's name. */
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

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
      for (const entry of value.split(',').map((v) => v.trim()).filter(Boolean)) {
        const origin = originOf(entry);
        if (origin) origins.push(origin);
        else ctx.addIssue({ code: 'custom', message: `"${entry}" is not an origin such as https://ops.example.co.ke` });
      }
      return origins;
    }),
  DATA_DIR: z.string().min(1).default('./.data'),
  /** postgres://… runs on a PostgreSQL server; unset runs the embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  /** Signs session cookies; at least 32 characters. Unset: generated once and kept in DATA_DIR. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_RATE_LIMIT: bool.default(true),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  TRUST_PROXY: bool.default(false),
  /** smtp://user:pass@host:587 or smtps://…; unset writes e-mails to DATA_DIR/outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('OPS Security <no-reply@opssecurity.co.ke>'),
  SEED_DEMO_DATA: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
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
    ctx.addIssue({ code: 'custom', path: ['INTASEND_WEBHOOK_CHALLENGE'], message: 'required with the IntaSend keys (at least 16 characters, the same as in the IntaSend dashboard)' });
  }
  if (Boolean(env.AFRICASTALKING_USERNAME) !== Boolean(env.AFRICASTALKING_API_KEY)) {
    const missing = env.AFRICASTALKING_USERNAME ? 'AFRICASTALKING_API_KEY' : 'AFRICASTALKING_USERNAME';
    ctx.addIssue({ code: 'custom', path: [missing], message: "set both Africa's Talking variables, or neither to write texts to the outbox" });
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
