import { expect, test } from '@playwright/test';

/*
 * A public page's HTML names the code its page needs (modulepreload) and the server's Link header
 * its first API reads (the session and the page's data), so a phone fetches them with the first bundle instead of one after another.
 * What the browser then fetches must be exactly what was named, each once, with no warning that a
 * hint went unused.
 */
const PAGES: [path: string, firstRead: string][] = [
  ['/courses/cpo', '/api/courses/cpo'],
  ['/courses', '/api/courses'],
];

for (const [path, read] of PAGES) {
  test(`${path}: its code and its first read start with the page, and each is fetched once`, async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));

    const response = await page.goto(path);
    expect(response?.headers()['link']).toBe(`</api/me>; rel=preload; as=fetch; crossorigin, <${read}>; rel=preload; as=fetch; crossorigin`);
    const hinted = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(hinted.length).toBeGreaterThan(2);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const scripts = requested.filter((p) => p.endsWith('.js'));
    const entry = scripts.filter((p) => /^\/assets\/index-[\w-]+\.js$/.test(p));
    expect(entry).toHaveLength(1);
    // Every script the page ran was named in its HTML (besides the first bundle), none twice.
    expect(scripts.filter((p) => !entry.includes(p)).sort()).toEqual([...hinted].sort());
    expect(requested.filter((p) => p === read)).toHaveLength(1);
    expect(requested.filter((p) => p === '/api/me')).toHaveLength(1);
    // Chromium warns when a preloaded response goes unused (or is fetched again beside it).
    await page.waitForTimeout(3_500);
    expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
  });
}
