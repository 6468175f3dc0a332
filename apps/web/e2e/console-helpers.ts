/** Steps the console's journeys share: a person of the journey's own, the admin's page, a booking paid in the sandbox. */
import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO, signInAs, uniqueEmail } from './fixtures.ts';
import { linkFromEmail } from './outbox.ts';

export const origin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`;

/** A Nairobi calendar day `days` from today, 'YYYY-MM-DD'. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** A person of this journey's own, signed up and confirmed, signed in on the returned page. */
export async function newPerson(browser: Browser, baseURL: string, role: 'client' | 'guard', fullName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(role);
  const password = 'Kilimani-Road-2026';
  const created = await page.request.post('/api/accounts', {
    data: { fullName, email, password, confirmPassword: password, role, isCompany: false, acceptPrivacyNotice: true },
    headers: { origin: origin() },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await page.goto(await linkFromEmail(email, /Confirm your/, baseURL));
  await expect(page.getByText('Email Confirmed!')).toBeVisible();
  await signInAs(page, { email, password });
  return { page, email, password };
}

export async function adminPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await signInAs(page, DEMO.admin);
  return page;
}

/** The client books one VIP guard for a day on the single-page form and pays by M-Pesa in the sandbox; returns the booking's reference. */
export async function bookAndPayOnSinglePageForm(page: Page, startInDays: number): Promise<string> {
  await page.goto('/old-booking');
  await page.getByRole('radio', { name: /VIP Protection/ }).click();
  await page.getByRole('radio', { name: /Daily/ }).click();
  await page.getByLabel(/Start date/).fill(dayFromToday(startInDays));
  await page.getByLabel(/End date/).fill(dayFromToday(startInDays));
  await page.getByRole('radio', { name: /Day shift/ }).click();
  await page.getByRole('combobox', { name: /Location/ }).selectOption('Kilimani');
  // 1 guard × 1 day × 12 hours × KES 2,000/hour.
  await expect(page.getByText('KES 24,000').first()).toBeVisible();
  await page.getByRole('button', { name: /Proceed to Payment/ }).click();
  await expect(page.getByText('Booking created! Please complete payment to confirm your booking.')).toBeVisible();
  await page.getByRole('radio', { name: /M-Pesa/ }).click();
  const phone = page.getByRole('textbox', { name: /phone/i });
  if (!(await phone.inputValue())) await phone.fill('0712 345 678');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Pay KES/ }).click();
  const sandbox = await popupPromise;
  await sandbox.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
  await sandbox.close().catch(() => undefined);
  const { items } = (await (await page.request.get('/api/bookings?limit=5')).json()) as {
    items: { reference: string; status: string; paymentStatus: string }[];
  };
  const paid = items.find((b) => b.paymentStatus === 'paid');
  expect(paid, JSON.stringify(items)).toBeTruthy();
  return paid!.reference;
}
