/**
 * A client who booked by mistake drops the booking before paying, from the dashboard or from the
 * payment screen, and the guard's time is free again at once: the same guard, same time, is booked
 * again straight away.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, signInAs } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

const origin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`;
const date = new Date(Date.now() + 24 * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);

async function bookSamuel(api: APIRequestContext): Promise<{ httpStatus: number; id?: string; reference?: string }> {
  const { items } = (await (await api.get('/api/guards?pageSize=24')).json()) as { items: { id: string; displayName: string }[] };
  const guardId = items.find((g) => g.displayName === 'Samuel Kiprop Rotich')!.id;
  const res = await api.post('/api/bookings', {
    headers: { origin: origin() },
    data: {
      serviceType: 'personal',
      guardId,
      teamSize: 1,
      date,
      startTime: '07:00',
      duration: 8,
      durationType: 'hourly',
      dressCode: 'business_suit',
      location: 'Westlands',
      address: 'Waiyaki Way',
      notes: '',
    },
  });
  const body = (res.ok() ? await res.json() : {}) as { id?: string; reference?: string };
  return { httpStatus: res.status(), id: body.id, reference: body.reference };
}

test('a client cancels an unpaid booking from the dashboard and from the payment screen, and books the same guard again at once', async ({ page }) => {
  await signInAs(page, DEMO.company);
  const first = await bookSamuel(page.request);
  expect(first.httpStatus).toBe(201);

  await page.goto(`/dashboard?booking=${first.id}`);
  const item = page.getByRole('article', { name: new RegExp(first.reference!) });
  await item.getByRole('button', { name: 'Cancel booking' }).click();
  const ask = page.getByRole('alertdialog', { name: `Cancel booking ${first.reference}?` });
  await ask.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText(`Booking ${first.reference} is cancelled and the guard's time is free again.`).first()).toBeVisible();
  await expect(item.getByText('Cancelled')).toBeVisible();

  // The hold is gone: the same guard at the same time is booked again straight away.
  const second = await bookSamuel(page.request);
  expect(second.httpStatus).toBe(201);
  await page.reload();
  const again = page.getByRole('article', { name: new RegExp(second.reference!) });
  await again.getByRole('button', { name: 'Complete Payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Complete Payment' });
  await payment.getByRole('button', { name: 'Cancel booking' }).click();
  await page
    .getByRole('alertdialog', { name: `Cancel booking ${second.reference}?` })
    .getByRole('button', { name: 'Cancel booking' })
    .click();
  await expect(payment).toBeHidden();
  await expect(again.getByText('Cancelled')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cancelled-390.png'), fullPage: false });

  // And a third time, for good measure: nothing of the two cancelled bookings holds the guard.
  expect((await bookSamuel(page.request)).httpStatus).toBe(201);
});
