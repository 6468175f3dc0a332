import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight.ts';
import { deferred } from '../test/deferred.ts';

describe('singleFlight', () => {
  it('asks once for callers that arrive while the answer is on its way', async () => {
    const asked: string[] = [];
    const answer = deferred<string>();
    const ask = singleFlight((key: string) => {
      asked.push(key);
      return answer.promise;
    });
    const first = ask('a');
    const second = ask('a');
    answer.resolve('A');
    expect(await Promise.all([first, second])).toEqual(['A', 'A']);
    expect(asked).toEqual(['a']);
  });

  it('asks again once the answer is in, so nothing is kept', async () => {
    let n = 0;
    const ask = singleFlight((key: string) => Promise.resolve(`${key}${++n}`));
    expect(await ask('a')).toBe('a1');
    expect(await ask('a')).toBe('a2');
  });

  it('asks separately for different keys', async () => {
    const asked: string[] = [];
    const ask = singleFlight((key: string) => {
      asked.push(key);
      return Promise.resolve(key.toUpperCase());
    });
    expect(await Promise.all([ask('a'), ask('b')])).toEqual(['A', 'B']);
    expect(asked).toEqual(['a', 'b']);
  });

  it('gives a failure to everyone waiting, then asks afresh', async () => {
    const failing = deferred<string>();
    let calls = 0;
    const ask = singleFlight((_key: string) => (++calls === 1 ? failing.promise : Promise.resolve('ok')));
    const first = ask('a');
    const second = ask('a');
    failing.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).rejects.toThrow('connection lost');
    expect(await ask('a')).toBe('ok');
    expect(calls).toBe(2);
  });
});
