/** Better Auth: e-mail and password, e-mail confirmation, password reset, database sessions. */
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { ACCOUNT_BLOCKED_CODE, ACCOUNT_BLOCKED_MESSAGE } from '@ops/shared/schemas/admin-clients';
import { safeRedirect } from '@ops/shared/domain/safe-redirect';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Database } from '../../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/auth.ts';
import type { Logger } from '../../lib/logger.ts';
import { allowedOrigins, type OriginPolicy } from '../../lib/origin-policy.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { isUserBlocked } from '../clients/client-blocking.service.ts';
import { confirmEmailMessage, existingAccountMessage, resetPasswordMessage } from './auth.emails.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import {
  ACCOUNT_LIMITS,
  type AccountLimits,
  clearAccount,
  EXISTING_ACCOUNT_MAIL_WINDOW_SECONDS,
  existingAccountMailKey,
  takeAttempt,
} from './auth-throttle.ts';

export const SESSION_DAYS = 7;
/** A used session is pushed forward once this much of its life has passed. */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
/** Where a followed confirmation link lands: the sign-in page with the 'Email Confirmed!' toast. */
const CONFIRMED_CALLBACK = '/auth?confirmed=true';

/**
 * The confirmation link's landing page, carrying the page the person signed up from when it is a
 * path on this site (decision 014); anything else is dropped, so no e-mail ever links elsewhere.
 */
export function confirmedCallback(redirect: unknown): string {
  const target = safeRedirect(redirect);
  return target === '/' ? CONFIRMED_CALLBACK : `${CONFIRMED_CALLBACK}&redirect=${encodeURIComponent(target)}`;
}

/** The page to return to, read back from the callback Better Auth put into a confirmation link. */
function redirectInLink(link: URL, appUrl: string): string | null {
  const callback = link.searchParams.get('callbackURL');
  if (!callback) return null;
  try {
    return new URL(callback, appUrl).searchParams.get('redirect');
  } catch {
    return null;
  }
}

export interface AuthConfig {
  appUrl: string;
  /** The same origins as the app's own check of state-changing requests, so both agree. */
  origins: OriginPolicy;
  secret: string;
  rateLimit: boolean;
}

export function createAuth(db: Database, mailer: Mailer, config: AuthConfig, logger: Logger) {
  const send = (what: string, message: Parameters<Mailer['send']>[0]) =>
    mailer.send(message).catch((err: unknown) => logger.error({ err, to: message.to }, `${what} e-mail failed`));

  const auth = betterAuth({
    appName: 'OPS Security',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.secret,
    // Without APP_URL the address each request came to is the app's (127.0.0.1, the office LAN).
    trustedOrigins: (request) => allowedOrigins(config.origins, request),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    // Accounts are created by our sign-up route, which also writes the profile and role.
    disabledPaths: ['/sign-up/email'],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Better Auth's scrypt, a few hashes at a time (password-hash.ts says why).
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await send('password reset', resetPasswordMessage(user.email, user.name, url));
      },
      // Whoever set a new password from the e-mailed link holds the mailbox: the account's sign-in
      // pause (failed attempts from anywhere) is lifted, so its owner can sign in at once.
      onPasswordReset: async ({ user }) => {
        await clearAccount(db, user.email);
      },
      // At most once an hour per address, however often someone signs up with it.
      onExistingUserSignUp: async ({ user }) => {
        const limit = { key: existingAccountMailKey(user.email), max: 1, windowSeconds: EXISTING_ACCOUNT_MAIL_WINDOW_SECONDS };
        if (!(await takeAttempt(db, [limit], new Date())).allowed) return;
        await send('existing account', existingAccountMessage(user.email, user.name, `${config.appUrl}/auth`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        // Whether sent at sign-up or again at a too-early sign-in, every link lands on the toast; the
        // page to return to is checked again here, whoever asked for the e-mail and however.
        const link = new URL(url);
        link.searchParams.set('callbackURL', confirmedCallback(redirectInLink(link, config.appUrl)));
        await send('confirmation', confirmEmailMessage(user.email, user.name, link.toString()));
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A blocked account signs in to nothing: no session is written, and the person reads why
          // (after the password was checked, so the message tells a stranger nothing).
          before: async (session) => {
            if (await isUserBlocked(db, session.userId)) {
              throw new APIError('FORBIDDEN', { code: ACCOUNT_BLOCKED_CODE, message: ACCOUNT_BLOCKED_MESSAGE });
            }
          },
        },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Used sessions are pushed forward once a day, so an active user is never signed out.
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    rateLimit: {
      enabled: config.rateLimit,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        // Sign-in is limited by our own counters (per account, per address, per both; auth.routes.ts).
        '/sign-in/email': false,
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
      },
    },
    advanced: {
      // Better Auth skips its origin check under a test runner unless told: tests check what runs.
      disableOriginCheck: false,
      // Set by our route from the connection (or a trusted proxy), never taken from the client.
      ipAddress: { ipAddressHeaders: ['x-ops-client-ip'] },
      cookiePrefix: 'ops',
      useSecureCookies: config.appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
  });
  // Our own counters of sign-in and sign-up attempts (auth.routes.ts), on and off with Better Auth's.
  const accountLimits: AccountLimits | null = config.rateLimit ? ACCOUNT_LIMITS : null;
  return Object.assign(auth, { accountLimits });
}

export type Auth = ReturnType<typeof createAuth>;
