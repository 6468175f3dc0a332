/**
 * Every main page, as a guest and signed in as each role (client, student, guard, partner, admin),
 * checked by axe against WCAG 2.0 and 2.1 A and AA: no violation at all. The label-in-name rule
 * (WCAG 2.5.3: a control's name contains the words it shows) is experimental in axe and so is
 * turned on by name. A role's pages are visited in one signed-in context, one after another.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signInAs } from './fixtures.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// The checks only read: each may run in either worker, so the four long signed-in ones do not queue behind each other.
test.describe.configure({ mode: 'parallel' });

/** One line per violation and element, so a failure says what to fix and where. */
async function expectNoViolations(page: Page, path: string) {
  // The page's data is in and its lazy parts are loaded before axe reads it.
  await page.waitForLoadState('networkidle');
  // The options first: withTags adds the tags to them.
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_TAGS)
    .analyze();
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

/** A page's address and what shows once it is there. */
type Visit = [string, (page: Page) => Promise<void>];

const main = (page: Page) => expect(page.getByRole('main').first()).toBeVisible();
const heading = (name: string | RegExp) => (page: Page) => expect(page.getByRole('heading', { name }).first()).toBeVisible();

/** Signs in once and checks each page in turn at the given width. */
async function expectPagesAccessible(browser: Browser, account: { email: string; password: string }, width: number, visits: Visit[]) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
  const page = await context.newPage();
  try {
    await signInAs(page, account);
    for (const [path, ready] of visits) {
      await page.goto(path);
      await ready(page);
      await expectNoViolations(page, `${path} at ${width} px`);
    }
  } finally {
    await context.close();
  }
}

const CLIENT_PAGES: Visit[] = [
  ['/guards', heading('Security Guards')],
  ['/dashboard', heading('Client Dashboard')],
  ['/profile', (page) => expect(page.getByText('Personal Information').first()).toBeVisible()],
  ['/booking', main],
  ['/old-booking', main],
];

const ACADEMY_PAGES: Visit[] = [
  ['/courses', heading(/Certified Protection Officer/)],
  ['/courses/cpo', heading(/Certified Protection Officer/)],
  ['/cert/verify', main],
];

/** The console's views (the bell-less header with the account button, the tables as cards on a phone). */
const CONSOLE_PAGES: Visit[] = [
  ['/admin', (page) => expect(page.getByText('Total Guards')).toBeVisible()],
  ...['onboarding', 'guards', 'clients', 'bookings', 'payments', 'notifications', 'settings', 'activity'].map((view): Visit => [
    `/admin?view=${view}`,
    heading('Admin Dashboard'),
  ]),
  ...['cohorts', 'enrollments', 'attendance', 'certificates', 'content', 'submissions'].map((tab): Visit => [
    `/admin?view=training&tab=${tab}`,
    (page) => expect(page.getByRole('tab', { name: 'Cohorts' })).toBeVisible(),
  ]),
];

test.describe('signed in', () => {
  // Each test runs axe on up to 16 pages.
  test.slow();

  test('a client’s pages meet WCAG 2.1 AA at 1280 and 390 px', async ({ browser }) => {
    await expectPagesAccessible(browser, DEMO.client, 1280, CLIENT_PAGES);
    await expectPagesAccessible(browser, DEMO.client, 390, [...CLIENT_PAGES, ...ACADEMY_PAGES]);
  });

  test('a student’s, a guard’s and the partner’s pages meet WCAG 2.1 AA at 390 px', async ({ browser }) => {
    await expectPagesAccessible(browser, DEMO.student, 390, [
      ['/student-dashboard', main],
      ['/courses/cpo', heading(/Certified Protection Officer/)],
    ]);
    await expectPagesAccessible(browser, DEMO.guard, 390, [
      ['/dashboard', main],
      ['/profile', main],
      ['/guards', heading('Security Guards')],
      ['/courses', heading(/Certified Protection Officer/)],
    ]);
    await expectPagesAccessible(browser, DEMO.partner, 390, [
      ['/partner-dashboard', main],
      ['/cert/verify', main],
    ]);
  });

  test('the console’s views meet WCAG 2.1 AA at 390 px', async ({ browser }) => {
    await expectPagesAccessible(browser, DEMO.admin, 390, CONSOLE_PAGES);
  });

  test('the console’s tables meet WCAG 2.1 AA at 1280 px', async ({ browser }) => {
    await expectPagesAccessible(
      browser,
      DEMO.admin,
      1280,
      CONSOLE_PAGES.filter(([path]) => /guards|clients|bookings|payments|cohorts|enrollments/.test(path)),
    );
  });
});
