/**
 * A client moves a paid booking to another day from the dashboard: the dialog checks the new time
 * with the server (the guard can work then), the booking moves, and the guard's own dashboard shows
 * the new time.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newPerson, origin } from './console-helpers.ts';
import { DEMO, signInAs } from './fixtures.ts';

const DAY_MS = 86_400_000;
const nairobiDay = (instant: Date) => new Date(instant.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
const shown = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'Africa/Nairobi',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/** Books the guard for 8 hours from 02:00 on the first day from four days ahead that is free. */
async function bookGuard(api: APIRequestContext, guardId: string): Promise<{ id: string; reference: string; startTime: string }> {
  for (let days = 4; days < 20; days += 1) {
    const res = await api.post('/api/bookings', {
      headers: { origin: origin() },
      data: {
        serviceType: 'personal',
        guardId,
        teamSize: 1,
        date: nairobiDay(new Date(Date.now() + days * DAY_MS)),
        startTime: '02:00',
        duration: 8,
        durationType: 'hourly',
        dressCode: 'business_suit',
        location: 'Westlands',
        address: 'Waiyaki Way',
        notes: '',
      },
    });
    if (res.status() === 201) return (await res.json()) as { id: string; reference: string; startTime: string };
  }
  throw new Error('the demo guard has no free night in the next weeks');
}

test('a client reschedules a paid booking and the guard sees the new time', async ({ browser, baseURL }) => {
  test.slow();
  const guardContext = await browser.newContext();
  const guardPage = await guardContext.newPage();
  await signInAs(guardPage, DEMO.guard);
  const { profile } = (await (await guardPage.request.get('/api/me')).json()) as { profile: { id: string } };

  const { page } = await newPerson(browser, baseURL!, 'client', 'Achieng Otieno');
  const booking = await bookGuard(page.request, profile.id);
  const started = await page.request.post(`/api/bookings/${booking.id}/payments`, {
    headers: { origin: origin() },
    data: { method: 'mpesa', phone: '0712 345 678' },
  });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const sandbox = await page.context().newPage();
  await sandbox.goto(((await started.json()) as { checkoutUrl: string }).checkoutUrl);
  await sandbox.getByRole('button', { name: 'Approve' }).click();
  await sandbox.close();

  // A day the guard is free, two to ten days after the booking.
  let target = '';
  for (let days = 2; days <= 10 && !target; days += 1) {
    const date = nairobiDay(new Date(new Date(booking.startTime).getTime() + days * DAY_MS));
    const res = await page.request.get(`/api/bookings/${booking.id}/reschedule?date=${date}&startTime=02:00`);
    const body = (await res.json()) as { check?: { unavailable: unknown[] } };
    if (res.status() === 200 && body.check?.unavailable.length === 0) target = date;
  }
  expect(target).not.toBe('');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard?booking=${booking.id}`);
  const item = page.getByRole('article', { name: new RegExp(booking.reference) });
  await expect(item.getByText('Confirmed')).toBeVisible({ timeout: 30_000 });
  await item.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: `Reschedule booking ${booking.reference}` });
  await expect(dialog.getByText('this one has 2 moves left')).toBeVisible();
  await dialog.getByLabel(/New date/).fill(target);
  await expect(dialog.getByText('Your guards can work then.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reschedule-dialog-390.png') });
  await dialog.getByRole('button', { name: 'Move booking' }).click();
  await expect(page.getByText(`Booking ${booking.reference} now starts`).first()).toBeVisible();

  const movedStart = new Date(`${target}T02:00:00+03:00`).toISOString();
  await expect(item.getByText(shown(movedStart))).toBeVisible();

  await guardPage.goto(`/guard-dashboard?booking=${booking.id}`);
  const job = guardPage.getByRole('article', { name: new RegExp(booking.reference) });
  await expect(job.getByText(shown(movedStart))).toBeVisible();
  await guardPage.screenshot({ path: test.info().outputPath('reschedule-guard-dashboard.png') });
  await guardContext.close();
});
