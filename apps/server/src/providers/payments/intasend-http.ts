/**
 * One place where requests to IntaSend are made: paths end with '/', every call has a time limit,
 * and every answer is turned into checked data or a PaymentProviderError, never a crash.
 */
import type { z } from 'zod';
import { PaymentProviderError } from './payment-provider.ts';
import { errorDetail } from './intasend-schemas.ts';

export interface IntaSendHttpConfig {
  baseUrl: string;
  publishableKey: string;
  secretKey: string;
  timeoutMs: number;
}

export interface IntaSendRequest<T extends z.ZodType> {
  method: 'GET' | 'POST';
  /** Under /api/v1/, ending with '/': IntaSend redirects a path without it. */
  path: string;
  /** Query string parameters (GET). */
  query?: Record<string, string>;
  /** public: key in the body (checkout, status); secret: Bearer header (STK push, chargebacks). */
  auth: 'public' | 'secret';
  body?: Record<string, unknown>;
  schema: T;
}

export type IntaSendHttp = <T extends z.ZodType>(request: IntaSendRequest<T>) => Promise<z.output<T>>;

const EXCERPT = 200;

export function createIntaSendHttp(config: IntaSendHttpConfig): IntaSendHttp {
  const root = `${config.baseUrl.replace(/\/+$/, '')}/api/v1/`;

  return async ({ method, path, query, auth, body, schema }) => {
    if (!path.endsWith('/') || path.startsWith('/')) throw new Error(`IntaSend path must be relative and end with '/': ${path}`);
    const url = root + path + (query ? `?${new URLSearchParams(query).toString()}` : '');
    const headers: Record<string, string> = { Accept: 'application/json' };
    let payload = body;
    if (auth === 'secret') headers.Authorization = `Bearer ${config.secretKey}`;
    else if (method === 'POST') payload = { ...body, public_key: config.publishableKey };
    if (payload) headers['Content-Type'] = 'application/json';

    let status = 0;
    let text: string;
    try {
      const response = await fetch(url, {
        method,
        headers,
        body: payload ? JSON.stringify(payload) : undefined,
        // A redirect would turn our POST into a GET and hide a wrong path; treat it as an error.
        redirect: 'manual',
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (err) {
      if (err instanceof Error && err.name === 'TimeoutError') {
        throw new PaymentProviderError('timeout', `${method} ${path}: no answer within ${config.timeoutMs} ms`, {
          status: status || undefined,
          cause: err,
        });
      }
      throw new PaymentProviderError('http', `${method} ${path}: request failed (${err instanceof Error ? err.message : String(err)})`, { cause: err });
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PaymentProviderError('bad_response', `${method} ${path}: HTTP ${status}, not JSON: ${text.slice(0, EXCERPT)}`, { status });
    }

    if (status < 200 || status > 299) {
      const words = errorDetail(json);
      const detail = words ?? text.slice(0, EXCERPT);
      const kind = status >= 400 && status < 500 && status !== 429 ? 'rejected' : status >= 300 && status < 400 ? 'bad_response' : 'http';
      throw new PaymentProviderError(kind, `${method} ${path}: HTTP ${status}: ${detail}`, { status, providerMessage: words });
    }

    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
      throw new PaymentProviderError('bad_response', `${method} ${path}: HTTP ${status}, unexpected shape: ${issues}`, { status });
    }
    return parsed.data;
  };
}

const SANDBOX_HOSTS = new Set(['sandbox.intasend.com']);
const LIVE_HOSTS = new Set(['payment.intasend.com', 'api.intasend.com']);

/**
 * Keys carry their environment in their prefix. A live key against the sandbox (or the reverse) is
 * a configuration mistake that would fail every payment, so it stops the server at start-up.
 */
export function assertIntaSendKeys(config: Pick<IntaSendHttpConfig, 'baseUrl' | 'publishableKey' | 'secretKey'>): void {
  const pub = /^ISPubKey_(test|live)_/.exec(config.publishableKey)?.[1];
  const secret = /^ISSecretKey_(test|live)_/.exec(config.secretKey)?.[1];
  if (!pub) throw new Error('IntaSend publishable key must start with ISPubKey_test_ or ISPubKey_live_');
  if (!secret) throw new Error('IntaSend secret key must start with ISSecretKey_test_ or ISSecretKey_live_');
  if (pub !== secret) throw new Error(`IntaSend keys disagree: publishable key is ${pub}, secret key is ${secret}`);
  const host = new URL(config.baseUrl).hostname;
  if (SANDBOX_HOSTS.has(host) && pub !== 'test') throw new Error(`live IntaSend keys cannot be used against ${host}`);
  if (LIVE_HOSTS.has(host) && pub !== 'live') throw new Error(`test IntaSend keys cannot be used against ${host}`);
}
