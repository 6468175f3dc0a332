import { describe, expect, it } from 'vitest';
import { batcher, writeBatcher } from './write-batcher.ts';
import { deferred } from '../test/deferred.ts';

describe('writeBatcher', () => {
  it('writes a lone item at once, without waiting for company', async () => {
    const writes: number[][] = [];
    const write = writeBatcher((items: number[]) => {
      writes.push(items);
      return Promise.resolve();
    });
    await write(1);
    expect(writes).toEqual([[1]]);
  });

  it('sends the items that arrive during a write together in the next one, and answers each only once it is written', async () => {
    const writes: number[][] = [];
    const gates: ReturnType<typeof deferred<void>>[] = [];
    const write = writeBatcher((items: number[]) => {
      writes.push(items);
      const gate = deferred();
      gates.push(gate);
      return gate.promise;
    });
    const settled: number[] = [];
    const first = write(1).then(() => settled.push(1));
    const rest = [2, 3, 4].map((n) => write(n).then(() => settled.push(n)));
    expect(writes).toEqual([[1]]);
    gates[0]!.resolve();
    await first;
    await Promise.resolve();
    expect(writes).toEqual([[1], [2, 3, 4]]);
    expect(settled).toEqual([1]);
    gates[1]!.resolve();
    await Promise.all(rest);
    expect(settled).toEqual([1, 2, 3, 4]);
  });

  it('keeps a batch to maxItems', async () => {
    const writes: number[][] = [];
    const gate = deferred();
    const write = writeBatcher(async (items: number[]) => {
      writes.push(items);
      if (writes.length === 1) await gate.promise;
    }, 2);
    const all = [1, 2, 3, 4, 5].map((n) => write(n));
    gate.resolve();
    await Promise.all(all);
    expect(writes).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('fails only the caller whose item cannot be written when a batch fails', async () => {
    const gate = deferred();
    const stored: number[] = [];
    const write = writeBatcher(async (items: number[]) => {
      if (stored.length === 0 && items[0] === 1) await gate.promise;
      if (items.includes(13)) throw new Error('unlucky');
      stored.push(...items);
    });
    const results = [1, 2, 13, 4].map((n) =>
      write(n).then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    );
    gate.resolve();
    expect(await Promise.all(results)).toEqual(['ok', 'ok', 'unlucky', 'ok']);
    expect(stored.sort((a, b) => a - b)).toEqual([1, 2, 4]);
  });

  it('goes on writing after a failed write', async () => {
    let fail = true;
    const write = writeBatcher(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve()));
    await expect(write(1)).rejects.toThrow('down');
    fail = false;
    await expect(write(2)).resolves.toBeUndefined();
  });
});

describe('batcher', () => {
  it("answers each caller with its own item's result, from one call for the items that arrived together", async () => {
    const calls: number[][] = [];
    const gate = deferred();
    const square = batcher(async (items: number[]) => {
      calls.push(items);
      if (calls.length === 1) await gate.promise;
      return items.map((n) => n * n);
    });
    const answers = Promise.all([1, 2, 3, 4].map((n) => square(n)));
    gate.resolve();
    expect(await answers).toEqual([1, 4, 9, 16]);
    expect(calls).toEqual([[1], [2, 3, 4]]);
  });

  it('fails the callers of a call that answers the wrong number of results, rather than answering them wrongly', async () => {
    const short = batcher((items: number[]) => Promise.resolve(items.slice(1)));
    await expect(short(1)).rejects.toThrow('a batch of 1 answered 0 result(s)');
  });
});
