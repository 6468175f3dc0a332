/** Talks to the app through app.request like a browser would: JSON bodies and a cookie jar. */
import type { App } from '../app.ts';

export const TEST_APP_URL = 'http://localhost:3000';

export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly app: App) {}

  get cookieNames(): string[] {
    return [...this.cookies.keys()];
  }

  /** The Cookie header this client sends, as a browser holding its cookies would. */
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Holds a cookie as if the server had set it (a session written straight to the database). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader);
    // Better Auth checks the origin of state-changing requests, as a browser on our site sends it.
    if (!headers.has('origin')) headers.set('origin', TEST_APP_URL);
    const res = await this.app.request(new URL(path, TEST_APP_URL).toString(), { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request(path, { method: 'GET', headers });
  }

  post(path: string, body?: unknown) {
    return this.send('POST', path, body);
  }

  patch(path: string, body?: unknown) {
    return this.send('PATCH', path, body);
  }

  put(path: string, body?: unknown) {
    return this.send('PUT', path, body);
  }

  delete(path: string) {
    return this.request(path, { method: 'DELETE' });
  }

  private send(method: string, path: string, body: unknown) {
    return this.request(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}
