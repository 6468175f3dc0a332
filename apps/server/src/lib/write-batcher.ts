/**
 * Writes that arrive while an earlier write is on its way go together in the next one (group
 * commit): nothing waits for a timer, and a lone write goes at once. Each caller's promise settles
 * only when the write that carried its item has committed, so a caller that has been answered
 * knows its item is stored. When a write of several items fails, each is tried again alone, so
 * one bad item fails only its own caller.
 */
export function writeBatcher<T>(write: (items: T[]) => Promise<void>, maxItems = 100): (item: T) => Promise<void> {
  interface Waiting {
    item: T;
    resolve: () => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let writing = false;

  async function writeAlone(entry: Waiting) {
    try {
      await write([entry.item]);
      entry.resolve();
    } catch (error) {
      entry.reject(error);
    }
  }

  async function drain() {
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxItems);
        queue = queue.slice(batch.length);
        try {
          await write(batch.map((w) => w.item));
          for (const w of batch) w.resolve();
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          else await Promise.all(batch.map(writeAlone));
        }
      }
    } finally {
      writing = false;
    }
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
