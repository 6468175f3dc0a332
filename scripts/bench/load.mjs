// One load run, in its own process so the load generator does not share the server's event loop:
//   node scripts/bench/load.mjs <spec.json>  → prints the result as one JSON line.
// The spec: { url, connections, seconds, warmupSeconds, requests: [{ method, path, headers, body }],
//             bookings?: { target: 'app' | 'bare', guardIds, dayBase, path, headers } }
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));

/** Nairobi's calendar date `days` from today, as YYYY-MM-DD. */
function nairobiDate(days) {
  const now = new Date(Date.now() + 3 * 3600_000);
  now.setUTCDate(now.getUTCDate() + days);
  return now.toISOString().slice(0, 10);
}

// Each booking request takes the next free slot: guard n mod N, on day dayBase + n div N, 09:00–17:00.
let sent = 0;
function nextBooking() {
  const { guardIds, dayBase, target } = spec.bookings;
  const n = sent++;
  const guardId = guardIds[n % guardIds.length];
  const date = nairobiDate(dayBase + Math.floor(n / guardIds.length));
  if (target === 'bare') return { guardId, start: `${date}T09:00:00+03:00` };
  return {
    serviceType: 'personal', guardId, teamSize: 1, date, startTime: '09:00', duration: 8, durationType: 'hourly',
    dressCode: 'business_suit', location: 'Karen', address: '12 Karen Road', notes: 'Gate 2',
  };
}

const requests = spec.bookings
  ? [{
      method: 'POST',
      path: spec.bookings.path,
      headers: { 'content-type': 'application/json', ...spec.bookings.headers },
      setupRequest: (req) => ({ ...req, body: JSON.stringify(nextBooking()) }),
    }]
  : spec.requests;

function run(seconds, connections = spec.connections) {
  return new Promise((resolve, reject) => {
    autocannon({ url: spec.url, connections, duration: seconds, requests, timeout: 10 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

if (spec.warmupSeconds) await run(spec.warmupSeconds, spec.warmupConnections);
const result = await run(spec.seconds);
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
  }),
);
