/**
 * Every booking is reachable: the dashboards' list comes a page at a time with an opaque cursor,
 * in the order that needs the person first, and walking it shows each booking exactly once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingPaymentStatus, BookingStatus } from '@ops/shared/constants';
import type { BookingPageDto, BookingSummaryDto } from '@ops/shared/schemas/bookings';
import { bookings } from '../../db/schema/bookings.ts';
import { insertBooking, insertGuard } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
});
afterEach(() => t.close());

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

interface Seeded {
  id: string;
  status: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  start: number;
  holdExpiresAt: number | null;
  mine: boolean;
}

/** A booking kind: how many, its statuses, whether it starts in the future, and its hold. */
const KINDS: { n: number; status: BookingStatus; paymentStatus: BookingPaymentStatus; future: boolean; holdMinutes?: number }[] = [
  { n: 6, status: 'pending', paymentStatus: 'unpaid', future: true },
  { n: 2, status: 'pending', paymentStatus: 'unpaid', future: true, holdMinutes: 20 },
  { n: 3, status: 'pending', paymentStatus: 'failed', future: true },
  { n: 2, status: 'pending', paymentStatus: 'pending', future: true },
  // Their hold ran out: no longer payable, so among the rest.
  { n: 3, status: 'pending', paymentStatus: 'unpaid', future: true, holdMinutes: -5 },
  { n: 10, status: 'confirmed', paymentStatus: 'paid', future: true },
  { n: 2, status: 'confirmed', paymentStatus: 'paid', future: false },
  { n: 11, status: 'completed', paymentStatus: 'paid', future: false },
  { n: 2, status: 'cancelled', paymentStatus: 'unpaid', future: true },
  { n: 2, status: 'cancelled', paymentStatus: 'unpaid', future: false },
  { n: 2, status: 'cancelled', paymentStatus: 'refunded', future: false },
];

/**
 * Amina's 45 bookings in every state, two thirds of them with guard James (signed in), the rest
 * with another guard or none; Brian has one booking with James.
 */
async function scene() {
  const db = t.database.db;
  const amina = await t.signedIn('client', { fullName: 'Amina Hassan' });
  const james = await t.signedIn('guard', { fullName: 'James Mwangi' });
  const otherGuard = await insertGuard(db);
  const now = Date.now();
  const seeded: Seeded[] = [];
  let n = 0;
  let future = 0;
  let past = 0;
  for (const kind of KINDS) {
    for (let i = 0; i < kind.n; i += 1) {
      n += 1;
      // Each on a day of its own (kinds interleaved over 31 days ahead and 19 behind), so no two overlap.
      const day = kind.future ? 1 + ((future++ * 7) % 31) : -1 - ((past++ * 5) % 19);
      const start = now + day * DAY + (n % 5) * HOUR;
      const mine = n % 3 !== 0;
      const id = await insertBooking(db, {
        clientProfileId: amina.profileId,
        guardProfileId: mine ? james.profileId : n % 2 === 0 ? otherGuard : null,
        status: kind.status,
        paymentStatus: kind.paymentStatus,
        startTime: new Date(start),
        durationHours: 6,
      });
      const holdExpiresAt = kind.holdMinutes === undefined ? null : now + kind.holdMinutes * 60_000;
      if (holdExpiresAt !== null)
        await db
          .update(bookings)
          .set({ holdExpiresAt: new Date(holdExpiresAt) })
          .where(eq(bookings.id, id));
      seeded.push({ id, status: kind.status, paymentStatus: kind.paymentStatus, start, holdExpiresAt, mine });
    }
  }
  const brian = await t.signedIn('client', { fullName: 'Brian Otieno' });
  const briansBooking = await insertBooking(db, {
    clientProfileId: brian.profileId,
    guardProfileId: james.profileId,
    status: 'confirmed',
    startTime: new Date(now + 90 * DAY),
  });
  return { amina, james, brian, briansBooking, seeded, now };
}

const payable = (b: Seeded, now: number) =>
  b.status === 'pending' && ['unpaid', 'pending', 'failed'].includes(b.paymentStatus) && (b.holdExpiresAt === null || b.holdExpiresAt > now);
const upcoming = (b: Seeded, now: number) => b.status === 'confirmed' && b.start + 6 * HOUR > now;
const soonestFirst = (a: Seeded, b: Seeded) => a.start - b.start;
const latestFirst = (a: Seeded, b: Seeded) => b.start - a.start;

/** The order the dashboard promises: payable, upcoming (soonest first), the rest (latest start first). */
function clientOrder(seeded: Seeded[], now: number): string[] {
  const first = seeded.filter((b) => payable(b, now)).sort(soonestFirst);
  const next = seeded.filter((b) => !payable(b, now) && upcoming(b, now)).sort(soonestFirst);
  const rest = seeded.filter((b) => !payable(b, now) && !upcoming(b, now)).sort(latestFirst);
  return [...first, ...next, ...rest].map((b) => b.id);
}

async function page(client: TestClient, query: string): Promise<BookingPageDto> {
  const res = await client.get(`/api/bookings${query}`);
  expect(res.status, query).toBe(200);
  return (await res.json()) as BookingPageDto;
}

/** Follows nextCursor to the end; returns each page's bookings. */
async function walk(client: TestClient, params: Record<string, string>, between?: (pageIndex: number) => void): Promise<BookingSummaryDto[][]> {
  const pages: BookingSummaryDto[][] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) });
    const answer = await page(client, `?${query.toString()}`);
    pages.push(answer.items);
    if (answer.nextCursor !== null) expect(answer.items).toHaveLength(Number(params.limit ?? 10));
    cursor = answer.nextCursor;
    between?.(pages.length);
    expect(pages.length, 'pages end').toBeLessThan(60);
  } while (cursor !== null);
  return pages;
}

