import { expect, test } from '@playwright/test';
import { signInAs, uniqueEmail } from './fixtures.ts';
import { linkFromEmail } from './outbox.ts';

test('a client signs up, confirms from the e-mail, signs in, edits the profile and signs out', async ({ page, baseURL }) => {
  const email = uniqueEmail('wanjiku');
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full Name').fill('Wanjiku Mwangi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('Lavington-2026');
  await page.getByLabel('Confirm Password').fill('Lavington-2026');
  await page.getByLabel(/Phone/).fill('0712 345 678');
  await page.getByRole('checkbox', { name: /I agree to the privacy notice/ }).check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Please check your email to confirm your account.')).toBeVisible();

  // Signing in before confirming is refused with a clear message.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('Lavington-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(/confirm your e-mail address/)).toBeVisible();

  await page.goto(await linkFromEmail(email, /Confirm your/, baseURL!));
  await expect(page.getByText('Email Confirmed!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('Lavington-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome back')).toBeVisible();
  await expect(page.getByText('Ready to book your next security service?')).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByText('Client', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Company Name')).toHaveCount(0);
  await page.getByLabel('Full Name').fill('Wanjiku W. Mwangi');
  await page.getByLabel(/Phone/).fill('+254 722 000 111');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Wanjiku W. Mwangi');
  await expect(page.getByLabel(/Phone/)).toHaveValue(/722\s?000\s?111/);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toEqual({ user: null, session: null, profile: null });
  await page.goto('/profile');
  await expect(page.getByText('Please Sign In')).toBeVisible();
});

test('a person resets a forgotten password from the e-mail', async ({ page, baseURL }) => {
  const email = uniqueEmail('reset');
  await page.request.post('/api/accounts', {
    data: {
      fullName: 'Brian Otieno',
      email,
      password: 'Old-Password-1',
      confirmPassword: 'Old-Password-1',
      role: 'guard',
      isCompany: false,
      acceptPrivacyNotice: true,
    },
  });
  await page.goto(await linkFromEmail(email, /Confirm your/, baseURL!));
  await page.getByRole('button', { name: /Forgot password/ }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /Send reset link/i }).click();
  await page.goto(await linkFromEmail(email, /Reset your/, baseURL!));
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await page.getByLabel(/^New Password/).fill('New-Password-2');
  await page.getByLabel(/^Confirm New Password/).fill('New-Password-2');
  await page.getByRole('button', { name: /Set new password|Reset Password/i }).click();
  await expect(page.getByText('Your password has been changed. You can sign in now.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await signInAs(page, { email, password: 'New-Password-2' });
});

test.describe('bad sign-up input', () => {
  test('differing passwords show the toast and send nothing', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/accounts')) sent.push(r.url());
    });
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Full Name').fill('Mismatch Person');
    await page.getByLabel('Email').fill(uniqueEmail('mismatch'));
    await page.getByLabel(/^Password/).fill('Lavington-2026');
    await page.getByLabel('Confirm Password').fill('Lavington-2027');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('Passwords do not match').first()).toBeVisible();
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
  });

  test('the company box is only for clients and needs a company name', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    const companyBox = page.getByLabel('I represent a company');
    await expect(companyBox).toBeVisible();
    await page.getByLabel('Security Guard (Providing services)').check();
    await expect(companyBox).toHaveCount(0);
    await page.getByLabel('Client (Looking for security)').check();
    await companyBox.check();
    await page.getByLabel('Full Name').fill('Company Person');
    await page.getByLabel('Email').fill(uniqueEmail('company'));
    await page.getByLabel(/^Password/).fill('Lavington-2026');
    await page.getByLabel('Confirm Password').fill('Lavington-2026');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('Company name is required')).toBeVisible();
  });

  test('a phone number that is not Kenyan is explained', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Full Name').fill('Phone Person');
    await page.getByLabel('Email').fill(uniqueEmail('phone'));
    await page.getByLabel(/^Password/).fill('Lavington-2026');
    await page.getByLabel('Confirm Password').fill('Lavington-2026');
    await page.getByLabel(/Phone/).fill('0812 345 678');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText(/Enter a Kenyan phone number/)).toBeVisible();
  });

  test('the server refuses an admin role even when the form is bypassed', async ({ page }) => {
    const res = await page.request.post('/api/accounts', {
      data: {
        fullName: 'Sneaky',
        email: uniqueEmail('sneaky'),
        password: 'Lavington-2026',
        confirmPassword: 'Lavington-2026',
        role: 'admin',
        isCompany: false,
        acceptPrivacyNotice: true,
      },
    });
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ role: expect.any(String) });
  });

  test('the privacy notice must be agreed to, and the box links to it', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/accounts')) sent.push(r.url());
    });
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Full Name').fill('Consent Person');
    await page.getByLabel('Email').fill(uniqueEmail('consent'));
    await page.getByLabel(/^Password/).fill('Lavington-2026');
    await page.getByLabel('Confirm Password').fill('Lavington-2026');
    await expect(page.getByRole('link', { name: /privacy notice/ })).toHaveAttribute('href', '/privacy');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('Please agree to the privacy notice to create an account')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /I agree to the privacy notice/ })).toBeFocused();
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);

    const refused = await page.request.post('/api/accounts', {
      data: {
        fullName: 'Consent Person',
        email: uniqueEmail('consent'),
        password: 'Lavington-2026',
        confirmPassword: 'Lavington-2026',
        role: 'client',
        isCompany: false,
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields).toEqual({
      acceptPrivacyNotice: 'Please agree to the privacy notice to create an account',
    });
  });

  test('one of the commonest passwords is refused with a clear message on the password field', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Full Name').fill('Common Password');
    await page.getByLabel('Email').fill(uniqueEmail('common'));
    await page.getByLabel(/^Password/).fill('password123');
    await page.getByLabel('Confirm Password').fill('password123');
    await page.getByRole('checkbox', { name: /I agree to the privacy notice/ }).check();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('This password is one of the most common and easy to guess. Please choose a less common one.')).toBeVisible();
    await expect(page.getByLabel(/^Password/)).toHaveAttribute('aria-invalid', 'true');
  });
});

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Select and Deploy the Best' })).toBeVisible();
});
