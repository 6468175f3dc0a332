/** Steps the academy's journeys share: a student of the journey's own, the admin, accessibility checks. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO, signInAs, uniqueEmail } from './fixtures.ts';
import { linkFromEmail } from './outbox.ts';

export const origin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`;

/** A Nairobi calendar day `days` from today, 'YYYY-MM-DD'. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** A person of this journey's own, signed up and confirmed through the API, signed in on the returned page. */
export async function newStudent(browser: Browser, baseURL: string, fullName: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  const email = uniqueEmail('student');
  const password = 'Ngong-Road-2026';
  const created = await page.request.post('/api/accounts', {
    data: { fullName, email, password, confirmPassword: password, role: 'client', isCompany: false, acceptPrivacyNotice: true },
    headers: { origin: origin() },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await page.goto(await linkFromEmail(email, /Confirm your/, baseURL));
  await expect(page.getByText('Email Confirmed!')).toBeVisible();
  await signInAs(page, { email, password });
  return page;
}

export async function adminPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await signInAs(page, DEMO.admin);
  return page;
}

export async function expectNoSeriousA11yViolations(page: Page) {
  // Label-in-name (WCAG 2.5.3) is experimental in axe, so it is turned on by name; withTags adds to these options.
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