async function fieldsOf(res: Response): Promise<string[]> {
  expect(res.status).toBe(400);
  return Object.keys(((await res.json()) as { fields: Record<string, string> }).fields);
}

describe('the bookings list, a page at a time', () => {
  it('shows a client all 45 bookings exactly once, the payable ones first, and ends with no cursor', async () => {
    const { amina, seeded, now } = await scene();
    const pages = await walk(amina.client, { limit: '7' });

    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 7, 7, 3]);
    const ids = pages.flat().map((b) => b.id);
    expect(new Set(ids).size).toBe(45);
    expect(ids).toEqual(clientOrder(seeded, now));
    // The 13 still payable open the list, starting with the first page.
    const payableCount = seeded.filter((b) => payable(b, now)).length;
    expect(payableCount).toBe(13);
    expect(
      pages
        .flat()
        .slice(0, payableCount)
        .every((b) => b.status === 'pending'),
    ).toBe(true);
    expect(pages[0]!.every((b) => b.status === 'pending' && b.paymentStatus !== 'paid')).toBe(true);
    // Everything the list answered with before still comes with each booking.
    expect(pages[0]![0]).toMatchObject({ reference: expect.stringMatching(/^OPS-/), area: 'Karen', client: { fullName: 'Amina Hassan' } });
  });

  it('keeps each booking in the group it had when the first page was read, so time passing skips or repeats none', async () => {
    const { amina } = await scene();
    // The first page holds the 13 payable bookings and the 2 soonest upcoming; then 40 days pass:
    // their holds run out and every upcoming booking is over.
    const pages = await walk(amina.client, { limit: '15' }, (n) => {
      if (n === 1) t.deps.clock = () => new Date(Date.now() + 40 * DAY);
    });
    expect(pages[0]!.filter((b) => b.status === 'confirmed')).toHaveLength(2);
    const ids = pages.flat().map((b) => b.id);
    expect(ids).toHaveLength(45);
    expect(new Set(ids).size).toBe(45);
  });

  it('filters by status, page after page', async () => {
    const { amina, seeded } = await scene();
    const pending = (await walk(amina.client, { limit: '4', status: 'pending' })).flat();
    expect(pending.map((b) => b.id).sort()).toEqual(
      seeded
        .filter((b) => b.status === 'pending')
        .map((b) => b.id)
        .sort(),
    );
    expect(pending.every((b) => b.status === 'pending')).toBe(true);
    const cancelled = await page(amina.client, '?status=cancelled');
    expect(cancelled.items.map((b) => b.status)).toEqual(Array(6).fill('cancelled'));
    expect(cancelled.nextCursor).toBeNull();
    expect(await fieldsOf(await amina.client.get('/api/bookings?status=paid'))).toEqual(['status']);
  });

  it('gives 10 by default and at most 50, and refuses a limit or cursor it did not make', async () => {
    const { amina } = await scene();
    const first = await page(amina.client, '');
    expect(first.items).toHaveLength(10);
    expect(first.nextCursor).toEqual(expect.any(String));
    const all = await page(amina.client, '?limit=50');
    expect(all.items).toHaveLength(45);
    expect(all.nextCursor).toBeNull();
    expect((await page(amina.client, '?cursor=&limit=3')).items.map((b) => b.id)).toEqual(first.items.slice(0, 3).map((b) => b.id));

    for (const limit of ['0', '51', '1000', 'abc', '2.5']) {
      expect(await fieldsOf(await amina.client.get(`/api/bookings?limit=${limit}`)), limit).toEqual(['limit']);
    }
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const badCursors = [
      'not a cursor',
      'bm90IGpzb24', // base64url of "not json"
      forged({ t: new Date().toISOString(), g: 0, k: '1; drop table bookings', i: crypto.randomUUID() }),
      forged({ g: 0, k: '1', i: 'x' }),
      first.nextCursor!.slice(0, -4),
      'a'.repeat(600),
    ];
    for (const cursor of badCursors) {
      expect(await fieldsOf(await amina.client.get(`/api/bookings?cursor=${encodeURIComponent(cursor)}`)), cursor).toEqual(['cursor']);
    }
  });

  it('shows another client none of them, and a guard only their own jobs, upcoming first', async () => {
    const { amina, james, brian, briansBooking, seeded, now } = await scene();
    const other = await t.signedIn('client');
    expect(await page(other.client, '?limit=50')).toEqual({ items: [], nextCursor: null });
    expect((await page(brian.client, '?limit=50')).items.map((b) => b.id)).toEqual([briansBooking]);
    // A cursor from Amina's list is only a position: with it Brian still sees his own and none of hers.
    const aminasCursor = (await page(amina.client, '?limit=2')).nextCursor!;
    expect((await page(brian.client, `?cursor=${aminasCursor}`)).items.map((b) => b.id)).toEqual([briansBooking]);

    const jobs = (await walk(james.client, { limit: '6' })).flat();
    const mine = [
      ...seeded.filter((b) => b.mine).map((b) => ({ ...b })),
      { id: briansBooking, status: 'confirmed', paymentStatus: 'paid', start: now + 90 * DAY, holdExpiresAt: null, mine: true } satisfies Seeded,
    ];
    const expected = [...mine.filter((b) => upcoming(b, now)).sort(soonestFirst), ...mine.filter((b) => !upcoming(b, now)).sort(latestFirst)];
    expect(jobs.map((b) => b.id)).toEqual(expected.map((b) => b.id));
    expect(jobs.every((b) => !b.canReview)).toBe(true);
    // Who booked shows to the guard only on a paid, live job.
    expect(jobs.filter((b) => b.client !== null).every((b) => b.status === 'confirmed' || b.status === 'completed')).toBe(true);
  });
});
