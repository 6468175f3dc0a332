/**
 * A connection left idle between two requests, as a browser or a proxy leaves it, is still good for
 * the next request: the built server keeps idle connections open longer than the clients and proxies
 * in front of it (60 s), instead of Node's 5 s, which closed them on the server's side just as a
 * client reused one, and that request failed with a reset.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, get, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type ServerProcess } from './test/server-process.ts';

let dataDir = '';
let server: ServerProcess;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ops-idle-'));
  server = await startServer({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' });
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function health(agent: Agent): Promise<{ res: IncomingMessage; socket: Socket; body: string }> {
  return new Promise((resolve, reject) => {
    const req = get(`${server.url}/api/health`, { agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ res, socket: req.socket as Socket, body }));
    });
    req.on('error', reject);
  });
}

it('answers on a connection left idle for longer than Node’s default of 5 s, the same connection', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await health(agent);
    expect(first.res.statusCode).toBe(200);
    // The server tells clients how long it keeps an idle connection.
    expect(first.res.headers['keep-alive']).toBe('timeout=65');
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await health(agent);
    expect(second.res.statusCode).toBe(200);
    expect(second.socket).toBe(first.socket);
  } finally {
    agent.destroy();
  }
}, 60_000);
