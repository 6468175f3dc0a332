/** The console's booking operations: staffing a booking and taking the guard off again, and refunding a payment. */
import { expect, test } from '@playwright/test';
import { adminPage, bookAndPayOnSinglePageForm, dayFromToday, newPerson, origin } from './console-helpers.ts';

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
