/**
 * After bench-seed.ts has loaded a benchmark database: adds an admin who signs
 * in, records the statements the console's overview and guard table run (through the real
 * services), EXPLAINs them, and writes what the benchmark needs to a JSON file:
 *   DATA_DIR=/tmp/b npx tsx apps/server/scripts/bench-admin-seed.ts --password <pw> --out /tmp/b/admin.json
 * With DATABASE_URL it uses that PostgreSQL database, otherwise PGlite under DATA_DIR.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { hashPassword } from 'better-auth/crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { adminGuardListQuery, adminOfficerListQuery } from '@ops/shared/schemas/admin';
import { adminBookingListQuery } from '@ops/shared/schemas/admin-bookings';
import { adminClientListQuery } from '@ops/shared/schemas/admin-clients';
import { adminPaymentListQuery } from '@ops/shared/schemas/admin-payments';
import { boardQuery } from '@ops/shared/schemas/shifts';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { pgliteExtensions, type Database } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { listAdminBookings } from '../src/modules/bookings/admin-bookings.service.ts';
import { listAdminClients } from '../src/modules/clients/admin-clients.service.ts';
import { listAdminGuards } from '../src/modules/guards/admin-guards.service.ts';
import { listPayments, paymentSummary } from '../src/modules/payments/payments-console.service.ts';
import { listOfficers } from '../src/modules/guards/admin-officers.service.ts';
import { getOverview } from '../src/modules/admin/admin-overview.service.ts';
import { todayBoard } from '../src/modules/shifts/shift-board.service.ts';

const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? undefined : process.argv[at + 1];
  if (!value) throw new Error(`--${name} is required`);
  return value;
};
const outFile = option('out');
const password = option('password');
/** A name fragment that finds about ten of the seeded guards ('Bench Guard 123', 1230–1239). */
const SEARCH = 'Guard 123';
const ADMIN_EMAIL = 'bench-admin@example.invalid';
/** The console's other lists, as the benchmark asks for them (query strings of /api/admin/...). */
const today = nairobiDate(new Date());
const QUERIES = {
  clientsSearch: new URLSearchParams({ q: 'Client 4321' }).toString(),
  bookingsFiltered: new URLSearchParams({ status: 'completed', payment: 'paid', from: addDaysToDate(today, -90), to: today }).toString(),
  bookingsSearch: new URLSearchParams({ q: 'Client 4321' }).toString(),
  paymentsFiltered: new URLSearchParams({ status: 'paid', method: 'mpesa', from: addDaysToDate(today, -90), to: today }).toString(),
  paymentsSearch: new URLSearchParams({ q: 'Client 4321' }).toString(),
};
const query = (text: string) => Object.fromEntries(new URLSearchParams(text));
const BIG_TABLES = ['guards', 'profiles', 'users', 'bookings', 'payments', 'reviews', 'sessions', 'accounts', 'audit_events'];

type Recorded = { sql: string; params: unknown[] };
let recording: Recorded[] | null = null;
const logger = { logQuery: (query: string, params: unknown[]) => recording?.push({ sql: query, params }) };

let db: Database;
let raw: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  db = drizzlePg(pool, { schema, logger });
  raw = async (text, params) => (await pool.query(text, params)).rows as Record<string, unknown>[];
  close = () => pool.end();
} else {
  const client = await PGlite.create(`${resolve(process.env.DATA_DIR ?? './.data')}/pgdata`, { extensions: pgliteExtensions });
  db = drizzlePglite(client, { schema, logger });
  raw = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
  close = () => client.close();
}

await raw(`insert into users (id, name, email, email_verified) values ('bench-admin', 'Bench Admin', $1, true)`, [ADMIN_EMAIL]);
await raw(`insert into profiles (user_id, role, full_name) values ('bench-admin', 'admin', 'Bench Admin')`);
await raw(`insert into accounts (id, account_id, provider_id, user_id, password) values ($1, 'bench-admin', 'credential', 'bench-admin', $2)`, [
  crypto.randomUUID(),
  await hashPassword(password),
]);

// A server that has run a while has been vacuumed by autovacuum (the visibility map that lets counts
// read indexes alone); a database loaded a minute ago has not.
await raw('vacuum analyze');

async function record(run: () => Promise<unknown>): Promise<Recorded[]> {
  recording = [];
  await run();
  const statements = recording;
  recording = null;
  return statements;
}
const statements = {
  adminOverview: await record(() => getOverview(db, new Date())),
  adminGuards: await record(() => listAdminGuards(db, adminGuardListQuery.parse({}))),
  adminGuardsSearch: await record(() => listAdminGuards(db, adminGuardListQuery.parse({ q: SEARCH }))),
  adminGuardsByName: await record(() => listAdminGuards(db, adminGuardListQuery.parse({ sort: 'name', dir: 'asc' }))),
  adminOfficers: await record(() => listOfficers(db, adminOfficerListQuery.parse({ tab: 'pending' }))),
  adminClientsSearch: await record(() => listAdminClients(db, adminClientListQuery.parse(query(QUERIES.clientsSearch)))),
  adminBookings: await record(() => listAdminBookings(db, adminBookingListQuery.parse({}))),
  adminBookingsFiltered: await record(() => listAdminBookings(db, adminBookingListQuery.parse(query(QUERIES.bookingsFiltered)))),
  adminBookingsSearch: await record(() => listAdminBookings(db, adminBookingListQuery.parse(query(QUERIES.bookingsSearch)))),
  adminPayments: await record(() => listPayments(db, adminPaymentListQuery.parse({}))),
  adminPaymentsFiltered: await record(() => listPayments(db, adminPaymentListQuery.parse(query(QUERIES.paymentsFiltered)))),
  adminPaymentsSearch: await record(() => listPayments(db, adminPaymentListQuery.parse(query(QUERIES.paymentsSearch)))),
  adminPaymentsSummary: await record(() => paymentSummary(db, {}, new Date())),
  adminShiftsToday: await record(() => todayBoard(db, new Date(), boardQuery.parse({}))),
};

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && BIG_TABLES.includes(node['Relation Name'])) found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}
const explain: Record<string, { statement: number; seqScans: string[] }[]> = {};
for (const [name, list] of Object.entries(statements)) {
  explain[name] = [];
  for (const [index, statement] of list.entries()) {
    // An estimate the service asked the planner for runs nothing itself.
    if (/^explain /i.test(statement.sql)) continue;
    const [row] = await raw(`explain (format json) ${statement.sql}`, statement.params);
    const plan = (row?.['QUERY PLAN'] as { Plan: PlanNode }[] | string | undefined) ?? [];
    const parsed = typeof plan === 'string' ? (JSON.parse(plan) as { Plan: PlanNode }[]) : plan;
    explain[name].push({ statement: index + 1, seqScans: parsed[0] ? seqScans(parsed[0].Plan) : ['(no plan)'] });
  }
}
await close();
writeFileSync(outFile, JSON.stringify({ adminEmail: ADMIN_EMAIL, search: SEARCH, queries: QUERIES, explain }, null, 1));
console.log(`Wrote ${outFile}`);
