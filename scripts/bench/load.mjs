// One load run, in its own process so the load generator does not share the server's event loop:
//   node scripts/bench/load.mjs <spec.json>  → prints the result as one JSON line.
// The spec: { url, connections, seconds, warmupSeconds, requests: [{ method, path, headers, body }],
//             (a request may have randomPath: { prefix, values }: each request asks for prefix + one of the
//              values at random, and randomClientAddress: each names a random client in X-Forwarded-For),
//             bookings?: { target: 'app' | 'bare', guardIds, dayBase, path, headers,
//                          bookers: { count, tokenPrefix, perBooker, base, cookieName, secret } },
//             checkIns?: { base, bookings: [{ bookingId, siteCode, guard }], tokenPrefix, cookieName, secret, headers },
//             amount?, warmupAmount? (a number of requests instead of seconds: each check-in is a guard's once) }
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));

/** Nairobi's calendar date `days` from today, as YYYY-MM-DD. */
function nairobiDate(days) {
  const now = new Date(Date.now() + 3 * 3600_000);
  now.setUTCDate(now.getUTCDate() + days);
  return now.toISOString().slice(0, 10);
}

/** A session cookie as Better Auth signs it: token.HMAC-SHA256, URI-encoded. */
function sessionCookie({ tokenPrefix, cookieName, secret }, i) {
  const token = `${tokenPrefix}${i}`;
  return `${cookieName}=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;
}
/** The session cookie of booking client i (1-based). */
const bookerCookie = (i) => sessionCookie(spec.bookings.bookers, i);

// Each check-in request is the next guard's, into their own shift with its site code.
let checkInsSent = 0;
function nextCheckIn(req) {
  const { base, bookings } = spec.checkIns;
  const shift = bookings[base + checkInsSent++];
  if (!shift) throw new Error('the seed has no more shifts to check into');
  return {
    ...req,
    path: `/api/shifts/${shift.bookingId}/check-in`,
    headers: { ...req.headers, cookie: sessionCookie(spec.checkIns, shift.guard) },
    body: JSON.stringify({ siteCode: shift.siteCode }),
  };
}

// Each booking request takes the next free slot: guard n mod N, on day dayBase + n div N, 09:00–17:00,
// booked by the next booking client (perBooker bookings each: a client keeps at most 3 unpaid holds).
let sent = 0;
function nextBooking() {
  const { guardIds, dayBase, target, bookers } = spec.bookings;
  const n = sent++;
  const guardId = guardIds[n % guardIds.length];
  const date = nairobiDate(dayBase + Math.floor(n / guardIds.length));
  const booker = 1 + ((bookers.base + Math.floor(n / bookers.perBooker)) % bookers.count);
  if (target === 'bare') return { booker, body: { guardId, booker, start: `${date}T09:00:00+03:00` } };
  const body = {
    serviceType: 'personal',
    guardId,
    teamSize: 1,
    date,
    startTime: '09:00',
    duration: 8,
    durationType: 'hourly',
    dressCode: 'business_suit',
    location: 'Karen',
    address: '12 Karen Road',
    notes: 'Gate 2',
  };
  return { booker, body };
}

const requests = spec.checkIns
  ? [
      {
        method: 'POST',
        path: '/api/shifts/check-in',
        headers: { 'content-type': 'application/json', ...spec.checkIns.headers },
        setupRequest: nextCheckIn,
      },
    ]
  : spec.bookings
    ? [
        {
          method: 'POST',
          path: spec.bookings.path,
          headers: { 'content-type': 'application/json', ...spec.bookings.headers },
          setupRequest: (req) => {
            const { booker, body } = nextBooking();
            const headers = spec.bookings.target === 'app' ? { ...req.headers, cookie: bookerCookie(booker) } : req.headers;
            return { ...req, headers, body: JSON.stringify(body) };
          },
        },
      ]
    : spec.requests.map(varied);

function varied(request) {
  const { randomPath, randomClientAddress, ...rest } = request;
  if (!randomPath && !randomClientAddress) return request;
  const pick = (values) => values[Math.floor(Math.random() * values.length)];
  const octet = () => Math.floor(Math.random() * 256);
  return {
    ...rest,
    path: randomPath ? randomPath.prefix : rest.path,
    setupRequest: (req) => ({
      ...req,
      path: randomPath ? `${randomPath.prefix}${encodeURIComponent(pick(randomPath.values))}` : req.path,
      headers: randomClientAddress ? { ...req.headers, 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } : req.headers,
    }),
  };
}

function run(seconds, connections = spec.connections, amount = undefined) {
  return new Promise((resolve, reject) => {
    const options = { url: spec.url, connections, requests, timeout: 10, ...(amount ? { amount } : { duration: seconds }) };
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

if (spec.warmupAmount) await run(0, spec.warmupConnections, spec.warmupAmount);
else if (spec.warmupSeconds && !spec.amount) await run(spec.warmupSeconds, spec.warmupConnections);
const result = await run(spec.seconds, spec.connections, spec.amount);
console.log(
  JSON.stringify({
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
    bytesPerReq: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    // Booking requests sent, warm-up included: the next run starts on days after these slots.
    bookingsSent: sent,
    checkInsSent,
  }),
);
