/** The console's clients and settings: blocking a client, and the booking form following the max advance setting. */
import { expect, test } from '@playwright/test';
import { adminPage, dayFromToday, newPerson } from './console-helpers.ts';
import { DEMO, signInAs } from './fixtures.ts';

test('an admin blocks a client who then cannot sign in, then unblocks them', async ({ browser, baseURL }) => {
  const name = `Wafula Simiyu ${Date.now()}`;
  const client = await newPerson(browser, baseURL!, 'client', name);
  expect((await client.page.request.get('/api/bookings/stats')).status()).toBe(200);

  const admin = await adminPage(browser);
  await admin.goto(`/admin?view=clients&q=${encodeURIComponent(client.email)}`);
  const row = admin.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Block ${name}` }).click();
  const dialog = admin.getByRole('alertdialog');
  await dialog.getByLabel('Reason (optional)').fill('Repeated no-shows at the gate');
  await dialog.getByRole('button', { name: 'Block client' }).click();
  await expect(admin.getByText('Client blocked')).toBeVisible();
  await expect(row.getByText('Blocked', { exact: true })).toBeVisible();

  // The client's open session stops working on the next request.
  expect([401, 403]).toContain((await client.page.request.get('/api/bookings/stats')).status());
  await client.page.context().clearCookies();
  await client.page.goto('/auth');
  await client.page.getByLabel('Email').fill(client.email);
  await client.page.getByLabel(/^Password/).fill(client.password);
  await client.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(client.page.getByText('This account has been blocked. Please contact OPS Security.')).toBeVisible();

  await row.getByRole('button', { name: `Unblock ${name}` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Unblock client' }).click();
  await expect(admin.getByText('Client unblocked')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await client.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(client.page).toHaveURL(/\/$/);
  await expect(client.page.getByText('Welcome back')).toBeVisible();
});

test("an admin changes the max advance booking days and the booking form's date picker follows", async ({ browser }) => {
  const admin = await adminPage(browser);
  const field = admin.getByLabel('Max advance booking (days)');
  const setMaxAdvance = async (days: number) => {
    await admin.goto('/admin?view=settings');
    await field.fill(String(days));
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await expect(admin.getByText('Settings saved').first()).toBeVisible();
  };

  const client = await (await browser.newContext()).newPage();
  await signInAs(client, DEMO.company);
  await client.goto('/old-booking');
  await expect(client.getByLabel(/Start date/)).toHaveAttribute('max', dayFromToday(30));

  // Longer only, so journeys running beside this one are never refused a date they chose.
  await setMaxAdvance(60);
  try {
    await client.goto('/old-booking');
    await expect(client.getByLabel(/Start date/)).toHaveAttribute('max', dayFromToday(60));
    // The server follows the same setting: a bad value is refused with the field's message and nothing is saved.
    await admin.goto('/admin?view=settings');
    await field.fill('0');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await expect(admin.getByText(/between 1 and 365|at least 1/i).first()).toBeVisible();
    await admin.reload();
    await expect(field).toHaveValue('60');
  } finally {
    await setMaxAdvance(30);
  }
  await client.goto('/old-booking');
  await expect(client.getByLabel(/Start date/)).toHaveAttribute('max', dayFromToday(30));
});
