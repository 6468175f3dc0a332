/**
 * Counters of sign-in and sign-up attempts in the database (table auth_throttles), so that every
 * copy of the server against one database counts the same attempts. A counter runs for a fixed
 * window from its first attempt. Keys hold SHA-256 digests of e-mail addresses and client
 * addresses, not the addresses themselves: fixed length, and no personal data in this table.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authThrottles } from '../../db/schema/auth-throttles.ts';

export interface AccountLimits {
  /**
   * Failed sign-ins in a window. Tight per account and address (someone guessing one account's
   * password), looser per account (many addresses guessing one account: the account is paused
   * whoever asks, and its owner is told), generous per address (a mobile carrier puts many people
   * behind one address, and only failures count).
   */
  signIn: { windowSeconds: number; perAccountAndAddress: number; perAccount: number; perAddress: number };
  /** Sign-ups from one address in a window. */
  signUp: { windowSeconds: number; max: number };
}

export const ACCOUNT_LIMITS: AccountLimits = {
  signIn: { windowSeconds: 15 * 60, perAccountAndAddress: 5, perAccount: 10, perAddress: 100 },
  signUp: { windowSeconds: 60 * 60, max: 20 },
};

/** The 'you already have an account' e-mail goes to one address at most once in this time. */
export const EXISTING_ACCOUNT_MAIL_WINDOW_SECONDS = 60 * 60;

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
const accountPart = (email: string) => digest(email.toLowerCase());

export function signInKeys(email: string, clientIp: string) {
  const account = accountPart(email);
  const address = digest(clientIp);
  return {
    account: `sign-in:account:${account}`,
    address: `sign-in:address:${address}`,
    accountAndAddress: `sign-in:account-address:${account}:${address}`,
  };
}

/** Every sign-in counter of one account: its own and those of each address that tried it. */
function accountKeys(email: string) {
  const account = accountPart(email);
  return { exact: `sign-in:account:${account}`, prefix: `sign-in:account-address:${account}:` };
}

export const signUpKey = (clientIp: string) => `sign-up:address:${digest(clientIp)}`;
export const existingAccountMailKey = (email: string) => `existing-account-mail:${accountPart(email)}`;

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export type Taken = { allowed: true; counts: Map<string, number> } | { allowed: false; refused: Limit; retryAfterSeconds: number };

class Refused extends Error {
  constructor(
    readonly limit: Limit,
    readonly retryAfterSeconds: number,
  ) {
    super('refused');
  }
}

/**
 * Counts one attempt against every limit, all or none: when any of them is already full, nothing
 * is counted and the first full one (in the order given) is returned with the seconds until its
 * window ends. One statement upserts every counter, in key order, inside a transaction, so
 * concurrent attempts (on any copy of the server) wait for each other's row and none slips past.
 */
export async function takeAttempt(db: Executor, limits: readonly Limit[], now: Date): Promise<Taken> {
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const at = sql`${now.toISOString()}::timestamptz`;
  const ended = sql`${authThrottles.windowEndsAt} <= ${at}`;
  try {
    const counts = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(authThrottles)
        .values(sorted.map((l) => ({ key: l.key, count: 1, windowEndsAt: new Date(now.getTime() + l.windowSeconds * 1000) })))
        .onConflictDoUpdate({
          target: authThrottles.key,
          set: {
            count: sql`case when ${ended} then 1 else ${authThrottles.count} + 1 end`,
            windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${authThrottles.windowEndsAt} end`,
            notifiedAt: sql`case when ${ended} then null else ${authThrottles.notifiedAt} end`,
          },
        })
        .returning({ key: authThrottles.key, count: authThrottles.count, windowEndsAt: authThrottles.windowEndsAt });
      const byKey = new Map(rows.map((r) => [r.key, r]));
      for (const limit of limits) {
        const row = byKey.get(limit.key);
        if (row && row.count > limit.max) {
          throw new Refused(limit, Math.max(1, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000)));
        }
      }
      return new Map(rows.map((r) => [r.key, r.count]));
    });
    if ([...counts.values()].includes(1)) await deleteEnded(db, now);
    return { allowed: true, counts };
  } catch (err) {
    if (err instanceof Refused) return { allowed: false, refused: err.limit, retryAfterSeconds: err.retryAfterSeconds };
    throw err;
  }
}

/** An attempt that turned out not to be a failure (the password was right) no longer counts. */
export async function giveBack(db: Executor, keys: readonly string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(authThrottles)
    .set({ count: sql`greatest(${authThrottles.count} - 1, 0)` })
    .where(and(inArray(authThrottles.key, [...keys]), gt(authThrottles.windowEndsAt, now)));
}

export async function clear(db: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(authThrottles).where(inArray(authThrottles.key, [...keys]));
}

/** Forgets every failed sign-in counted against the account (from any address). */
export async function clearAccount(db: Executor, email: string): Promise<void> {
  const { exact, prefix } = accountKeys(email);
  await db.delete(authThrottles).where(or(eq(authThrottles.key, exact), sql`left(${authThrottles.key}, ${prefix.length}) = ${prefix}`));
}

/** True for the first caller in the counter's window (on any copy of the server), false after. */
export async function claimNotice(db: Executor, key: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(authThrottles)
    .set({ notifiedAt: now })
    .where(and(eq(authThrottles.key, key), sql`${authThrottles.notifiedAt} is null`, gt(authThrottles.windowEndsAt, now)))
    .returning({ key: authThrottles.key });
  return claimed.length > 0;
}

/** Counters whose window has ended start again at their next attempt; their rows can go. */
async function deleteEnded(db: Executor, now: Date): Promise<void> {
  await db.delete(authThrottles).where(lt(authThrottles.windowEndsAt, now));
}

/** 'in 1 minute', 'in 12 minutes': the wait, rounded up to whole minutes. */
export function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
