import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from './fixtures.ts';

const WHATSAPP = 'Chat with us on WhatsApp';

async function expectWhatsAppButton(page: Page) {
  const chat = page.getByRole('link', { name: WHATSAPP });
  await expect(chat).toBeVisible();
  await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/254\d+\?text=.+security%20services/);
  await chat.hover();
  await expect(page.getByRole('tooltip')).toHaveText(WHATSAPP);
}

test.describe('wide screen (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('signed out: sign-in and sign-up in the bar, browse guards, footer and chat', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner');
    await expect(nav.getByRole('link', { name: 'Security Booking' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Training' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My Learning' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');
    await expect(page.getByRole('link', { name: 'Browse Guards' })).toHaveAttribute('href', '/guards');
    await expect(page.getByRole('link', { name: 'Book Security Service' })).toHaveCount(0);
    for (const title of ['Verified Professionals', '24/7 Availability', 'Tailored Solutions']) {
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Select and Deploy the Best.')).toBeVisible();
    await expect(footer.getByRole('link', { name: /info@/ })).toHaveAttribute('href', /^mailto:/);
    await expectWhatsAppButton(page);
  });

  test('signed-in client: welcome, booking button, user menu', async ({ page }) => {
    await signInAs(page, DEMO.client);
    await page.goto('/');
    await expect(page.getByText('Welcome back')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book Security Service' })).toHaveAttribute('href', '/booking');
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/client-dashboard');
    await expect(page.getByRole('link', { name: 'My Learning' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Notifications' }).or(page.getByRole('link', { name: 'Notifications' }))).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Partner Portal' })).toHaveCount(0);
  });

  test('signed-in guard, partner and admin see their own welcome and links', async ({ browser }) => {
    const cases = [
      { account: DEMO.guard, dashboard: '/guard-dashboard', text: 'Check your bookings and update your availability', partner: false },
      { account: DEMO.partner, dashboard: '/client-dashboard', text: 'Manage the OPS platform', partner: true },
      { account: DEMO.admin, dashboard: '/admin', text: 'Manage the OPS platform', partner: false },
    ];
    for (const c of cases) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInAs(page, c.account);
      await page.goto('/');
      await expect(page.getByText(c.text)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', c.dashboard);
      await expect(page.getByRole('link', { name: 'Book Security Service' })).toHaveCount(0);
      await page.getByRole('button', { name: 'User menu' }).click();
      await expect(page.getByRole('menuitem', { name: 'Partner Portal' })).toHaveCount(c.partner ? 1 : 0);
      await context.close();
    }
  });
});

test.describe('narrow screen (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('signed out: the drawer holds the items', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Security Booking' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Training' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup/);
    await expect(page.getByLabel('Confirm Password')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('signed-in client: the drawer has the account items and signs out', async ({ page }) => {
    await signInAs(page, DEMO.client);
    await page.goto('/');
    await expect(page.getByText('Welcome back')).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'My Learning' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Partner Portal' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Welcome back')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Browse Guards' })).toBeVisible();
  });
});
