/**
 * Every main page, as a guest and as a signed-in client, checked by axe against WCAG 2.0 and 2.1
 * A and AA: no violation at all.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from './fixtures.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per violation and element, so a failure says what to fix and where. */
async function expectNoViolations(page: Page, path: string) {
  // The page's data is in and its lazy parts are loaded before axe reads it.
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact ?? 'unknown'}): ${n.target.join(' ')} — ${n.failureSummary ?? v.help}`));
  expect(found, `axe on ${path}`).toEqual([]);
}

/** The id of a guard on the list, read as a signed-in client would (guests cannot list guards). */
async function aGuardId(baseURL: string | undefined): Promise<string> {
  const api = await request.newContext({ baseURL });
  try {
    const origin = new URL(baseURL ?? 'http://127.0.0.1:3210').origin;
    const signIn = await api.post('/api/auth/sign-in/email', { data: DEMO.client, headers: { origin } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const res = await api.get('/api/guards');
    expect(res.status()).toBe(200);
    const { items } = (await res.json()) as { items: { id: string }[] };
    const id = items[0]?.id;
    if (!id) throw new Error('the demo data has no guard to visit');
    return id;
  } finally {
    await api.dispose();
  }
}

test.describe('a guest', () => {
  const pages: [string, (page: Page) => Promise<void>][] = [
    ['/', (page) => expect(page.getByRole('heading', { name: /Select and Deploy the Best/ })).toBeVisible()],
    ['/auth', (page) => expect(page.getByLabel(/Email/i).first()).toBeVisible()],
    ['/auth?mode=signup', (page) => expect(page.getByLabel(/Full name/i).first()).toBeVisible()],
    ['/privacy', (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/no-such-page', (page) => expect(page.getByText('Oops! Page not found')).toBeVisible()],
  ];
  for (const [path, ready] of pages) {
    test(`meets WCAG 2.1 AA on ${path}`, async ({ page }) => {
      await page.goto(path);
      await ready(page);
      await expectNoViolations(page, path);
    });
  }

  test('meets WCAG 2.1 AA on a guard’s profile', async ({ page, baseURL }) => {
    const path = `/guard/${await aGuardId(baseURL)}`;
    await page.goto(path);
    await expect(page.getByText('Please log in to book this guard')).toBeVisible();
    await expectNoViolations(page, path);
  });
});

test.describe('a signed-in client', () => {
  const pages: [string, (page: Page) => Promise<void>][] = [
    ['/guards', (page) => expect(page.getByRole('heading', { name: 'Security Guards' })).toBeVisible()],
    ['/dashboard', (page) => expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible()],
    ['/profile', (page) => expect(page.getByText('Personal Information').first()).toBeVisible()],
    ['/booking', (page) => expect(page.getByRole('main')).toBeVisible()],
    ['/old-booking', (page) => expect(page.getByRole('main')).toBeVisible()],
  ];
  for (const [path, ready] of pages) {
    test(`meets WCAG 2.1 AA on ${path}`, async ({ page }) => {
      await signInAs(page, DEMO.client);
      await page.goto(path);
      await ready(page);
      await expectNoViolations(page, path);
    });
  }
});
