/**
 * The built server (apps/server/dist, made by `npm run build`) as a child process on 127.0.0.1, for
 * tests of what only a real process shows: a crash (kill -9) and a restart, or two copies of the
 * server sharing one database. Also a small HTTP client that keeps its cookies, as a browser does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const BUILT_SERVER = `${ROOT}apps/server/dist/index.js`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  /** Everything the process wrote to stderr, for a failing test's message. */
  stderr(): string;
  /** Everything the process logged (pino's JSON lines on stdout). */
  log(): string;
  /** kill -9: no clean-up of any kind. */
  crash(): Promise<void>;
  /** SIGTERM: the server finishes what it is doing and closes the database. */
  stop(): Promise<void>;
}

/** Starts the built server with these settings (on `port`, or a free one) and waits until it and its job queue are up. */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  if (!existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: run npm run build first`);
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  let stderr = '';
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [BUILT_SERVER], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'true',
      WEB_DIST_DIR: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering:\n${stderr}`);
    try {
      const res = await fetch(`${url}/api/health`);
      const health = (await res.json()) as { jobs?: { status?: string } };
      if (res.ok && health.jobs?.status === 'up') break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 60 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    port,
    stderr: () => stderr,
    log: () => log,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** An HTTP client with a cookie jar, sending our Origin on writes as a browser on the app's page does. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(public base: string) {}

  /** The cookies this browser holds, as it would send them. */
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(path: string, init: { method?: string; json?: unknown; form?: Record<string, string>; multipart?: FormData } = {}): Promise<Response> {
    const headers = new Headers();
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader);
    let body: string | FormData | undefined;
    // fetch writes the multipart content type itself, with its boundary.
    if (init.multipart) body = init.multipart;
    else if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(init.form).toString();
    }
    const method = init.method ?? (body === undefined ? 'GET' : 'POST');
    if (method !== 'GET') headers.set('origin', new URL(this.base).origin);
    const res = await fetch(`${this.base}${path}`, { method, headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }

  async signIn(email: string, password: string): Promise<void> {
    const res = await this.request('/api/auth/sign-in/email', { json: { email, password } });
    if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  }
}
