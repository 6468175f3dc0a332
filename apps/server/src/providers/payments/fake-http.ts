/**
 * Test support: a throw-away HTTP server on 127.0.0.1 (random port) for the fakes of outside
 * services, with delays that are cancelled on close so a slow answer cannot hold a test open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  baseUrl: string;
  /** Waits, unless the server is closed first (then never resolves, and nothing is answered). */
  sleep(ms: number): Promise<void>;
  close(): Promise<void>;
}

export type LocalHandler = (req: IncomingMessage, body: string, res: ServerResponse) => Promise<void>;

export async function startLocalServer(handler: LocalHandler): Promise<LocalServer> {
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    readBody(req)
      .then((body) => handler(req, body, res))
      .catch((err: unknown) => {
        // A fake that breaks must fail the test loudly, not hang it.
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(err instanceof Error ? err.stack : String(err));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sleep: (ms) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      }),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
