/**
 * Runs at most `slots` calls of a task at once; later callers wait their turn, first come first
 * served. For work that occupies a thread of libuv's small pool (four threads unless configured),
 * which every other asynchronous job of the process queues for as well: the work waits here, in
 * order, and the pool keeps a thread free for the short jobs (a cookie's HMAC, a file write).
 */
export function limitConcurrency<A extends unknown[], R>(slots: number, task: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  if (!Number.isInteger(slots) || slots < 1) throw new Error(`limitConcurrency needs at least one slot (got ${slots})`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next caller, so a newcomer cannot take it first.
    if (next) next();
    else running -= 1;
  };
  return async (...args) => {
    if (running < slots) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task(...args);
    } finally {
      release();
    }
  };
}
