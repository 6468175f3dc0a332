/**
 * Better Auth's own password hash (scrypt: N 16384, r 16, 16 MiB, about a tenth of a second of one
 * core), run a few at a time. node:crypto computes each hash on a thread of libuv's pool, where the
 * HMAC that signs the new session cookie also runs. Fifty sign-ins at once put fifty hashes in the
 * pool's queue, and every sign-in's cookie then waited behind all the hashes queued after its own:
 * each sign-in took as long as the whole queue, and clients that gave up and asked again added
 * hashes nobody waited for (at 50 connections the bench's sign-ins answered 0 to 1 a second). Here
 * the extra sign-ins wait in order, the pool keeps a thread free, and sign-in keeps the pace of
 * the hash alone. The stored format and the answers are Better Auth's; only the waiting changes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import { APIError } from 'better-auth/api';
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { limitConcurrency } from '../../lib/concurrency-limit.ts';

/** One hash per core, and never all four of the pool's default threads. */
export const PASSWORD_HASH_SLOTS = Math.max(1, Math.min(availableParallelism(), 3));

/** The request whose password is being checked, as far as its client having gone is concerned. */
const asking = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs a request's sign-in knowing when its client has gone: a check whose turn comes after that is
 * not computed (503, which nobody reads and which counts as no attempt). A client that gave up
 * waiting and asked again would otherwise leave a hash behind for every time it asked.
 */
export const whileClientWaits = <T>(signal: AbortSignal, run: () => Promise<T>): Promise<T> => asking.run(signal, run);

const inTurn = limitConcurrency(PASSWORD_HASH_SLOTS, (work: () => Promise<string | boolean>) => {
  if (asking.getStore()?.aborted) throw new APIError('SERVICE_UNAVAILABLE', { message: 'The client has gone' });
  return work();
});

export const hashPassword = (password: string) => inTurn(() => betterAuthHash(password)) as Promise<string>;

export const verifyPassword = (data: { hash: string; password: string }) => inTurn(() => betterAuthVerify(data)) as Promise<boolean>;
