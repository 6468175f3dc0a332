import { expect, test } from '@playwright/test';
import { DEMO, signInAs } from './fixtures.ts';
import { emailsTo } from './outbox.ts';

/** A Nairobi calendar date a few days ahead, as the date input takes it. */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
}

test('a client books a guard in the modal wizard and pays by M-Pesa in the sandbox; the guard sees the job', async ({ page, browser }) => {
  // The guard's profile id is the id in /guard/{id}.
  const guardContext = await browser.newContext();
  const guardPage = await guardContext.newPage();
  await signInAs(guardPage, DEMO.bookableGuard);
  const guardMe = (await (await guardPage.request.get('/api/me')).json()) as { profile: { id: string } };

  await signInAs(page, DEMO.client);
  const before = (await (await page.request.get('/api/bookings/stats')).json()) as { totalSpent: number };
  await page.goto(`/guard/${guardMe.profile.id}`);
  await page.getByRole('button', { name: 'Book This Guard' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Choose Your Service' })).toBeVisible();
  await dialog.getByRole('button', { name: /Security Team/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Select Guards' })).toBeVisible();
  await dialog.getByRole('spinbutton', { name: /Number of guards/ }).fill('2');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Schedule Service' })).toBeVisible();
  await dialog.getByLabel(/^Date/).fill(daysAhead(6));
  await dialog.getByRole('spinbutton', { name: /Duration/ }).fill('8');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Service Details' })).toBeVisible();
  await dialog.getByRole('combobox', { name: /Location/ }).selectOption('Karen');
  await dialog.getByRole('textbox', { name: /Address/ }).fill('12 Karen Road');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Review Booking' })).toBeVisible();

  // The summary shows the server's quote: 2 guards × 8 hours × the guard's hourly rate.
  const breakdown = await dialog.getByText(/2 guards × 8 hours × KES [\d,]+\/hour/).innerText();
  const rate = Number(/KES ([\d,]+)\/hour/.exec(breakdown)![1]!.replace(/,/g, ''));
  const price = 2 * 8 * rate;
  await expect(dialog.getByText(`KES ${price.toLocaleString('en-KE')}`).first()).toBeVisible();

  await dialog.getByRole('button', { name: /Proceed to Payment/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Complete Payment' })).toBeVisible();
  const phone = dialog.getByRole('textbox', { name: /M-Pesa phone number/ });
  if (!(await phone.inputValue())) await phone.fill('0712 345 678');
  const popupPromise = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: /^Pay KES/ }).click();
  const sandbox = await popupPromise;
  await expect(dialog.getByText('Waiting for payment…')).toBeVisible();
  await expect(sandbox.getByText(/TEST PAYMENT/)).toBeVisible();
  await sandbox.getByRole('button', { name: 'Approve' }).click();

  // The dialog says so for one second, then the page moves on: on a busy machine the check may
  // only catch the success page, which is asserted below either way.
  await expect(dialog.getByText('Thank you! Payment Successful!').or(page.getByRole('heading', { name: 'Payment Successful!' }))).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/booking-success\?payment=/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });

  // Total Spent grows by exactly the amount paid.
  const after = (await (await page.request.get('/api/bookings/stats')).json()) as { totalSpent: number };
  expect(after.totalSpent - before.totalSpent).toBe(price);

  // The guard sees the confirmed job on their dashboard.
  const { items: jobs } = (await (await guardPage.request.get('/api/bookings?limit=50')).json()) as {
    items: { reference: string; status: string; price: number }[];
  };
  const job = jobs.find((j) => j.price === price && j.status === 'confirmed');
  expect(job).toBeTruthy();
  await guardPage.goto('/dashboard');
  await expect(guardPage.getByText(job!.reference)).toBeVisible();
  await guardContext.close();

  // The client's confirmation e-mail carries a calendar invite.
  await expect
    .poll(async () => (await emailsTo(DEMO.client.email)).some((m) => m.includes(job!.reference) && m.includes('text/calendar')), { timeout: 20_000 })
    .toBe(true);
});

test('a client books on /booking and pays by card: declined first, then retried and approved', async ({ page }) => {
  await signInAs(page, DEMO.company);
  await page.goto('/guards');
  await page.getByRole('link', { name: 'Book Now' }).nth(2).click();
  await expect(page.getByRole('heading', { name: 'Guard Selection' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^Date/).fill(daysAhead(9));
  await page.getByRole('combobox', { name: /Location/ }).selectOption('Westlands');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/× KES/).first()).toBeVisible();
  await page.getByRole('button', { name: /Proceed to Payment/ }).click();
  await page.getByRole('radio', { name: /Card/ }).click();

  let popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Pay KES/ }).click();
  let sandbox = await popupPromise;
  await sandbox.getByLabel('Test card number').fill('4000 0000 0000 0002');
  await sandbox.getByLabel('Expiry (MM/YY)').fill('12/30');
  await sandbox.getByLabel('CVC').fill('123');
  await sandbox.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible({ timeout: 20_000 });
  await sandbox.close();

  await page.getByRole('button', { name: 'Retry Payment' }).click();
  await page.getByRole('radio', { name: /Card/ }).click();
  popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Pay KES/ }).click();
  sandbox = await popupPromise;
  await sandbox.getByLabel('Test card number').fill('4242 4242 4242 4242');
  await sandbox.getByLabel('Expiry (MM/YY)').fill('12/30');
  await sandbox.getByLabel('CVC').fill('123');
  await sandbox.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
});

test('a client books on the single-page form and pays by M-Pesa', async ({ page }) => {
  await signInAs(page, DEMO.client);
  await page.goto('/old-booking');
  await page.getByRole('radio', { name: /VIP Protection/ }).click();
  await page.getByRole('radio', { name: /Daily/ }).click();
  await page.getByLabel(/Start date/).fill(daysAhead(12));
  await page.getByLabel(/End date/).fill(daysAhead(13));
  await page.getByRole('radio', { name: /Night shift/ }).click();
  await page.getByRole('combobox', { name: /Location/ }).selectOption('Loresho');
  // 1 guard × 2 days × 12 hours × KES 2,000/hour.
  await expect(page.getByText('KES 48,000').first()).toBeVisible();
  await page.getByRole('button', { name: /Proceed to Payment/ }).click();
  await expect(page.getByText('Booking created! Please complete payment to confirm your booking.')).toBeVisible();
  await page.getByRole('radio', { name: /M-Pesa/ }).click();
  const phone = page.getByRole('textbox', { name: /phone/i });
  if (!(await phone.inputValue())) await phone.fill('0712 345 678');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Pay KES/ }).click();
  const sandbox = await popupPromise;
  await sandbox.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/booking-success/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
});
