/**
 * Calls that arrive while an earlier call is on its way go together in the next one (group
 * commit): nothing waits for a timer, and a lone call goes at once. `run` takes the items of a
 * batch and answers one result per item, in their order; each caller's promise settles with its
 * own result only when the call that carried its item has finished (for a write: committed), so a
 * caller that has been answered knows its item is stored. When a call of several items fails,
 * each is tried again alone, so one bad item fails only its own caller (a statement that failed
 * wrote nothing, so nothing is done twice).
 */
export function batcher<T, R>(run: (items: T[]) => Promise<R[]>, maxItems = 100): (item: T) => Promise<R> {
  interface Waiting {
    item: T;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let running = false;

  async function runBatch(batch: Waiting[]) {
    const results = await run(batch.map((w) => w.item));
    if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length} result(s)`);
    batch.forEach((w, i) => w.resolve(results[i]!));
  }

  async function runAlone(entry: Waiting) {
    try {
      await runBatch([entry]);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function drain() {
    running = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxItems);
        queue = queue.slice(batch.length);
        try {
          await runBatch(batch);
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          else await Promise.all(batch.map(runAlone));
        }
      }
    } finally {
      running = false;
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
}

/** A batcher of writes that answer nothing but their success. */
export function writeBatcher<T>(write: (items: T[]) => Promise<void>, maxItems = 100): (item: T) => Promise<void> {
  return batcher(async (items: T[]) => {
    await write(items);
    return items.map(() => undefined);
  }, maxItems);
}
