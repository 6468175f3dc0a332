/**
 * The client's address, the one every rate limit, request log line and audit row uses. Behind a
 * reverse proxy the connection comes from the proxy, and the client is somewhere in
 * X-Forwarded-For; but anyone can send that header, and a proxy appends to what it received. So
 * the address is read from the right, as Express's `trust proxy` does (with its own proxy-addr):
 * the chain is the header's entries followed by the connection's address, and the trusted proxies
 * at its right end are skipped. The first address that is not a trusted proxy is the client; what
 * a client wrote further left is never reached.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * TRUST_PROXY: false (no proxy: the connection's address), a number of proxies in front (the
 * client is that many hops from the connection), a list of the proxies' addresses or ranges
 * (CIDR, or proxy-addr's names loopback, linklocal, uniquelocal), or true: every hop is trusted
 * and the left-most entry, which the client may have written itself, is the address.
 */
export type TrustProxy = boolean | number | readonly string[];

/** Whether the address `hop` steps from the connection (0: the connection itself) is a trusted proxy. */
type Trust = (address: string, hop: number) => boolean;

/** Throws (naming the entry) when a listed proxy is not an address or range. */
function compileTrust(setting: TrustProxy): Trust | null {
  if (setting === false || setting === 0) return null;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile([...setting]);
}

/** 'loopback, 10.0.0.0/8' → the entries; throws a TypeError naming the first that is not an address or range. */
export function parseProxyList(value: string): string[] {
  const entries = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  proxyAddr.compile(entries);
  return entries;
}

/** Stands in for the connection's address when there is none (a request made in-process). */
const NO_SOCKET = 'local';

/**
 * Returns the function that gives a request's client address from its connection's address and its
 * X-Forwarded-For header, for the given TRUST_PROXY setting (compiled once).
 */
export function clientAddressResolver(setting: TrustProxy): (socketAddress: string | undefined, forwardedFor: string | undefined) => string {
  const trust = compileTrust(setting);
  return (socketAddress, forwardedFor) => {
    const socket = socketAddress ?? NO_SOCKET;
    if (!trust || !forwardedFor) return socket;
    const request = { headers: { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: socket } };
    return proxyAddr(request as unknown as IncomingMessage, trust) || socket;
  };
}
