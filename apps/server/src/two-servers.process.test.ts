/**
 * How the app grows past one machine: two copies of the built server against one PostgreSQL. A
 * session made on one is good on the other, sign-in limits count the attempts made on both, and
 * the jobs of both are shared: each runs once, on whichever copy takes it. PostgreSQL only (PGlite
 * belongs to one process): the process config includes this file when TEST_DATABASE_URL is set.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { Browser, startServer, type ServerProcess } from './test/server-process.ts';

const baseUrl = process.env.TEST_DATABASE_URL ?? '';
let admin: pg.Client;
let databaseUrl = '';
const dirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const name = `ops_two_${process.pid}_${Date.now()}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  // Each copy its own data directory (its own outbox), as on two machines; one database.
  for (let i = 0; i < 2; i += 1) dirs.push(await mkdtemp(join(tmpdir(), `ops-copy-${i}-`)));
  // The first copy migrates and seeds; the second then finds both done.
  a = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dirs[0]!, AUTH_SECRET: 'one-secret-shared-by-every-copy-of-the-app' });
  b = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dirs[1]!, AUTH_SECRET: 'one-secret-shared-by-every-copy-of-the-app' });
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await admin.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
  await admin.end();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('two copies of the server on one PostgreSQL', () => {
  it('takes a session made on one copy on the other, and sign-out on the other ends it on both', async () => {
    const browser = new Browser(a.url);
    await browser.signIn('client@example.co.ke', 'Client#2026!');
    browser.base = b.url;
    const me = await browser.request('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email: 'client@example.co.ke' } });
    expect((await browser.request('/api/auth/sign-out', { json: {} })).status).toBe(200);
    browser.base = a.url;
    expect(await (await browser.request('/api/me')).json()).toMatchObject({ user: null });
  });

  it('counts failed sign-ins made on both copies against one limit', async () => {
    const guesses = [a, b, a, b, a].map(async (server) => {
      const res = await new Browser(server.url).request('/api/auth/sign-in/email', {
        json: { email: 'partner@ebssa.co.ke', password: 'not-the-password-1' },
      });
      return res.status;
    });
    // Five wrong passwords for one account from one address, spread over the two copies...
    expect((await Promise.all(guesses)).every((status) => status === 401)).toBe(true);
    // ...and both copies now pause that account for this address, even for the right password.
    for (const server of [a, b]) {
      const res = await new Browser(server.url).request('/api/auth/sign-in/email', { json: { email: 'partner@ebssa.co.ke', password: 'Partner#2026!' } });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
  });

  it('shares the jobs: confirmations of payments made on either copy are each sent once, by one copy or the other', async () => {
    const clients = [
      ['company@example.co.ke', 'Company#2026!'],
      ['student@example.co.ke', 'Student#2026!'],
    ] as const;
    const references: string[] = [];
    await Promise.all(
      clients.map(async ([email, password], i) => {
        const browser = new Browser(i === 0 ? a.url : b.url);
        await browser.signIn(email, password);
        for (let n = 0; n < 12; n += 1) {
          // Alternate copies, as a load balancer would.
          browser.base = n % 2 === 0 ? a.url : b.url;
          const booked = await browser.request('/api/bookings', {
            json: {
              serviceType: 'personal',
              guardId: null,
              teamSize: 1,
              date: addDaysToDate(nairobiDate(new Date()), 2 + n),
              startTime: '09:00',
              duration: 8,
              durationType: 'hourly',
              dressCode: 'business_suit',
              location: 'Karen',
              address: '12 Karen Road',
              notes: 'two copies',
            },
          });
          expect(booked.status).toBe(201);
          const { id, reference } = (await booked.json()) as { id: string; reference: string };
          const paid = await browser.request(`/api/bookings/${id}/payments`, { json: { method: 'mpesa', phone: '0712 345 678' } });
          const { checkoutUrl } = (await paid.json()) as { checkoutUrl: string };
          browser.base = n % 2 === 0 ? b.url : a.url;
          expect((await browser.request(checkoutUrl, { form: { action: 'approve', phone: '0712345678' } })).status).toBe(303);
          references.push(reference);
        }
      }),
    );

    const confirmations = async () => {
      const perCopy = await Promise.all(
        dirs.map(async (dir) =>
          (await readdir(join(dir, 'outbox')).catch(() => [])).filter((f) => f.startsWith('booking-confirmation-') && f.endsWith('.eml')),
        ),
      );
      return perCopy;
    };
    await expect.poll(async () => (await confirmations()).flat().length, { timeout: 60_000, interval: 500 }).toBe(references.length);
    const perCopy = await confirmations();
    // Each booking once in all (no copy ran a job the other ran too), and both copies did some.
    expect(new Set(perCopy.flat()).size).toBe(references.length);
    expect(perCopy.every((files) => files.length > 0)).toBe(true);
  });
});
