/**
 * The shift, run on a server of its own whose clock the journey moves forward: the guard is
 * reminded, checks in at the post with the site code and out again, the booking completes by
 * itself and the client reads the report and leaves a review; and a guard who does not arrive is
 * replaced from the Today board, the new guard checking in.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO } from './fixtures.ts';
import { startShiftServer, type ShiftServer } from './shift-server.ts';

const PHONE = { width: 390, height: 844 };
const HOUR = 3_600_000;
let server: ShiftServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = await startShiftServer(3230);
});
test.afterAll(async () => {
  await server.stop();
});

/** A Nairobi calendar date some days ahead, as the API takes it. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000 + 3 * HOUR).toISOString().slice(0, 10);

async function signedIn(browser: Browser, account: { email: string; password: string }, viewport = PHONE): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.origin, viewport });
  const res = await context.request.post('/api/auth/sign-in/email', { data: account, headers: { origin: server.origin } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

/** Books Peter Otieno (guard2) for six hours from 10:00 some days ahead and pays by M-Pesa in the sandbox. */
async function bookAndPay(api: APIRequestContext, days: number): Promise<{ id: string; reference: string; start: Date }> {
  const { items } = (await (await api.get('/api/guards?pageSize=24')).json()) as { items: { id: string; displayName: string }[] };
  const guardId = items.find((g) => g.displayName === 'Peter Otieno Ochieng')!.id;
  const date = daysAhead(days);
  const booked = await api.post('/api/bookings', {
    headers: { origin: server.origin },
    data: {
      serviceType: 'personal',
      guardId,
      teamSize: 1,
      date,
      startTime: '10:00',
      duration: 6,
      durationType: 'hourly',
      dressCode: 'business_suit',
      location: 'Karen',
      address: '12 Karen Road',
      notes: '',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id, reference } = (await booked.json()) as { id: string; reference: string };
  const paid = await api.post(`/api/bookings/${id}/payments`, { headers: { origin: server.origin }, data: { method: 'mpesa', phone: '0712 345 678' } });
  const { checkoutUrl } = (await paid.json()) as { checkoutUrl: string };
  const approved = await api.post(checkoutUrl, { headers: { origin: server.origin }, form: { action: 'approve', phone: '0712345678' }, maxRedirects: 0 });
  expect(approved.status()).toBeLessThan(400);
  return { id, reference, start: new Date(`${date}T10:00:00+03:00`) };
}

/** The e-mails the shift server wrote to an address, newest last. */
async function mailTo(address: string): Promise<string[]> {
  const dir = join(server.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(`${address}.eml`)).sort();
  return Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
}

async function bookingStatus(api: APIRequestContext, id: string): Promise<string | undefined> {
  const { items } = (await (await api.get('/api/bookings?pageSize=50')).json()) as { items: { id: string; status: string }[] };
  return items.find((b) => b.id === id)?.status;
}

test('the guard is reminded, checks in with the site code and out again; the booking completes itself; the client reads the report and reviews', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const client = await signedIn(browser, DEMO.client);
  const booking = await bookAndPay(client.request, 3);

  // Two hours before: the reminder reaches the guard.
  server.setNow(new Date(booking.start.getTime() - 2 * HOUR + 60_000));
  await expect
    .poll(async () => (await mailTo(DEMO.bookableGuard.email)).some((m) => m.includes(`booking ${booking.reference}`) && /starts in 2 hours/.test(m)), {
      timeout: 60_000,
    })
    .toBe(true);

  // The client reads the site code off the booking on their phone.
  const clientPage = await client.newPage();
  await clientPage.goto(`/dashboard?booking=${booking.id}`);
  const item = clientPage.getByRole('article', { name: new RegExp(booking.reference) });
  await item.getByRole('button', { name: 'Site code' }).click();
  const dialog = clientPage.getByRole('dialog');
  const code = (await dialog.getByText(/^[A-HJ-NP-Z2-9]{6}$/).textContent())!;
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  await clientPage.keyboard.press('Escape');

  // At the post, ten minutes early: the guard checks in with the code.
  server.setNow(new Date(booking.start.getTime() - 10 * 60_000));
  const guard = await signedIn(browser, DEMO.bookableGuard);
  const guardPage = await guard.newPage();
  await guardPage.goto('/dashboard');
  const shift = guardPage.getByRole('article', { name: `Shift ${booking.reference}` });
  await shift.getByRole('textbox', { name: /Site code/ }).fill(code.toLowerCase());
  await shift.getByRole('button', { name: 'Check in' }).click();
  await expect(guardPage.getByText('Verified at site.')).toBeVisible();
  await expect(shift.getByText('Verified at site')).toBeVisible();

  // At the end the guard checks out, and the booking completes on its own.
  server.setNow(new Date(booking.start.getTime() + 6 * HOUR + 60_000));
  await guardPage.reload();
  await shift.getByRole('button', { name: 'Check out' }).click();
  await expect(guardPage.getByText('Your shift is recorded.')).toBeVisible();
  await expect.poll(() => bookingStatus(client.request, booking.id), { timeout: 60_000 }).toBe('completed');

  // The client reads the report and leaves a review.
  await clientPage.goto(`/bookings/${booking.id}/report`);
  await expect(clientPage.getByRole('heading', { name: `Shift report: ${booking.reference}` })).toBeVisible();
  await expect(clientPage.getByText('Verified at site')).toBeVisible();
  await expect(clientPage.getByText(/covered of 6 hours booked/)).toBeVisible();
  await clientPage.getByRole('link', { name: 'Back to the dashboard' }).click();
  await clientPage
    .getByRole('article', { name: new RegExp(booking.reference) })
    .getByRole('button', { name: 'Leave a Review' })
    .click();
  await clientPage.getByRole('radio', { name: /5 stars/ }).click();
  await clientPage.getByRole('button', { name: 'Submit' }).click();
  await expect(clientPage.getByText('Review Submitted')).toBeVisible();
  await client.close();
  await guard.close();
});

test('a guard who does not arrive shows late on the Today board; the operator sends another, who checks in', async ({ browser }) => {
  test.setTimeout(180_000);
  const client = await signedIn(browser, DEMO.client);
  const booking = await bookAndPay(client.request, 6);
  await client.close();

  server.setNow(new Date(booking.start.getTime() + 20 * 60_000));
  const admin = await signedIn(browser, DEMO.admin, { width: 1280, height: 800 });
  const console = await admin.newPage();
  await console.goto('/admin?view=today');
  const row = console.getByRole('row', { name: new RegExp(`Peter Otieno.*${booking.reference}`) });
  await expect(row.getByText('Late')).toBeVisible();
  // The late shifts only, then every shift again.
  await console.getByRole('button', { name: /^\d+ Late$/ }).click();
  await expect(console.getByText('Showing late only.')).toBeVisible();
  await expect(console).toHaveURL(/state=late/);
  await expect(row).toBeVisible();
  await console.getByRole('button', { name: 'Show every shift' }).click();
  await expect(console.getByText('Showing late only.')).toBeHidden();
  await row.getByRole('button', { name: 'Replace guard' }).click();
  await console.getByRole('button', { name: 'Send James' }).click();
  await expect(console.getByText(/James Mwangi Kariuki takes over from Peter Otieno Ochieng/)).toBeVisible();
  await admin.close();

  const standIn = await signedIn(browser, DEMO.guard);
  const page = await standIn.newPage();
  await page.goto('/dashboard');
  const shift = page.getByRole('article', { name: `Shift ${booking.reference}` });
  await shift.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByText(/Checked in/).first()).toBeVisible();
  await expect(shift.getByText('Not verified')).toBeVisible();
  await standIn.close();
});
