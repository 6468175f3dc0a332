import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { adminPage } from './console-helpers.ts';

/** Where the screenshots of the console's operations views go, beside the other test results. */
const SHOTS = fileURLToPath(new URL('../../../test-results/console-operations/', import.meta.url));

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
