/**
 * Asks the same question once while it is being asked: callers that arrive with a key whose
 * answer is still on its way share that answer instead of sending the question again. Nothing is
 * kept once the answer is in, so a caller that arrives after it waits for a fresh one; this is
 * not a cache.
 */
export function singleFlight<K, V>(ask: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const inFlight = new Map<K, Promise<V>>();
  return (key) => {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const answer = ask(key).finally(() => inFlight.delete(key));
    inFlight.set(key, answer);
    return answer;
  };
}
