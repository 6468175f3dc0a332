/**
 * Paid bookings cancelled under the notice policy. A client pays for a booking that starts in about
 * 30 hours, then cancels it from the dashboard: the dialog shows the policy and the 50% that goes
 * back before anything is done, asks why, and the booking ends cancelled and refunded through the
 * sandbox. An admin cancels another from the console and refunds it in the same dialog.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminPage, newPerson, origin } from './console-helpers.ts';
const HOUR_MS = 3_600_000;

/** About 30 hours from now, on the hour, as the booking form takes it (Nairobi date and time). */
function startIn30Hours(): { date: string; startTime: string } {
  const nairobi = new Date(Math.ceil((Date.now() + 30 * HOUR_MS) / HOUR_MS) * HOUR_MS + 3 * HOUR_MS).toISOString();
  return { date: nairobi.slice(0, 10), startTime: nairobi.slice(11, 16) };
}

/** Books the first demo guard free then; the demo's own bookings may hold some of them. */
async function bookSoon(api: APIRequestContext): Promise<{ id: string; reference: string; price: number }> {
  const { items } = (await (await api.get('/api/guards?pageSize=24')).json()) as { items: { id: string }[] };
  for (const guard of items) {
    const res = await api.post('/api/bookings', {
      headers: { origin: origin() },
      data: {
        serviceType: 'personal',
        guardId: guard.id,
        teamSize: 1,
        ...startIn30Hours(),
        duration: 8,
        durationType: 'hourly',
        dressCode: 'business_suit',
        location: 'Kilimani',
        address: 'Argwings Kodhek Road',
        notes: '',
      },
    });
    if (res.status() === 201) return (await res.json()) as { id: string; reference: string; price: number };
  }
  throw new Error('no demo guard is free in 30 hours');
}

async function paymentStatusOf(page: Page, bookingId: string): Promise<string | undefined> {
  const { items } = (await (await page.request.get('/api/bookings?limit=50')).json()) as { items: { id: string; paymentStatus: string }[] };
  return items.find((b) => b.id === bookingId)?.paymentStatus;
}

/** Books a demo guard about 30 hours ahead as the signed-in client and pays by M-Pesa in the sandbox (paying from the screens is the booking journeys' part). */
async function bookAndPaySoon(page: Page): Promise<{ id: string; reference: string; price: number }> {
  const booking = await bookSoon(page.request);
  const started = await page.request.post(`/api/bookings/${booking.id}/payments`, {
    headers: { origin: origin() },
    data: { method: 'mpesa', phone: '0712 345 678' },
  });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const { checkoutUrl } = (await started.json()) as { checkoutUrl: string };
  const sandbox = await page.context().newPage();
  await sandbox.goto(checkoutUrl);
  await sandbox.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(() => paymentStatusOf(page, booking.id), { timeout: 30_000 }).toBe('paid');
  await sandbox.close();
  return booking;
}

test('a client cancels a paid booking 30 hours ahead, sees the 50% before confirming, and the booking ends refunded', async ({ browser, baseURL }) => {
  // Books, pays in the sandbox and cancels: more steps than most journeys.
  test.slow();
  // A client of this journey's own: the demo clients' totals and unpaid holds belong to other journeys.
  const { page } = await newPerson(browser, baseURL!, 'client', 'Wanjiku Njoroge');
  await page.setViewportSize({ width: 390, height: 844 });
  const booking = await bookAndPaySoon(page);
  const half = Math.floor(booking.price / 2).toLocaleString('en-KE');

  await page.goto(`/dashboard?booking=${booking.id}`);
  const item = page.getByRole('article', { name: new RegExp(booking.reference) });
  await item.getByRole('button', { name: 'Cancel booking' }).click();
  const ask = page.getByRole('dialog', { name: `Cancel booking ${booking.reference}?` });
  await expect(ask.getByText(/Cancel more than 48 hours before the start and 95% of the price is refunded/)).toBeVisible();
  await expect(
    ask.getByText(`Under the cancellation policy you get KES ${half} back (50% of KES ${booking.price.toLocaleString('en-KE')}).`),
  ).toBeVisible();
  await ask.getByLabel(/Why are you cancelling/).selectOption('Plans changed');
  await page.screenshot({ path: test.info().outputPath('cancel-paid-dialog-390.png'), fullPage: false });
  await ask.getByRole('button', { name: 'Cancel booking' }).click();

  await expect(page.getByText(`Booking ${booking.reference} is cancelled. KES ${half} (50%) goes back to you the way you paid`).first()).toBeVisible();
  await expect(item.getByText('Cancelled')).toBeVisible();
  await expect.poll(() => paymentStatusOf(page, booking.id)).toBe('refunded');
  await page.screenshot({ path: test.info().outputPath('cancel-paid-done-390.png'), fullPage: false });
});

test('an admin cancels a paid booking and refunds it in the same dialog', async ({ browser, baseURL }) => {
  test.slow();
  const { page: client } = await newPerson(browser, baseURL!, 'client', 'Kamau Mwangi');
  const booking = await bookAndPaySoon(client);
  const price = booking.price.toLocaleString('en-KE');
  const half = Math.floor(booking.price / 2).toLocaleString('en-KE');

  const admin = await adminPage(browser);
  await admin.goto(`/admin?view=bookings&q=${booking.reference}`);
  const row = admin.getByRole('row').filter({ hasText: booking.reference });
  await row.getByRole('button', { name: `Actions for ${booking.reference}` }).click();
  await admin.getByRole('menuitem', { name: 'Cancel booking' }).click();
  const dialog = admin.getByRole('dialog', { name: `Cancel booking ${booking.reference}?` });
  await expect(dialog.getByText(`Paid KES ${price}; cancelling now is`)).toContainText(
    `Under the cancellation policy the client gets KES ${half} back (50%).`,
  );
  // The office pays back in full: its guard could not make it.
  await dialog.getByRole('radio', { name: 'Another amount' }).click();
  await dialog.getByLabel(/Refund \(KES\)/).fill(String(booking.price));
  await dialog.getByLabel(/Why this amount/).fill('Our guard could not make it');
  await admin.screenshot({ path: test.info().outputPath('console-cancel-refund-1280.png'), fullPage: false });
  await dialog.getByRole('button', { name: `Cancel and refund KES ${price}` }).click();
  await expect(admin.getByText('Booking cancelled successfully')).toBeVisible();
  await expect(row.getByText('By the OPS office: Cancelled by the OPS office')).toBeVisible();
  await expect.poll(() => paymentStatusOf(client, booking.id)).toBe('refunded');
  await client.goto(`/dashboard?booking=${booking.id}`);
  await expect(client.getByRole('article', { name: new RegExp(booking.reference) }).getByText('Cancelled')).toBeVisible();
});
