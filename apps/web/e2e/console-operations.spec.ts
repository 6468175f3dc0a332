import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signInAs, uniqueEmail } from './fixtures.ts';
import { linkFromEmail } from './outbox.ts';

/** Where the screenshots of the console's operations views go, beside the other test results. */
const SHOTS = fileURLToPath(new URL('../../../test-results/console-operations/', import.meta.url));

const origin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`;

/** A Nairobi calendar day `days` from today, 'YYYY-MM-DD'. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** A person of this journey's own, signed up and confirmed, signed in on the returned page. */
async function newPerson(browser: Browser, baseURL: string, role: 'client' | 'guard', fullName: string) {
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

async function adminPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await signInAs(page, DEMO.admin);
  return page;
}

/** The client books one VIP guard for a day on the single-page form and pays by M-Pesa in the sandbox; returns the booking's reference. */
async function bookAndPayOnSinglePageForm(page: Page, startInDays: number): Promise<string> {
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

test('an admin staffs a booking made on /old-booking and the guard sees the job', async ({ browser, baseURL }) => {
  const client = await newPerson(browser, baseURL!, 'client', `Njeri Kamau ${Date.now()}`);
  const reference = await bookAndPayOnSinglePageForm(client.page, 14);

  const guardName = `Kiprono Chebet ${Date.now()}`;
  const guard = await newPerson(browser, baseURL!, 'guard', guardName);
  const saved = await guard.page.request.put('/api/guard/credentials', {
    data: {
      psraLicenceNumber: 'PSRA/G/2026/00912',
      psraLicenceExpiresOn: dayFromToday(400),
      policeClearanceIssuedOn: dayFromToday(-20),
      policeClearanceExpiresOn: dayFromToday(345),
    },
    headers: { origin: origin() },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const guardMe = (await (await guard.page.request.get('/api/me')).json()) as { profile: { id: string } };

  const admin = await adminPage(browser);
  const approved = await admin.request.put(`/api/admin/guards/${guardMe.profile.id}/approval`, {
    data: { approved: true },
    headers: { origin: origin() },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  // Through onboarding too: the console offers only Deployment Ready guards.
  for (const stage of ['fitForDuty', 'onboardingComplete']) {
    const ticked = await admin.request.patch(`/api/admin/officers/${guardMe.profile.id}/stages`, {
      data: { stage, value: true },
      headers: { origin: origin() },
    });
    expect(ticked.status(), await ticked.text()).toBe(200);
  }

  // The overview's 'Needs attention' leads here (/admin?view=bookings&q=<reference>).
  await admin.goto(`/admin?view=bookings&q=${reference}`);
  const row = admin.getByRole('row').filter({ hasText: reference });
  await expect(row.getByText(/Needs guard/)).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${reference}` }).click();
  await admin.getByRole('menuitem', { name: 'Assign guards' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Assign guards to ${reference}` })).toBeVisible();
  await dialog.getByLabel('Search guards').fill(guardName);
  await dialog.getByRole('checkbox', { name: new RegExp(guardName) }).check();
  await dialog.getByRole('button', { name: 'Assign 1 guard' }).click();
  await expect(admin.getByText('Guards assigned')).toBeVisible();
  await expect(row.getByText(guardName)).toBeVisible();

  // The job is two weeks away: Complete asks first, naming the booking, and the server refuses it with the reason.
  await row.getByRole('button', { name: `Actions for ${reference}` }).click();
  await admin.getByRole('menuitem', { name: 'Complete' }).click();
  await admin
    .getByRole('alertdialog', { name: `Complete booking ${reference}?` })
    .getByRole('button', { name: 'Complete booking' })
    .click();
  await expect(
    admin.getByText(/A booking can be marked completed only once it has ended: this one ends on \w{3} \d{2}, \d{4} \d{2}:\d{2}\./),
  ).toBeVisible();

  // The guard sees the job on the dashboard and is told under the bell.
  await guard.page.goto('/dashboard');
  await expect(guard.page.getByText(reference)).toBeVisible();
  await guard.page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications \(\d+ unread\)$/ })
    .click();
  await expect(guard.page.getByRole('list', { name: 'Latest notifications' }).getByText(new RegExp(reference)).first()).toBeVisible();

  // A wrong choice is taken back: the booking needs its guard again, and the job leaves the guard's dashboard.
  await row.getByRole('button', { name: `Actions for ${reference}` }).click();
  await admin.getByRole('menuitem', { name: 'Remove a guard' }).click();
  const confirm = admin.getByRole('alertdialog');
  await confirm.getByRole('button', { name: `Remove ${guardName}` }).click();
  await expect(admin.getByText('Guard removed')).toBeVisible();
  await expect(row.getByText(/Needs guard/)).toBeVisible();
  await guard.page.goto('/dashboard');
  await expect(guard.page.getByRole('main').getByText('Welcome back', { exact: false }).first()).toBeVisible();
  await expect(guard.page.getByRole('main').getByText(reference)).toHaveCount(0);
  await guard.page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications \(\d+ unread\)$/ })
    .click();
  await expect(
    guard.page.getByRole('list', { name: 'Latest notifications' }).getByText(new RegExp(`You are no longer on booking ${reference}`)),
  ).toBeVisible();
});

test('an admin refunds a booking paid in the sandbox and the client sees the refund', async ({ browser, baseURL }) => {
  const client = await newPerson(browser, baseURL!, 'client', `Otieno Were ${Date.now()}`);
  const reference = await bookAndPayOnSinglePageForm(client.page, 16);

  const admin = await adminPage(browser);
  await admin.goto(`/admin?view=payments&q=${reference}`);
  const row = admin.getByRole('row').filter({ hasText: reference });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByText('M-Pesa')).toBeVisible();
  await row.getByRole('button', { name: /Refund \(95%\)/ }).click();
  const dialog = admin.getByRole('alertdialog');
  // 95% of KES 24,000.
  await expect(dialog.getByText(/KES 22,800/).first()).toBeVisible();
  await dialog
    .getByRole('button', { name: /Refund/ })
    .last()
    .click();
  await expect(admin.getByText('Refund Processed')).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText(/Refunded|Refund pending/)).toBeVisible();

  // A second press cannot refund twice: the action is gone and the server says so.
  await expect(row.getByRole('button', { name: /Refund \(95%\)/ })).toHaveCount(0);

  // A booking of the demo data, paid before this server started, refunds the same way, and Activity names it.
  await admin.goto('/admin?view=payments&q=OPS-C9P3LF');
  const demo = admin.getByRole('row').filter({ hasText: 'OPS-C9P3LF' });
  await demo.getByRole('button', { name: /Refund \(95%\)/ }).click();
  // 95% of KES 30,000.
  await expect(dialog.getByText(/KES 28,500/).first()).toBeVisible();
  await dialog
    .getByRole('button', { name: /Refund/ })
    .last()
    .click();
  await expect(demo.getByText(/Refunded|Refund pending/)).toBeVisible({ timeout: 20_000 });
  await admin.goto('/admin?view=activity&action=payment.refund');
  await expect(admin.getByRole('table', { name: 'Activity' }).getByText('OPS-C9P3LF')).toBeVisible();

  await client.page.goto('/dashboard');
  const booking = client.page.getByText(reference).first();
  await expect(booking).toBeVisible();
  await expect(client.page.getByText(/Refunded|Refund pending/).first()).toBeVisible();
  await expect(client.page.getByText(/KES 22,800/).first()).toBeVisible();
});

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

/**
 * The table fits its card (nothing to scroll sideways to), and every row's actions (the buttons
 * and links of its last cell) are on the screen.
 */
async function expectActionsOnScreen(page: Page, table: string) {
  const region = page.getByRole('region', { name: table, exact: true });
  const widths = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(widths.scroll, `the ${table} table scrolls sideways`).toBeLessThanOrEqual(widths.client);
  const screenWidth = page.viewportSize()?.width ?? 0;
  const actions = await region.locator('tbody tr > :last-child').evaluateAll((cells) =>
    cells.flatMap((cell) =>
      [...cell.querySelectorAll('button, a')].map((el) => {
        const box = el.getBoundingClientRect();
        return { name: el.getAttribute('aria-label') ?? el.textContent ?? '', left: box.left, right: box.right };
      }),
    ),
  );
  expect(actions.length, `the ${table} table's rows have actions`).toBeGreaterThan(0);
  for (const action of actions) {
    expect(action.left, `'${action.name}' is on screen`).toBeGreaterThanOrEqual(0);
    expect(action.right, `'${action.name}' is on screen`).toBeLessThanOrEqual(screenWidth);
  }
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`the console's operations views fit a ${width} px screen, each table's actions on it`, async ({ browser }) => {
    await mkdir(SHOTS, { recursive: true });
    const admin = await adminPage(browser, { width, height });
    const row = (p: Page) => p.getByRole('row').nth(1);
    for (const [view, ready, table] of [
      ['guards', row, 'Guards'],
      ['clients', row, 'Clients'],
      ['bookings', row, 'Bookings'],
      ['payments', row, 'Payments'],
      ['training', row, 'Cohorts'],
      ['notifications', (p: Page) => p.getByRole('button', { name: /Send/ }).first(), null],
      ['settings', (p: Page) => p.getByRole('button', { name: 'Save Settings' }), null],
    ] as const) {
      await admin.goto(`/admin?view=${view}`);
      await expect(ready(admin)).toBeVisible();
      await admin.screenshot({ path: `${SHOTS}${view.replace('&tab=', '-')}-${width}.png`, fullPage: true });
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${view} overflows by ${overflow}px at ${width}px`).toBeLessThanOrEqual(0);
      if (table) await expectActionsOnScreen(admin, table);
      if (view === 'training') {
        // The Training tabs wrap rather than hide past the edge.
        for (const tab of await admin.getByRole('tablist', { name: 'Training' }).getByRole('tab').all()) {
          const box = await tab.boundingBox();
          expect((box?.x ?? -1) + (box?.width ?? 0), `the '${await tab.textContent()}' tab is on screen`).toBeLessThanOrEqual(width);
        }
      }
    }
  });
}
