import { expect, test, type APIRequestContext } from '@playwright/test';
import { uniqueEmail } from './fixtures.ts';
import { linkFromEmail } from './outbox.ts';

/** A Nairobi calendar date some days ahead, as the date input and the API take it. */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
}

const PASSWORD = 'Kileleshwa-2026';

/** Books `guardId` through the API and pays it by M-Pesa in the sandbox, as another tab of the client would. */
async function bookAndPay(api: APIRequestContext, origin: string, guardId: string, date: string): Promise<string> {
  const booked = await api.post('/api/bookings', {
    headers: { origin },
    data: {
      serviceType: 'personal',
      guardId,
      teamSize: 1,
      date,
      startTime: '00:00',
      duration: 6,
      durationType: 'hourly',
      dressCode: 'business_suit',
      location: 'Runda',
      address: 'Runda Grove',
      notes: '',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id, reference } = (await booked.json()) as { id: string; reference: string };
  const paid = await api.post(`/api/bookings/${id}/payments`, { headers: { origin }, data: { method: 'mpesa', phone: '0712 345 678' } });
  expect(paid.status(), await paid.text()).toBeLessThan(300);
  const { checkoutUrl } = (await paid.json()) as { checkoutUrl: string };
  const approved = await api.post(checkoutUrl, { headers: { origin }, form: { action: 'approve', phone: '0712345678' }, maxRedirects: 0 });
  expect(approved.status()).toBeLessThan(400);
  return reference;
}

test('a guest opens a guard, signs in and lands back there, books, lets the M-Pesa prompt time out, pays by card, and finds the booking on page 2', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;

  // A new client who already has ten paid bookings coming up sooner than the one made below.
  const email = uniqueEmail('akinyi');
  const setup = await browser.newContext({ baseURL });
  const signedUp = await setup.request.post('/api/accounts', {
    headers: { origin },
    data: {
      fullName: 'Akinyi Odhiambo',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: 'client',
      isCompany: false,
      phone: '0712 345 678',
      acceptPrivacyNotice: true,
    },
  });
  expect(signedUp.status(), await signedUp.text()).toBeLessThan(300);
  const confirmPage = await setup.newPage();
  await confirmPage.goto(await linkFromEmail(email, /Confirm your/, baseURL!));
  const signedIn = await setup.request.post('/api/auth/sign-in/email', { headers: { origin }, data: { email, password: PASSWORD } });
  expect(signedIn.status()).toBe(200);
  const { items: guards } = (await (await setup.request.get('/api/guards?pageSize=24')).json()) as {
    items: { id: string; availability?: boolean; approved: boolean }[];
  };
  const bookable = guards.filter((g) => g.approved && g.availability !== false);
  expect(bookable.length).toBeGreaterThan(4);
  const guardId = bookable[bookable.length - 1]!.id;
  const earlier: string[] = [];
  for (let day = 2; day <= 11; day += 1) earlier.push(await bookAndPay(setup.request, origin, guardId, daysAhead(day)));
  await setup.close();

  // As a guest: the public profile, with the sign-in prompt where the booking button would be.
  await page.goto(`/guard/${guardId}`);
  await expect(page.getByText('Please log in to book this guard')).toBeVisible();
  await expect(page.getByText('Hourly rate')).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).last().click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=%2Fguard%2F${guardId}$`));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/guard/${guardId}$`));

  // The six-step wizard, 20 days ahead.
  await page.getByRole('button', { name: 'Book This Guard' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /Personal Guard/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Select Guards' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel(/^Date/).fill(daysAhead(20));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('combobox', { name: /Location/ }).selectOption('Lavington');
  await dialog.getByRole('textbox', { name: /Address/ }).fill('James Gichuru Road');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: /Proceed to Payment/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Complete Payment' })).toBeVisible();
  const phone = dialog.getByRole('textbox', { name: /M-Pesa phone number/ });
  if (!(await phone.inputValue())) await phone.fill('0712 345 678');

  // The M-Pesa prompt is not answered: the same screen offers card.
  let popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: /^Pay KES/ }).click();
  let sandbox = await popup;
  await sandbox.getByRole('button', { name: 'No answer (times out)' }).click();
  await expect(dialog.getByText('The M-Pesa prompt was not answered in time').first()).toBeVisible({ timeout: 20_000 });
  await sandbox.close();
  await expect(dialog.getByRole('button', { name: 'Send the prompt again' })).toBeVisible();
  popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Pay by card instead' }).click();
  sandbox = await popup;
  await sandbox.getByLabel('Test card number').fill('4242 4242 4242 4242');
  await sandbox.getByLabel('Expiry (MM/YY)').fill('12/30');
  await sandbox.getByLabel('CVC').fill('123');
  await sandbox.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/booking-success/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });

  // The new booking is the eleventh in the client's order (ten come up sooner): page 2 of Recent Bookings.
  const { items } = (await (await page.request.get('/api/bookings?limit=50')).json()) as {
    items: { reference: string; status: string; paymentStatus: string }[];
  };
  expect(items).toHaveLength(11);
  const made = items.find((b) => !earlier.includes(b.reference))!;
  expect(made).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

  await page.getByRole('link', { name: 'View My Bookings' }).click();
  await expect(page.getByRole('heading', { name: 'Recent Bookings' })).toBeVisible();
  await expect(page.getByText(earlier[0]!)).toBeVisible();
  await expect(page.getByText(made.reference)).toHaveCount(0);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(page.getByText(made.reference)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});
