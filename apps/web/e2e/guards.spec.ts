import { expect, test } from '@playwright/test';
import { DEMO, signInAs } from './fixtures.ts';

test('a client browses, filters by specialization, opens a profile and sees its reviews and rates', async ({ page }) => {
  await signInAs(page, DEMO.client);
  await page.goto('/guards');
  await expect(page.getByRole('heading', { name: 'Security Guards' })).toBeVisible();
  await expect(page.getByText(/\d+ guards? found/)).toBeVisible();
  await expect(page.getByText('Pending Approval')).toHaveCount(0);

  await page.getByLabel('Specialization').selectOption('Close protection');
  await expect(page).toHaveURL(/specialization=Close\+protection|specialization=Close%20protection/);
  // The list shows the previous results, dimmed and busy, until the filtered ones are in.
  const cards = page.getByRole('article');
  await expect(async () => {
    await expect(page.getByRole('list', { name: 'Security guards' })).toHaveAttribute('aria-busy', 'false', { timeout: 1000 });
    const texts = await cards.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain('Close protection');
  }).toPass();
  const count = await cards.count();

  // The filter lives in the address: it survives a reload.
  await page.reload();
  await expect(page.getByLabel('Specialization')).toHaveValue('Close protection');
  await expect(cards).toHaveCount(count);

  await cards.first().getByRole('link', { name: 'View Profile' }).click();
  await expect(page).toHaveURL(/\/guard\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Client Reviews')).toBeVisible();
  await expect(page.getByText(/^\d\.\d$/).first()).toBeVisible();
  await expect(page.getByText(/^\(\d+ reviews?\)$/).first()).toBeVisible();
  await expect(page.getByText('Hourly rate')).toBeVisible();
  await expect(page.getByText(/^KES [\d,]+$/).first()).toBeVisible();
  await expect(page.getByText(/^\$[\d,]+\.\d{2}$/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book This Guard' }).or(page.getByRole('link', { name: 'Book This Guard' }))).toBeVisible();
});

test('a guard enters rates in USD and KES is stored', async ({ page }) => {
  await signInAs(page, DEMO.guard);
  await page.goto('/profile');
  await expect(page.getByText('Guard Profile', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'USD' }).click();
  await page.getByLabel('Hourly Rate (USD)').fill('20');
  await page.getByRole('button', { name: 'Save Guard Profile' }).click();
  await expect(page.getByText('Guard profile updated successfully')).toBeVisible();

  const stored = (await (await page.request.get('/api/guards/me/profile')).json()) as { rateHourly: number };
  expect(stored.rateHourly).toBe(2900);
  await page.reload();
  await expect(page.getByLabel('Hourly Rate (KES)')).toHaveValue('2900');
});

test('dashboards show each person only their own bookings', async ({ browser }) => {
  const references = async (account: { email: string; password: string }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, account);
    const { items } = (await (await page.request.get('/api/bookings?limit=50')).json()) as { items: { reference: string }[] };
    return { context, page, refs: items.map((r) => r.reference) };
  };
  const client = await references(DEMO.client);
  const company = await references(DEMO.company);
  const guard = await references(DEMO.guard);
  expect(client.refs.length).toBeGreaterThan(0);
  expect(company.refs.length).toBeGreaterThan(0);
  expect(client.refs.filter((r) => company.refs.includes(r))).toEqual([]);

  await client.page.goto('/dashboard');
  await expect(client.page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();
  await expect(client.page.getByText('Your security guard bookings')).toBeVisible();
  for (const ref of client.refs.slice(0, 5)) await expect(client.page.getByText(ref)).toBeVisible();
  for (const ref of company.refs) await expect(client.page.getByText(ref)).toHaveCount(0);
  for (const title of ['Total Bookings', 'Active Bookings', 'Completed', 'Total Spent']) {
    await expect(client.page.getByRole('region', { name: 'Booking statistics' }).getByText(title, { exact: true })).toBeVisible();
  }

  await guard.page.goto('/dashboard');
  await expect(guard.page.getByRole('heading', { name: 'Guard Dashboard' })).toBeVisible();
  await expect(guard.page.getByText('Your assigned security jobs')).toBeVisible();
  // The first page of the list (10 jobs); the rest are behind 'Show more'.
  for (const ref of guard.refs.slice(0, 10)) await expect(guard.page.getByText(ref)).toBeVisible();
  await expect(guard.page.getByText('Total Spent')).toHaveCount(0);

  // Another person's bookings are not reachable through the API either.
  expect((await guard.page.request.get('/api/bookings/stats')).status()).toBe(403);
  for (const c of [client, company, guard]) await c.context.close();
});

test('the bell counts unread notifications and clears them when opened', async ({ page }) => {
  await signInAs(page, DEMO.company);
  await page.goto('/');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByRole('list', { name: 'Latest notifications' }).getByRole('listitem').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  const { unreadCount } = (await (await page.request.get('/api/notifications')).json()) as { unreadCount: number };
  expect(unreadCount).toBe(0);
});
