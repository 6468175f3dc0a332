import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signInAs, uniqueEmail } from './fixtures.ts';
import { linkFromEmail } from './outbox.ts';

/** Where the 390 px pass leaves its screenshots, beside the other test results. */
const SHOTS = fileURLToPath(new URL('../../../test-results/console/', import.meta.url));

const origin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`;

/** A Nairobi calendar day `days` from today, 'YYYY-MM-DD'. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A new guard of this journey's own (so journeys running side by side never fight over the demo
 * guards): signs up, confirms from the e-mail, records a PSRA licence and a police clearance, and
 * stays signed in on the returned page.
 */
async function newGuard(browser: Browser, baseURL: string, fullName: string): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail('officer');
  const password = 'Nyayo-House-2026';
  const created = await page.request.post('/api/accounts', {
    data: { fullName, email, password, confirmPassword: password, role: 'guard', isCompany: false, acceptPrivacyNotice: true },
    headers: { origin: origin() },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await page.goto(await linkFromEmail(email, /Confirm your/, baseURL));
  await expect(page.getByText('Email Confirmed!')).toBeVisible();
  await signInAs(page, { email, password });
  const saved = await page.request.put('/api/guard/credentials', {
    data: {
      psraLicenceNumber: 'PSRA/G/2026/00417',
      psraLicenceExpiresOn: dayFromToday(400),
      policeClearanceIssuedOn: dayFromToday(-20),
      policeClearanceExpiresOn: dayFromToday(345),
    },
    headers: { origin: origin() },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { page, email };
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, DEMO.admin);
  return page;
}

test('an admin approves a pending guard and completes their onboarding in the console, and a client then finds the guard on /guards', async ({
  browser,
  baseURL,
}) => {
  const name = `Achieng Otieno ${Date.now()}`;
  const guard = await newGuard(browser, baseURL!, name);

  const admin = await adminPage(browser);
  await admin.goto(`/admin?view=guards&q=${encodeURIComponent(name)}`);
  await expect(admin.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(
    admin
      .getByRole('searchbox')
      .or(admin.getByLabel(/Search/))
      .first(),
  ).toHaveValue(name);
  const row = admin.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(admin.getByText('Guard approved successfully')).toBeVisible();
  await expect(row.getByRole('button', { name: `Unapprove ${name}` })).toBeVisible();

  // The view is in the address: a reload lands on the same search.
  await admin.reload();
  await expect(admin.getByRole('row').filter({ hasText: name }).getByText('Approved', { exact: true })).toBeVisible();

  // Approved alone does not list the guard: clients see only Deployment Ready guards.
  const client = await (await browser.newContext()).newPage();
  await signInAs(client, DEMO.client);
  await client.goto('/guards?sort=newest');
  await expect(client.getByText(/\d+ guards? found/)).toBeVisible();
  await expect(client.getByRole('article').filter({ hasText: name })).toHaveCount(0);

  // Through onboarding in Officer Onboarding: fit for duty, then onboarding complete.
  await admin.goto(`/admin?view=onboarding&tab=onboarding&q=${encodeURIComponent(name)}`);
  const card = admin.getByRole('article').filter({ hasText: name });
  await card.getByRole('switch', { name: 'Fit for duty' }).click();
  await expect(admin.getByText('Onboarding stage updated').first()).toBeVisible();
  await card.getByRole('switch', { name: 'Onboarding complete' }).click();
  await admin.getByRole('tab', { name: /^Deployment Ready \(\d+\)$/ }).click();
  await expect(admin.getByRole('article').filter({ hasText: name }).getByText('Deployment Ready', { exact: true })).toBeVisible();

  await client.reload();
  await expect(client.getByRole('article').filter({ hasText: name })).toBeVisible();

  // The guard hears about it.
  await guard.page.goto('/');
  await guard.page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications \(\d+ unread\)$/ })
    .click();
  await expect(guard.page.getByText(/has been approved/)).toBeVisible();
});

test('an admin rejects an officer with a reason and the guard reads the reason under the bell', async ({ browser, baseURL }) => {
  const name = `Kiprono Chege ${Date.now()}`;
  const guard = await newGuard(browser, baseURL!, name);

  const admin = await adminPage(browser);
  await admin.goto(`/admin?view=onboarding&q=${encodeURIComponent(name)}`);
  await expect(admin.getByRole('tab', { name: /^Pending \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  const card = admin.getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Reject/ }).click();
  const dialog = admin.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Rejection reason').fill('   ');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Rejection reason').fill('  Police clearance certificate is not legible  ');
  await confirm.click();
  await expect(admin.getByText('Officer rejected')).toBeVisible();

  await admin.getByRole('tab', { name: /^Rejected \(\d+\)$/ }).click();
  await expect(admin).toHaveURL(/tab=rejected/);
  await expect(admin.getByRole('article').filter({ hasText: name }).getByText('Police clearance certificate is not legible')).toBeVisible();

  await guard.page.goto('/');
  await guard.page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications \(\d+ unread\)$/ })
    .click();
  await expect(guard.page.getByText(/Reason: Police clearance certificate is not legible$/)).toBeVisible();
});

test('a guard uploads a police clearance PDF, an admin opens it and the activity list shows who viewed it', async ({ browser, baseURL }) => {
  const name = `Wanjiru Kamau ${Date.now()}`;
  const guard = await newGuard(browser, baseURL!, name);

  await guard.page.goto('/profile');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  await guard.page.getByLabel('Upload Police clearance certificate').setInputFiles({ name: 'clearance.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(guard.page.getByText('Document uploaded')).toBeVisible();
  await expect(guard.page.getByRole('list', { name: 'Police clearance certificate' }).getByText('clearance.pdf')).toBeVisible();

  const admin = await adminPage(browser);
  await admin.goto(`/admin?view=guards&q=${encodeURIComponent(name)}`);
  await admin.getByRole('button', { name: `View ${name}` }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByText('PSRA/G/2026/00417')).toBeVisible();
  const [opened] = await Promise.all([
    admin.context().waitForEvent('response', (res) => /\/api\/guard-documents\//.test(res.url())),
    dialog.getByRole('link', { name: /Police clearance certificate in a new tab/ }).click(),
  ]);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toContain('application/pdf');

  // Another guard cannot read it.
  const other = await (await browser.newContext()).newPage();
  await signInAs(other, DEMO.guard);
  expect((await other.request.get(new URL(opened.url()).pathname)).status()).toBe(404);

  await admin.goto('/admin?view=activity');
  const viewed = admin.getByRole('row').filter({ hasText: 'Viewed document' }).filter({ hasText: name });
  await expect(viewed.first()).toBeVisible();
});

test('the console at 390 px: the sidebar is a sheet and every view fits the screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signInAs(page, DEMO.admin);
  await mkdir(SHOTS, { recursive: true });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Total Guards')).toBeVisible();

  // The revenue chart's dates are whole (none cut to 'Se…') and do not run into each other.
  const chart = page.getByRole('region', { name: /Revenue, last/ });
  await expect(chart).toBeVisible();
  const labels = await chart.locator('ol > li').evaluateAll((items) =>
    items
      .filter((li) => getComputedStyle(li).visibility === 'visible')
      .map((li) => {
        const range = document.createRange();
        range.selectNodeContents(li);
        const text = range.getBoundingClientRect();
        const cut = getComputedStyle(li).textOverflow === 'ellipsis' && li.scrollWidth > li.clientWidth;
        return { text: li.textContent ?? '', left: text.left, right: text.right, cut };
      }),
  );
  expect(labels.length, 'dates under the chart').toBeGreaterThanOrEqual(6);
  for (const [i, label] of labels.entries()) {
    expect(label.cut, `'${label.text}' is shown whole`).toBe(false);
    expect(label.left, `'${label.text}' is on screen`).toBeGreaterThanOrEqual(0);
    expect(label.right, `'${label.text}' is on screen`).toBeLessThanOrEqual(390);
    if (i > 0) expect(label.left, `'${label.text}' clear of '${labels[i - 1]!.text}'`).toBeGreaterThan(labels[i - 1]!.right);
  }

  const views: [string, string][] = [
    ['Dashboard', 'overview'],
    ['Officer Onboarding', 'onboarding'],
    ['Guards', 'guards'],
    ['Clients', 'clients'],
    ['Training', 'training'],
    ['Activity', 'activity'],
  ];
  for (const [item, view] of views) {
    await page
      .getByRole('button', { name: /Toggle sidebar|Open menu|Menu/i })
      .first()
      .click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByRole('heading', { name: 'OPS Admin' })).toBeAttached();
    // 18rem, as the specification's §2.1 says.
    expect((await sheet.boundingBox())?.width).toBe(288);
    await sheet
      .getByRole('link', { name: item, exact: true })
      .or(sheet.getByRole('button', { name: item, exact: true }))
      .first()
      .click();
    await expect(sheet).toHaveCount(0);
    if (view !== 'overview') await expect(page).toHaveURL(new RegExp(`view=${view}`));
    if (view === 'clients') await expect(page.getByRole('row').nth(1)).toBeVisible();
    if (view === 'training') await expect(page.getByRole('tab', { name: 'Cohorts' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${item} fits 390 px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}390-${view}.png`, fullPage: true });
  }
});
