// The bare ceiling: node:http and the database driver, nothing else. It runs the statements the
// app's services run (recorded by apps/server/scripts/bench-seed.ts) and answers with the same data
// as JSON; no framework, no session check, no validation, no logging. What the app achieves
// beside it is the cost of everything the product adds.
//   CEILING_FIXTURE=… (CEILING_DATABASE_URL=postgres://… | CEILING_PGLITE_DIR=…) PORT=… node scripts/bench/ceiling.mjs
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const fixture = JSON.parse(readFileSync(process.env.CEILING_FIXTURE, 'utf8'));
const port = Number(process.env.PORT);

let query;
let close;
if (process.env.CEILING_DATABASE_URL) {
  const pg = (await import('pg')).default;
  // The same pool size as the app's (apps/server/src/db/client.ts).
  const pool = new pg.Pool({ connectionString: process.env.CEILING_DATABASE_URL, max: 10 });
  // Named statements: each connection prepares them once, then only binds and executes.
  query = async (name, text, values) => (await pool.query({ name, text, values })).rows;
  close = () => pool.end();
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const client = await PGlite.create(`${process.env.CEILING_PGLITE_DIR}/pgdata`, { extensions: { btree_gist } });
  query = async (_name, text, values) => (await client.query(text, values)).rows;
  close = () => client.close();
}

async function run(screen) {
  const results = [];
  for (const [index, statement] of fixture.statements[screen].entries()) {
    results.push(await query(`${screen}-${index}`, statement.sql, statement.params));
  }
  return results;
}

// The booking clients by number (bench-booker-1 …): the load names which one makes each booking.
const bookerIds = new Map(
  (await query('bookers', `select id, user_id from profiles where user_id like 'bench-booker-%'`, [])).map((row) => [
    Number(row.user_id.slice('bench-booker-'.length)),
    row.id,
  ]),
);
const insertBooking = `insert into bookings (reference, client_profile_id, guard_profile_id, service_type, booking_type, team_size, area, address,
  start_time, end_time, duration_hours, price, status, payment_status, hold_expires_at)
  values ($1, $2, $3, 'personal', 'hourly', 1, 'Karen', '12 Karen Road', $4, $4::timestamptz + interval '8 hours', 8, 9600, 'pending', 'unpaid',
  now() + interval '30 minutes') returning id, reference, status, payment_status, price, start_time, end_time`;

const screens = {
  '/list': async () => {
    const [items, count] = await run('list');
    return { items, page: 1, pageSize: 24, total: count ? Number(Object.values(count[0])[0]) : items.length };
  },
  '/list-filtered': async () => {
    const [items, count] = await run('listFiltered');
    return { items, page: 1, pageSize: 24, total: count ? Number(Object.values(count[0])[0]) : items.length };
  },
  '/profile': async () => (await run('profile'))[0][0],
  '/reviews': async () => (await run('reviews')).at(-1),
  '/stats': async () => {
    const [[counts], [spent]] = await run('stats');
    return { ...counts, totalSpent: Number(Object.values(spent)[0]) };
  },
  '/recent': async () => (await run('recent'))[0],
};

function readBody(req) {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });
}

const server = createServer(async (req, res) => {
  try {
    let status = 200;
    let body;
    if (req.method === 'POST' && req.url === '/booking') {
      const { guardId, booker, start } = JSON.parse(await readBody(req));
      const ref = `BARE-${randomUUID()}`;
      body = (await query('insert-booking', insertBooking, [ref, bookerIds.get(booker), guardId, start]))[0];
      status = 201;
    } else if (req.method === 'GET' && req.url.startsWith('/certificate-verify/')) {
      // The verification lookup alone: no per-address count, no state, no caching headers.
      const ref = decodeURIComponent(req.url.slice('/certificate-verify/'.length));
      const [row] = await query('certificate-lookup', fixture.certificateLookup.sql, [ref]);
      if (!row) status = 404;
      body = row ?? { message: 'not found' };
    } else {
      const screen = screens[req.url];
      if (!screen) {
        res.writeHead(404).end();
        return;
      }
      body = await screen();
    }
    const json = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
    res.end(json);
  } catch (err) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
  }
});
server.listen(port, '127.0.0.1', () => console.log(`ceiling listening on ${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => close().then(() => process.exit(0))));
}
