import { describe, expect, it } from 'vitest';
import { clientAddressResolver, type TrustProxy } from './client-address.ts';

const CLIENT = '203.0.113.7';
const FORGED = '198.51.100.99';
const NGINX = '10.0.0.2';
const BALANCER = '10.0.0.1';

const addressOf = (setting: TrustProxy, socket: string | undefined, forwardedFor?: string) => clientAddressResolver(setting)(socket, forwardedFor);

describe('the client address with no proxy trusted', () => {
  it.each([false, 0] as const)('is the connection’s address, whatever X-Forwarded-For says (%j)', (setting) => {
    expect(addressOf(setting, CLIENT, FORGED)).toBe(CLIENT);
    expect(addressOf(setting, CLIENT)).toBe(CLIENT);
  });

  it('is "local" for a request made in-process, with no connection', () => {
    expect(addressOf(false, undefined, FORGED)).toBe('local');
  });
});

describe('the client address with a number of proxies in front', () => {
  it('one proxy: the entry it appended (right-most), not what the client wrote before it', () => {
    expect(addressOf(1, NGINX, CLIENT)).toBe(CLIENT);
    expect(addressOf(1, NGINX, `${FORGED}, ${CLIENT}`)).toBe(CLIENT);
    expect(addressOf(1, NGINX, `1.1.1.1, ${FORGED},${CLIENT}`)).toBe(CLIENT);
  });

  it('two proxies: the entry before the one the inner proxy appended', () => {
    // The balancer appends the client; nginx appends the balancer; nginx connects.
    expect(addressOf(2, NGINX, `${FORGED}, ${CLIENT}, ${BALANCER}`)).toBe(CLIENT);
    expect(addressOf(2, NGINX, `${CLIENT}, ${BALANCER}`)).toBe(CLIENT);
  });

  it('a chain shorter than the count: its left-most address', () => {
    expect(addressOf(3, NGINX, CLIENT)).toBe(CLIENT);
  });

  it('no X-Forwarded-For: the connection’s address', () => {
    expect(addressOf(1, NGINX)).toBe(NGINX);
  });
});

describe('the client address with a list of proxies', () => {
  it('skips the listed proxies from the right and stops at the first address that is not one', () => {
    expect(addressOf([NGINX], NGINX, `${FORGED}, ${CLIENT}`)).toBe(CLIENT);
    expect(addressOf(['10.0.0.0/8'], NGINX, `${FORGED}, ${CLIENT}, ${BALANCER}`)).toBe(CLIENT);
    expect(addressOf(['loopback', '10.0.0.0/8'], '127.0.0.1', `${FORGED}, ${CLIENT}, ${BALANCER}`)).toBe(CLIENT);
  });

  it('a connection from an address that is not listed is the client itself, whatever it sends', () => {
    expect(addressOf([NGINX], CLIENT, FORGED)).toBe(CLIENT);
  });

  it('works with IPv6 addresses and ranges, and IPv4 seen as IPv6 by the socket', () => {
    expect(addressOf(['fd00::/8'], 'fd00::2', `${FORGED}, 2001:db8::7`)).toBe('2001:db8::7');
    expect(addressOf([NGINX], `::ffff:${NGINX}`, `${FORGED}, ${CLIENT}`)).toBe(CLIENT);
  });
});

describe('the client address with every hop trusted (TRUST_PROXY=true)', () => {
  it('is the left-most entry, which the client can write: kept for older set-ups, warned about at start', () => {
    expect(addressOf(true, NGINX, `${FORGED}, ${CLIENT}`)).toBe(FORGED);
  });
});
