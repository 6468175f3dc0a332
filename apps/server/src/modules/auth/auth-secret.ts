/**
 * The secret that signs session cookies: AUTH_SECRET when set; otherwise made on the first start
 * and kept, so sessions survive restarts: beside the data on PGlite, in the database on a
 * PostgreSQL server, so that a session made on one copy of the server is good on every other.
 */
import { randomBytes } from 'node:crypto';
import type { KeptSecret, SecretKeeper } from '../../lib/kept-secrets.ts';
import type { Logger } from '../../lib/logger.ts';

const AUTH_SECRET: KeptSecret = { name: 'auth-secret', file: 'auth-secret', variable: 'AUTH_SECRET' };
const MIN_LENGTH = 32;

export async function loadAuthSecret(envSecret: string | undefined, keeper: SecretKeeper, logger: Logger): Promise<string> {
  if (envSecret) {
    if (keeper.shared) {
      const stored = await keeper.read(AUTH_SECRET).catch(() => null);
      if (stored !== null && stored !== envSecret) {
        logger.warn(
          `AUTH_SECRET differs from the secret stored in ${keeper.place(AUTH_SECRET)}, which copies of the server started without it use: a session made on one is not good on the other; set the same AUTH_SECRET on every copy`,
        );
      }
    }
    return envSecret;
  }
  const { value, generated } = await keeper.keep(AUTH_SECRET, () => Promise.resolve(randomBytes(32).toString('base64url')));
  if (value.length < MIN_LENGTH) {
    throw new Error(`the session secret in ${keeper.place(AUTH_SECRET)} is damaged (shorter than ${MIN_LENGTH} characters): set AUTH_SECRET`);
  }
  if (generated) {
    const where = keeper.shared ? 'in the database, where every copy of the server reads it' : 'in the data directory';
    logger.warn({ place: keeper.place(AUTH_SECRET) }, `AUTH_SECRET is not set; generated one and stored it ${where}`);
  }
  return value;
}
