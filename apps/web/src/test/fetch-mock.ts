import { vi } from 'vitest';
import type { MeDto, ProfileDto } from '@ops/shared/schemas/profiles';
import { DEFAULT_PUBLIC_SETTINGS } from '@/lib/public-settings.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters, e.g. { page: '2', sort: 'rating' }. */
  query: Record<string, string>;
  body: unknown;
}

type Reply = Response | Promise<Response>;
type Handler = (request: RecordedRequest) => Reply;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A reply that never comes, to look at the screen while a request is in flight. */
export function pending(): Promise<Response> {
  return new Promise<Response>(() => {});
}

/**
 * Replaces fetch for one test. Handlers are keyed by "METHOD /path" (without the query string, which
 * the handler finds in request.query); GET /api/me answers as the server does to a visitor
 * (200, no user) and GET /api/settings/public with the default settings unless given. Any other
 * request fails the test loudly.
 */
export function mockFetch(handlers: Record<string, Handler> = {}) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), body };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler) return handler(request);
    if (method === 'GET' && url.pathname === '/api/me') {
      return json({ user: null, session: null, profile: null });
    }
    if (method === 'GET' && url.pathname === '/api/settings/public') return json(DEFAULT_PUBLIC_SETTINGS);
    throw new Error(`Unexpected request in test: ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests other than the session check, in the order they were made. */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

export function makeProfile(overrides: Partial<ProfileDto> = {}): ProfileDto {
  return {
    id: 'profile-1',
    userId: 'user-1',
    email: 'jane@example.co.ke',
    role: 'client',
    fullName: 'Jane Wanjiru',
    phone: '254712345678',
    isCompany: false,
    companyName: null,
    avatarUrl: null,
    ...overrides,
  };
}

export function makeMe(profile: Partial<ProfileDto> = {}): MeDto {
  const full = makeProfile(profile);
  return {
    user: { id: full.userId, email: full.email, emailVerified: true },
    session: { expiresAt: '2030-01-01T00:00:00.000Z' },
    profile: full,
  };
}

/** GET /api/me answering as a signed-in user with this profile. */
export function signedInAs(profile: Partial<ProfileDto> = {}): Record<string, Handler> {
  return { 'GET /api/me': () => json(makeMe(profile)) };
}
