/**
 * The rules around sign-in and sign-up attempts; the counters themselves are in auth-throttle.ts.
 *
 * What an attacker can and cannot do:
 * - Guess one account's password from one address: five wrong passwords in 15 minutes, then that
 *   address is refused on that account (429, whatever the password).
 * - Guess it from many addresses: ten wrong passwords in 15 minutes from anywhere, then the account
 *   is refused to every address, the right password included (so the pause cannot confirm a
 *   guess), and its owner is e-mailed once per pause. An e-mail address without an account answers
 *   exactly the same, and nobody is e-mailed.
 * - Try one password on many accounts from one address: a hundred wrong passwords in 15 minutes,
 *   then the address is refused. Only wrong passwords count, so the people behind one mobile
 *   carrier's shared address, who mostly sign in fine, do not use it up.
 * - Lift a pause: not by signing in to another account (its own attempt is all it gives back),
 *   not by waiting less than the window. The owner lifts the account's pause by setting a new
 *   password from the e-mailed reset link (auth.ts), which needs the mailbox.
 * - Keep an account paused: yes, by failing ten times every 15 minutes from two or more addresses.
 *   That is the price of pausing an account whoever asks; the owner is told, and the reset link
 *   still works.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/auth.ts';
import type { AppDeps } from '../../lib/context.ts';
import { signInPausedMessage } from './auth.emails.ts';
import { claimNotice, clear, giveBack, inMinutes, signInKeys, signUpKey, takeAttempt, type Limit } from './auth-throttle.ts';

export interface Refusal {
  message: string;
  retryAfterSeconds: number;
}

interface Ticket {
  email: string;
  keys: ReturnType<typeof signInKeys>;
  perAccount: number;
  windowSeconds: number;
  accountCount: number;
}

/**
 * Counts a sign-in attempt before the password is checked. Refused while any of its counters is
 * full; otherwise returns the ticket to settle once the answer is known. Null when limits are off.
 */
export async function beginSignIn(deps: AppDeps, email: string, clientIp: string): Promise<{ refusal: Refusal } | { ticket: Ticket | null }> {
  const limit = deps.auth.accountLimits?.signIn;
  if (!limit) return { ticket: null };
  const keys = signInKeys(email, clientIp);
  const limits: Limit[] = [
    { key: keys.account, max: limit.perAccount, windowSeconds: limit.windowSeconds },
    { key: keys.accountAndAddress, max: limit.perAccountAndAddress, windowSeconds: limit.windowSeconds },
    { key: keys.address, max: limit.perAddress, windowSeconds: limit.windowSeconds },
  ];
  const taken = await takeAttempt(deps.db, limits, deps.clock());
  if (!taken.allowed) {
    const wait = inMinutes(taken.retryAfterSeconds);
    const message =
      taken.refused.key === keys.address
        ? `Too many failed sign-in attempts from your network. Please try again ${wait}.`
        : `Too many failed sign-in attempts for this account. Please try again ${wait}, or reset your password.`;
    return { refusal: { message, retryAfterSeconds: taken.retryAfterSeconds } };
  }
  const ticket = { email, keys, perAccount: limit.perAccount, windowSeconds: limit.windowSeconds, accountCount: taken.counts.get(keys.account) ?? 0 };
  return { ticket };
}

/**
 * Only a wrong password counts. Any other answer gives its attempt back, so signing in fine never
 * uses up an address's or an account's limit; a successful sign-in also clears the count of its
 * own account from its own address (whoever knows the password may guess it), and nothing else.
 */
export async function settleSignIn(deps: AppDeps, ticket: Ticket | null, outcome: 'wrong-password' | 'signed-in' | 'other'): Promise<void> {
  if (!ticket) return;
  const { db, clock } = deps;
  if (outcome === 'wrong-password') {
    if (ticket.accountCount >= ticket.perAccount) await tellOwner(deps, ticket);
    return;
  }
  await giveBack(db, [ticket.keys.account, ticket.keys.address], clock());
  if (outcome === 'signed-in') await clear(db, [ticket.keys.accountAndAddress]);
}

/** The account is now paused for everyone: its owner hears of it once a pause. */
async function tellOwner(deps: AppDeps, ticket: Ticket): Promise<void> {
  const { db, clock, mailer, logger, config } = deps;
  if (!(await claimNotice(db, ticket.keys.account, clock()))) return;
  const [user] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.email, ticket.email));
  if (!user) return;
  const message = signInPausedMessage(user.email, user.name, Math.ceil(ticket.windowSeconds / 60), `${config.appUrl}/auth?mode=forgot`);
  // Not awaited: the answer to this attempt takes as long whether or not the account exists.
  mailer.send(message).catch((err: unknown) => logger.error({ err }, 'sign-in paused e-mail failed'));
}

/** Counts a sign-up from this address; a refusal when the address has made too many. */
export async function countSignUp(deps: AppDeps, clientIp: string): Promise<Refusal | null> {
  const limit = deps.auth.accountLimits?.signUp;
  if (!limit) return null;
  const taken = await takeAttempt(deps.db, [{ key: signUpKey(clientIp), max: limit.max, windowSeconds: limit.windowSeconds }], deps.clock());
  if (taken.allowed) return null;
  return {
    message: `Too many sign-ups from your network. Please try again ${inMinutes(taken.retryAfterSeconds)}.`,
    retryAfterSeconds: taken.retryAfterSeconds,
  };
}
