import { screen } from '@testing-library/react';
import { AuthPage } from '@/app/routes/auth.tsx';
import { renderWithApp } from './render.tsx';

const otherPages = { '/': <h1>Home page</h1>, '/guard/:id': <h1>Guard page</h1>, '/booking': <h1>Booking page</h1> };

export function renderAuth(route = '/auth') {
  return renderWithApp(<AuthPage />, { route, pages: otherPages });
}

export const GUARD_PAGE = '/guard/guard-1';
export const BACK_TO_GUARD = `redirect=${encodeURIComponent(GUARD_PAGE)}`;

export async function fillSignUp(
  user: ReturnType<typeof renderAuth>['user'],
  values: { password?: string; confirm?: string; phone?: string; agree?: boolean } = {},
) {
  await user.type(await screen.findByLabelText(/Full Name/), 'Jane Wanjiru');
  await user.type(screen.getByLabelText(/^Email/), 'Jane@Example.co.ke');
  await user.type(screen.getByLabelText(/^Password/), values.password ?? 'correct-horse');
  await user.type(screen.getByLabelText(/^Confirm Password/), values.confirm ?? 'correct-horse');
  if (values.phone) await user.type(screen.getByLabelText(/Phone/), values.phone);
  if (values.agree ?? true) await user.click(screen.getByRole('checkbox', { name: /^I agree to the privacy notice/ }));
}

export const address = () => screen.getByRole('status', { name: 'Address' });
