import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { takeTurns } from './client.ts';

/** Queues `count` statements at once, and reports how many had finished when a connection was accepted. */
async function acceptedAfter(client: PGlite, count: number): Promise<{ finishedBeforeAccept: number; all: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  let finished = 0;
  const accepted = new Promise<number>((resolve) => server.once('connection', (socket) => (socket.destroy(), resolve(finished))));
  // Busy, as under load: a queue of statements...
  const statements = Array.from({ length: count }, () => client.query('select count(*) from generate_series(1, 20000)').then(() => (finished += 1)));
  // ...and a visitor opening a connection meanwhile.
  const visitor = await import('node:net').then(({ connect }) => connect(port, '127.0.0.1'));
  visitor.on('error', () => {});
  const finishedBeforeAccept = await accepted;
  await Promise.all(statements);
  visitor.destroy();
  server.close();
  return { finishedBeforeAccept, all: finished };
}

// Each test first waits for a fresh PGlite of its own to start (several seconds of CPU on a busy machine).
describe('PGlite taking turns with the event loop', { timeout: 120_000 }, () => {
  const plain = PGlite.create();
  const fair = PGlite.create().then(takeTurns);
  afterAll(async () => Promise.all([(await plain).close(), (await fair).close()]));

  it('without turns, a queue of statements keeps a new connection waiting until it is done', async () => {
    const { finishedBeforeAccept, all } = await acceptedAfter(await plain, 60);
    expect(all).toBe(60);
    expect(finishedBeforeAccept).toBe(60);
  });

  it('with turns, a new connection is accepted while the statements are still running', async () => {
    const { finishedBeforeAccept, all } = await acceptedAfter(await fair, 60);
    expect(all).toBe(60);
    expect(finishedBeforeAccept).toBeLessThan(10);
  });

  it('keeps answering queries, statements and transactions as before', async () => {
    const client = await fair;
    expect((await client.query<{ n: number }>('select 1 + 1 as n')).rows).toEqual([{ n: 2 }]);
    await client.exec('create table if not exists turn_test (id int primary key)');
    await client.transaction(async (tx) => {
      await tx.query('insert into turn_test values (1), (2)');
    });
    expect((await client.query<{ n: number }>('select count(*)::int as n from turn_test')).rows).toEqual([{ n: 2 }]);
  });
});

describe('closing PGlite', () => {
  it('lets the statements already waiting their turn finish, then closes', async () => {
    const client = takeTurns(await PGlite.create());
    const waiting = Array.from({ length: 5 }, (_, i) => client.query<{ n: number }>(`select ${i} as n`));
    await client.close();
    expect((await Promise.all(waiting)).map((r) => r.rows[0]!.n)).toEqual([0, 1, 2, 3, 4]);
    await expect(client.query('select 1')).rejects.toThrow('PGlite is closed');
  });
});
