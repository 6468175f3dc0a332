/** The only reader of process.env: parsed once, failing fast with the variable's name. */
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address people use to reach the app; links in e-mails are built from it. */
  APP_URL: z.url().optional(),
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
});

export type Env = z.output<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Blank values in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

export const readEnv = (): Env => parseEnv(process.env);
