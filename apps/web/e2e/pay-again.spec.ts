import { expect, test } from '@playwright/test';
import { DEMO, signInAs } from './fixtures.ts';

/** A Nairobi calendar date a few days ahead, as the date input takes it. */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
}

test('an M-Pesa prompt not answered, then short of funds, then card: paid without leaving the payment screen', async ({ page }) => {
  await signInAs(page, DEMO.client);
  await page.goto('/old-booking');
  await page.getByRole('radio', { name: /VIP Protection/ }).click();
  await page.getByRole('radio', { name: /Daily/ }).click();
  await page.getByLabel(/Start date/).fill(daysAhead(15));
  await page.getByLabel(/End date/).fill(daysAhead(15));
  await page.getByRole('radio', { name: /Day shift/ }).click();
  await page.getByRole('combobox', { name: /Location/ }).selectOption('Karen');
  await page.getByRole('button', { name: /Proceed to Payment/ }).click();
  await page.getByRole('radio', { name: /M-Pesa/ }).click();
  const phone = page.getByRole('textbox', { name: /phone/i });
  if (!(await phone.inputValue())) await phone.fill('0712 345 678');

  let popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Pay KES/ }).click();
  let sandbox = await popupPromise;
  await sandbox.getByRole('button', { name: 'No answer (times out)' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('The M-Pesa prompt was not answered in time').first()).toBeVisible();
  await sandbox.close();

  const again = page.getByRole('form', { name: 'Pay again' });
  await expect(again.getByRole('textbox', { name: /M-Pesa phone number/ })).not.toHaveValue('');
  popupPromise = page.waitForEvent('popup');
  await again.getByRole('button', { name: 'Send the prompt again' }).click();
  sandbox = await popupPromise;
  await sandbox.getByRole('button', { name: 'Not enough funds' }).click();
  await expect(page.getByText('The M-Pesa balance is not enough for this payment').first()).toBeVisible({ timeout: 20_000 });
  await sandbox.close();

  popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay by card instead' }).click();
  sandbox = await popupPromise;
  await sandbox.getByLabel('Test card number').fill('4242 4242 4242 4242');
  await sandbox.getByLabel('Expiry (MM/YY)').fill('12/30');
  await sandbox.getByLabel('CVC').fill('123');
  await sandbox.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/booking-success/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
});
