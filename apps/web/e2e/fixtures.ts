/** Shared steps for journeys: signing in through the API (fast), unique e-mails, demo accounts. */
import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@opssecurity.co.ke', password: 'Admin#2026!' },
  partner: { email: 'partner@ebssa.co.ke', password: 'Partner#2026!' },
  client: { email: 'client@example.co.ke', password: 'Client#2026!' },
  company: { email: 'company@example.co.ke', password: 'Company#2026!' },
  // Enrolled in the academy's demo cohorts: her dashboard has courses, schedule and results.
  student: { email: 'student@example.co.ke', password: 'Student#2026!' },
  guard: { email: 'guard1@example.co.ke', password: 'Guard#2026!' },
  // Booked by the payment journey; the profile journey edits guard1's rates at the same time.
  bookableGuard: { email: 'guard2@example.co.ke', password: 'Guard#2026!' },
} as const;

let sequence = 0;
export function uniqueEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${sequence}@example.co.ke`;
}

/** Signs in through the API so the page's context carries the session cookie, like after the form. */
export async function signInAs(page: Page, account: { email: string; password: string }): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in/email', { data: account, headers: { origin: baseOrigin() } });
  expect(res.status(), await res.text()).toBe(200);
}

function baseOrigin(): string {
  return `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`;
}
