/**
 * How the app grows past one machine: two copies of the built server against one PostgreSQL, each
 * with its own data directory, set up as an operator adding a second machine would: no AUTH_SECRET
 * or CREDENTIAL_SIGNING_KEY (the copies share the ones generated into the database), and the files
 * in one S3-compatible bucket (a local S3 server started here). A session made on one is good on
 * the other, both publish the same credential signing key, a document uploaded through one is read
 * through the other, sign-in limits count the attempts made on both, and the jobs of both are
 * shared: each runs once, on whichever copy takes it. PostgreSQL only (PGlite belongs to one
 * process): the process config includes this file when TEST_DATABASE_URL is set.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { compactVerify, importJWK, type JWK } from 'jose';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { Browser, freePort, startServer, type ServerProcess } from './test/server-process.ts';
import { TEST_DATABASE_URL } from './test/test-env.ts';

const baseUrl = TEST_DATABASE_URL ?? '';
let admin: pg.Client;
let databaseUrl = '';
const dirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
let s3: S3rver;
let bucketDir = '';
/** Both copies' clock runs ahead by the milliseconds in this file (CLOCK_OFFSET_FILE), as in a rehearsal. */
let clockFile = '';

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
  // One bucket for the files of both, as an operator with more than one copy sets up.
  bucketDir = await mkdtemp(join(tmpdir(), 'ops-copies-bucket-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: bucketDir });
  const endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  const bucketAdmin = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await bucketAdmin.send(new CreateBucketCommand({ Bucket: 'ops-files' }));
  bucketAdmin.destroy();
  clockFile = join(bucketDir, '..', `ops-copies-clock-${process.pid}`);
  await writeFile(clockFile, '0');
  // Behind one load balancer: one address people use (credentials name it as their issuer), and
  // pages served by either copy may send requests to both.
  const ports = [await freePort(), await freePort()] as const;
  const shared = {
    APP_URL: 'http://ops.example.test',
    TRUSTED_ORIGINS: ports.map((port) => `http://127.0.0.1:${port}`).join(','),
    DATABASE_URL: databaseUrl,
    FILES_S3_BUCKET: 'ops-files',
    FILES_S3_ENDPOINT: endpoint,
    FILES_S3_ACCESS_KEY_ID: 'S3RVER',
    FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
    FILES_S3_FORCE_PATH_STYLE: 'true',
    CLOCK_OFFSET_FILE: clockFile,
  };
  // The first copy migrates and seeds; the second then finds both done.
  a = await startServer({ ...shared, DATA_DIR: dirs[0]! }, ports[0]);
  b = await startServer({ ...shared, DATA_DIR: dirs[1]! }, ports[1]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.close();
  await admin.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
  await admin.end();
  await Promise.all([...dirs, bucketDir, clockFile].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('two copies of the server on one PostgreSQL', () => {
  it('takes a session made on one copy on the other, and sign-out on the other ends it on both', async () => {
    const browser = new Browser(a.url);
    await browser.signIn('client@example.co.ke', 'Client#2026!');
    // Both copies have answered for the session, so both remember it.
    for (const url of [a.url, b.url, a.url, b.url]) {
      browser.base = url;
      const me = await browser.request('/api/me');
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ user: { email: 'client@example.co.ke' } });
    }
    const cookie = browser.cookieHeader;
    expect((await browser.request('/api/auth/sign-out', { json: {} })).status).toBe(200);
    // A copy of the cookie kept from before is refused by the other copy on its very next request.
    const stolen = await fetch(`${a.url}/api/me`, { headers: { cookie } });
    expect(await stolen.json()).toMatchObject({ user: null });
  });

  it('shares the secrets generated into the database, and keeps them out of the data directories and the logs', async () => {
    const copiesDb = new pg.Client({ connectionString: databaseUrl });
    await copiesDb.connect();
    const { rows } = await copiesDb
      .query<{ name: string; value: string }>('select name, value from server_secrets order by name')
      .finally(() => copiesDb.end());
    expect(rows.map((r) => r.name)).toEqual(['auth-secret', 'credential-signing-key']);
    for (const dir of dirs) expect(await readdir(dir)).not.toContain('auth-secret');
    for (const dir of dirs) expect(await readdir(dir)).not.toContain('credential-signing-key.json');
    const privateKey = (JSON.parse(rows[1]!.value) as { d: string }).d;
    for (const server of [a, b]) {
      const output = server.log() + server.stderr();
      expect(output).not.toContain(rows[0]!.value);
      expect(output).not.toContain(privateKey);
      // The files are in the bucket: no copy warns that they stay on its own disk.
      expect(output).not.toContain("files: on this copy's disk");
    }
    // The first copy made the secret and said so; the second found it.
    expect(a.log()).toContain('AUTH_SECRET is not set; generated one and stored it in the database');
    expect(b.log()).not.toContain('AUTH_SECRET is not set');
  });

  it('publishes one issuer key on both copies, and a credential signed by one checks on the other', async () => {
    const published = await Promise.all(
      [a, b].map(async (server) => {
        const res = await new Browser(server.url).request('/api/credentials/issuer');
        expect(res.status).toBe(200);
        return ((await res.json()) as { verificationMethod: { publicKeyJwk: JWK }[] }).verificationMethod[0]!.publicKeyJwk;
      }),
    );
    expect(published[1]).toEqual(published[0]);
    expect(published[0]).not.toHaveProperty('d');

    // The demo's certificate, issued by whichever copy got there first once it listened.
    const guard = new Browser(b.url);
    await guard.signIn('guard3@example.co.ke', 'Guard#2026!');
    let certificates: { id: string }[] = [];
    await expect
      .poll(
        async () => {
          certificates = (await (await guard.request('/api/student/certificates')).json()) as { id: string }[];
          return certificates.length;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    const file = await (await guard.request(`/api/student/certificates/${certificates[0]!.id}/credential`)).text();
    const { jwt } = JSON.parse(file) as { jwt: string };
    // Checked offline against the key each copy publishes, and by each copy's own check.
    for (const key of published) await expect(compactVerify(jwt, await importJWK(key, 'EdDSA'))).resolves.toBeTruthy();
    for (const server of [a, b]) {
      const res = await new Browser(server.url).request('/api/certificates/verify-credential', { json: { credential: file } });
      expect(await res.json()).toMatchObject({ signature: true, issuer: true, valid: true });
    }
  });

  it('reads a document uploaded through one copy through the other', async () => {
    const guard = new Browser(a.url);
    await guard.signIn('guard1@example.co.ke', 'Guard#2026!');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(`a CV uploaded through the first copy ${Date.now()}\n`)]);
    const form = new FormData();
    form.append('kind', 'cv');
    form.append('file', new Blob([pdf]), 'cv.pdf');
    const uploaded = await guard.request('/api/guard/documents', { method: 'POST', multipart: form });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };

    guard.base = b.url;
    const read = await guard.request(`/api/guard-documents/${id}`);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(pdf);
    // In the bucket, on neither copy's disk.
    for (const dir of dirs) expect(await readdir(dir)).not.toContain('files');
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
  it('sends each shift reminder once, though both copies watch the shifts', async () => {
    // The bookings made above start at 09:00 two days ahead and later: run both clocks to a minute
    // past the 24-hour reminder of the first two, then past their 2-hour one.
    const start = new Date(`${addDaysToDate(nairobiDate(new Date()), 2)}T09:00:00+03:00`);
    const reminders = async (lead: string) =>
      (
        await Promise.all(
          dirs.map(async (dir) =>
            (await readdir(join(dir, 'outbox')).catch(() => [])).filter((f) => f.startsWith(`shift-reminder_${lead}-`) && f.endsWith('.eml')),
          ),
        )
      ).flat();
    await writeFile(clockFile, String(start.getTime() - 24 * 3_600_000 + 60_000 - Date.now()));
    await expect.poll(async () => (await reminders('first')).length, { timeout: 90_000, interval: 1000 }).toBe(2);
    await writeFile(clockFile, String(start.getTime() - 2 * 3_600_000 + 60_000 - Date.now()));
    await expect.poll(async () => (await reminders('second')).length, { timeout: 90_000, interval: 1000 }).toBe(2);
    // Another full round of both watches sends nothing more.
    await new Promise((resolve) => setTimeout(resolve, 35_000));
    expect(await reminders('first')).toHaveLength(2);
    expect(await reminders('second')).toHaveLength(2);
  });

  it('raises each late alert once, though both copies watch the shifts', async () => {
    await writeFile(clockFile, '0');
    const client = new Browser(a.url);
    await client.signIn('client@example.co.ke', 'Client#2026!');
    const date = addDaysToDate(nairobiDate(new Date()), 3);
    const booking = { serviceType: 'personal', guardId: null, teamSize: 1, date, startTime: '09:00', duration: 8, durationType: 'hourly' };
    const booked = await client.request('/api/bookings', { json: { ...booking, dressCode: 'business_suit', location: 'Karen', address: '1 Karen Rd' } });
    const { id } = (await booked.json()) as { id: string };
    const paid = await client.request(`/api/bookings/${id}/payments`, { json: { method: 'mpesa', phone: '0712 345 678' } });
    await client.request(((await paid.json()) as { checkoutUrl: string }).checkoutUrl, { form: { action: 'approve', phone: '0712345678' } });
    // Moved to have started 20 minutes ago with a guard not checked in: each admin is told once, and the client.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(`update bookings set start_time = now() - interval '20 minutes', end_time = now() + interval '7 hours' where id = $1`, [id]);
    await db.query(
      `insert into booking_guards (booking_id, guard_profile_id, start_time, end_time, live) select b.id, p.id, b.start_time, b.end_time, true
       from bookings b, profiles p join users u on u.id = p.user_id where b.id = $1 and u.email = 'guard1@example.co.ke'`,
      [id],
    );
    await db.end();
    const alerts = async (kind: string) =>
      (
        await Promise.all(
          dirs.map(async (dir) => (await readdir(join(dir, 'outbox')).catch(() => [])).filter((f) => f.startsWith(`shift-${kind}-${id}-`))),
        )
      ).flat();
    await expect
      .poll(async () => [(await alerts('late')).length > 0, (await alerts('client_late')).length], { timeout: 90_000, interval: 1000 })
      .toEqual([true, 1]);
    await new Promise((resolve) => setTimeout(resolve, 35_000));
    const late = await alerts('late');
    expect(new Set(late.map((f) => f.slice(f.lastIndexOf('-') + 1))).size).toBe(late.length);
    expect(await alerts('client_late')).toHaveLength(1);
  });
});
