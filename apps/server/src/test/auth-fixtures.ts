/** The sign-up tests' form and a browser's following of an e-mailed link. */
import { expect } from 'vitest';
import type { TestContext } from './test-app.ts';

export const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Amina Hassan',
  email: 'amina@example.co.ke',
  password: 'Kilimani-2026',
  confirmPassword: 'Kilimani-2026',
  phone: '0712 345 678',
  role: 'client',
  isCompany: false,
  acceptPrivacyNotice: true,
  ...overrides,
});

/** Follows a link from an e-mail like a browser would: returns where the app sends the person. */
export async function follow(client: ReturnType<TestContext['client']>, link: string) {
  const url = new URL(link);
  const res = await client.get(url.pathname + url.search);
  expect(res.status).toBe(302);
  return res.headers.get('location') ?? '';
}
