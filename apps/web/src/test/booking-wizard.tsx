import { fireEvent, screen, within } from '@testing-library/react';
import { GuardProfilePage } from '@/app/routes/guard-profile.tsx';
import { inDays, makeQuote } from './booking-fixtures.ts';
import { makeGuard, makeGuardDetails, makeGuardList } from './factories.ts';
import { json, mockFetch, signedInAs, type RecordedRequest } from './fetch-mock.ts';
import { renderWithApp } from './render.tsx';

export const GUARD_ID = '0d9f4c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
export type Handlers = Record<string, (request: RecordedRequest) => Response | Promise<Response>>;

/** A client on a guard's profile, with the guard list and a quote. */
export function wizardApi(extra: Handlers = {}): Handlers {
  return {
    ...signedInAs({ role: 'client', phone: '254712345678' }),
    [`GET /api/guards/${GUARD_ID}`]: () => json(makeGuardDetails({ id: GUARD_ID })),
    [`GET /api/guards/${GUARD_ID}/reviews`]: () => json([]),
    'GET /api/guards': () =>
      json(makeGuardList([makeGuard({ id: GUARD_ID }), makeGuard({ id: 'b1c2d3e4-0000-4000-8000-000000000002', displayName: 'Amina Hassan' })])),
    'POST /api/bookings/quote': () => json(makeQuote()),
    ...extra,
  };
}

/** Opens the six-step wizard from the guard's profile 'Book This Guard'. */
export async function openWizard(api: Handlers = wizardApi()) {
  const fetch = mockFetch(api);
  const app = renderWithApp(<GuardProfilePage />, {
    route: `/guard/${GUARD_ID}`,
    pages: { '/guard/:id': <GuardProfilePage />, '/booking-success': <h1>Booking success page</h1> },
  });
  await app.user.click(await screen.findByRole('button', { name: 'Book This Guard' }));
  // The wizard is its own chunk, loaded on this first click: the first test of a file waits for it.
  const dialog = within(await screen.findByRole('dialog', {}, { timeout: 5000 }));
  return { ...app, fetch, dialog };
}

export const continueButton = () => screen.getByRole('button', { name: 'Continue' });

/** Service and guards as they come, 8 hours in three days, in Karen: up to the summary. */
export async function fillWizardToSummary({ dialog, user }: Awaited<ReturnType<typeof openWizard>>) {
  await user.click(dialog.getByRole('button', { name: /Security Team/ }));
  // Typing is covered by the step tests; here the values are set at once to keep this quick.
  fireEvent.change(dialog.getByRole('spinbutton', { name: /Number of guards/ }), { target: { value: '2' } });
  await user.click(continueButton());
  fireEvent.change(dialog.getByLabelText(/^Date/), { target: { value: inDays(3) } });
  fireEvent.change(dialog.getByRole('spinbutton', { name: /Duration/ }), { target: { value: '8' } });
  await user.click(continueButton());
  fireEvent.change(dialog.getByRole('combobox', { name: /Location/ }), { target: { value: 'Karen' } });
  fireEvent.change(dialog.getByRole('textbox', { name: /Address/ }), { target: { value: '12 Karen Road' } });
  await user.click(continueButton());
}
