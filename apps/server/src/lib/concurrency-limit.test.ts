import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './concurrency-limit.ts';
import { deferred } from '../test/deferred.ts';

describe('limitConcurrency', () => {
  it('runs at most the given number at once, the rest in the order they came', async () => {
    const gates = new Map<string, ReturnType<typeof deferred<string>>>();
    const started: string[] = [];
    const run = limitConcurrency(2, (name: string) => {
      started.push(name);
      const gate = deferred<string>();
      gates.set(name, gate);
      return gate.promise;
    });
    const answers = ['a', 'b', 'c', 'd'].map((name) => run(name));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    gates.get('b')!.resolve('B');
    await answers[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a', 'b', 'c']);
    gates.get('a')!.resolve('A');
    await answers[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    gates.get('c')!.resolve('C');
    gates.get('d')!.resolve('D');
    expect(await Promise.all(answers)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('gives the slot on when a call fails, and the failure to its caller', async () => {
    let calls = 0;
    const run = limitConcurrency(1, () => (++calls === 1 ? Promise.reject(new Error('boom')) : Promise.resolve('ok')));
    const first = run();
    const second = run();
    await expect(first).rejects.toThrow('boom');
    expect(await second).toBe('ok');
  });

  it('refuses a limit of no slots', () => {
    expect(() => limitConcurrency(0, () => Promise.resolve())).toThrow();
  });
});
