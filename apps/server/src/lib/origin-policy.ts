/**
 * Which pages may change something (decision 010): APP_URL's origin, TRUSTED_ORIGINS, and what a
 * request says about where it came from. Pure rules, read by the cross-site middleware
 * (same-origin.ts) and by Better Auth's own origin check (auth/auth.ts), which the context's
 * dependencies carry: kept apart from the middleware so the context can name the policy without
 * importing the middleware that reads the context.
 */
export interface OriginPolicy {
  /** APP_URL's origin. Null when APP_URL is not set: the address each request came to is the app's. */
  appOrigin: string | null;
  /** TRUSTED_ORIGINS: further sites whose pages may write (a second domain of the same app). */
  trustedOrigins: readonly string[];
  /** Behind a reverse proxy the address a request came to is in X-Forwarded-Proto and -Host. */
  trustProxy: boolean;
}

/** 'https://Ops.Example:443/x' → 'https://ops.example'; null for anything but an http(s) URL. */
export function toOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

const firstValue = (header: string | null) => header?.split(',')[0]?.trim() || null;

/** Scheme and host the request was sent to, as received (or as the trusted proxy reports them). */
export function receivedOrigin(request: Request, trustProxy: boolean): string | null {
  const url = new URL(request.url);
  if (trustProxy) {
    const proto = firstValue(request.headers.get('x-forwarded-proto'));
    const host = firstValue(request.headers.get('x-forwarded-host'));
    if (proto || host) return toOrigin(`${proto ?? url.protocol.slice(0, -1)}://${host ?? url.host}`);
  }
  return url.origin;
}

/** The origins whose pages may change something through this request. */
export function allowedOrigins(policy: OriginPolicy, request?: Request): string[] {
  const own = policy.appOrigin ?? (request ? receivedOrigin(request, policy.trustProxy) : null);
  return own ? [own, ...policy.trustedOrigins] : [...policy.trustedOrigins];
}

/**
 * Whether a page of the app sent this request. The Origin header decides when a browser sent one;
 * without it, Fetch Metadata's Sec-Fetch-Site does ('same-origin', or 'none' for the user's own
 * action); 'same-site' (another port or subdomain) is not the app. A request with neither header
 * is not from a browser made in the last years; it may write only while it carries no cookie, so
 * a session can never be used by a page that managed to hide where it came from.
 */
export function isOwnOriginRequest(policy: OriginPolicy, request: Request): boolean {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if (origin !== null && origin !== 'null') {
    const normalized = toOrigin(origin);
    return normalized !== null && allowedOrigins(policy, request).includes(normalized);
  }
  // 'Origin: null' is what a same-origin form sends after some redirects; Fetch Metadata tells.
  if (site !== null) return site === 'same-origin' || site === 'none';
  if (origin === 'null') return false;
  return !request.headers.has('cookie');
}
