import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminBookingRow, BookingCandidates } from '@ops/shared/schemas/admin-bookings';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { pageOf } from '@/test/console-fixtures.ts';
import { BookingsView } from './bookings-view.tsx';

function makeBooking(overrides: Partial<AdminBookingRow> = {}): AdminBookingRow {
  return {
    id: '7b1c2f4e-0000-4000-8000-000000000001',
    reference: 'OPS-K7PQ2M',
    serviceType: 'personal',
    serviceLabel: 'Personal Guard',
    client: { profileId: 'c1', fullName: 'Amina Hassan', companyName: null },
    guards: [{ profileId: 'g1', fullName: 'James Mwangi', staffedByConsole: false }],
    teamSize: 1,
    area: 'Karen',
    // 09:00 in Nairobi.
    startTime: '2027-03-09T06:00:00.000Z',
    endTime: '2027-03-09T14:00:00.000Z',
    price: 9600,
    status: 'confirmed',
    paymentStatus: 'paid',
    cancellation: null,
    createdAt: '2027-03-01T06:00:00.000Z',
    ...overrides,
  };
}

const confirmed = makeBooking();
const unstaffed = makeBooking({
  id: '7b1c2f4e-0000-4000-8000-000000000002',
  reference: 'OPS-UNSTAF',
  client: { profileId: 'c2', fullName: 'Brian Otieno', companyName: 'Otieno Traders' },
  guards: [],
  area: 'Runda',
  status: 'pending',
  paymentStatus: 'paid',
});
const team = makeBooking({
  id: '7b1c2f4e-0000-4000-8000-000000000003',
  reference: 'OPS-TEAM03',
  guards: [{ profileId: 'g2', fullName: 'Peter Kiprono', staffedByConsole: true }],
  teamSize: 3,
  status: 'pending',
  paymentStatus: 'unpaid',
});
const done = makeBooking({ id: '7b1c2f4e-0000-4000-8000-000000000004', reference: 'OPS-DONE04', status: 'completed' });

const candidates: BookingCandidates = {
  needed: 2,
  items: ['Faith Wanjiru', 'Grace Akinyi', 'John Kamau'].map((fullName, i) => ({
    profileId: `5d7c2f4e-0000-4000-8000-00000000001${i}`,
    fullName,
    specialization: null,
    experienceYears: 3,
    rateHourly: 1500 + i * 100,
    rateDaily: null,
    averageRating: null,
    credentialsValidUntil: '2099-06-30',
  })),
};

function bookingsApi(rows: AdminBookingRow[], reply: (body: unknown) => Response = () => json(rows[0])) {
  return {
    ...signedInAs({ role: 'admin' }),
    'GET /api/admin/bookings': () => json(pageOf(rows)),
    ...Object.fromEntries(rows.map((b) => [`POST /api/admin/bookings/${b.id}/status`, ({ body }: { body: unknown }) => reply(body)])),
    ...Object.fromEntries(rows.map((b) => [`GET /api/admin/bookings/${b.id}/candidates`, () => json(candidates)])),
    ...Object.fromEntries(rows.map((b) => [`POST /api/admin/bookings/${b.id}/guards`, ({ body }: { body: unknown }) => reply(body)])),
    ...Object.fromEntries(
      rows.flatMap((b) => b.guards.map((g) => [`DELETE /api/admin/bookings/${b.id}/guards/${g.profileId}`, ({ body }: { body: unknown }) => reply(body)])),
    ),
  };
}

const row = (reference: string) => within(screen.getByText(reference).closest('tr')!);

async function openActions(user: ReturnType<typeof renderWithApp>['user'], reference: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${reference}` }));
  return within(await screen.findByRole('menu'));
}

describe('the Bookings view', () => {
  it('lists each booking with client, guards, area, Nairobi time, price and statuses', async () => {
    mockFetch(bookingsApi([confirmed, unstaffed, team]));
    renderWithApp(<BookingsView />, { route: '/admin?view=bookings' });

    await screen.findByText('OPS-K7PQ2M');
    const first = row('OPS-K7PQ2M');
    expect(first.getByText('Amina Hassan')).toBeInTheDocument();
    expect(first.getByText('James Mwangi')).toBeInTheDocument();
    expect(first.getByText('Karen')).toBeInTheDocument();
    expect(first.getByText('Mar 09, 2027 09:00')).toBeInTheDocument();
    expect(first.getByText('KES 9,600')).toBeInTheDocument();
    expect(first.getByText('Confirmed')).toBeInTheDocument();
    expect(first.getByText('Paid')).toBeInTheDocument();
    expect(row('OPS-UNSTAF').getByText('Needs guard')).toBeInTheDocument();
    expect(row('OPS-UNSTAF').getByText('Otieno Traders')).toBeInTheDocument();
    expect(row('OPS-TEAM03').getByText('1 of 3 guards')).toBeInTheDocument();
    expect(row('OPS-TEAM03').getByText('Pending Payment')).toBeInTheDocument();
  });

  it('says who cancelled a cancelled booking and why', async () => {
    const byClient = makeBooking({
      id: '7b1c2f4e-0000-4000-8000-000000000009',
      reference: 'OPS-CANC01',
      status: 'cancelled',
      paymentStatus: 'refunded',
      cancellation: { by: 'client', reason: 'Plans changed: The event moved' },
    });
    const byOffice = makeBooking({
      id: '7b1c2f4e-0000-4000-8000-000000000010',
      reference: 'OPS-CANC02',
      status: 'cancelled',
      cancellation: { by: 'admin', reason: 'Cancelled by the OPS office' },
    });
    mockFetch(bookingsApi([byClient, byOffice]));
    renderWithApp(<BookingsView />, { route: '/admin?view=bookings' });
    await screen.findByText('OPS-CANC01');
    expect(row('OPS-CANC01').getByText('By the client: Plans changed: The event moved')).toBeInTheDocument();
    expect(row('OPS-CANC02').getByText('By the OPS office: Cancelled by the OPS office')).toBeInTheDocument();
  });

  it('filters by status, payment and dates from page 1, keeping them in the address', async () => {
    const api = mockFetch(bookingsApi([confirmed]));
    const { user } = renderWithApp(<BookingsView />, { route: '/admin?view=bookings&page=2' });
    await screen.findByText('OPS-K7PQ2M');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'cancelled');
    await waitFor(() => expect(api.calls('GET', '/api/admin/bookings').at(-1)?.query).toMatchObject({ status: 'cancelled', page: '1' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Payment' }), 'refunded');
    await waitFor(() => expect(api.calls('GET', '/api/admin/bookings').at(-1)?.query).toMatchObject({ status: 'cancelled', payment: 'refunded' }));
    await user.type(screen.getByLabelText('From'), '2027-03-01');
    await waitFor(() => expect(api.calls('GET', '/api/admin/bookings').at(-1)?.query).toMatchObject({ from: '2027-03-01' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('status=cancelled&payment=refunded&from=2027-03-01');
  });

  it('offers only the moves the booking allows', async () => {
    mockFetch(bookingsApi([confirmed, team, done]));
    const { user } = renderWithApp(<BookingsView />, { route: '/admin?view=bookings' });
    await screen.findByText('OPS-K7PQ2M');

    expect(screen.queryByRole('button', { name: 'Actions for OPS-DONE04' })).not.toBeInTheDocument();
    let menu = await openActions(user, 'OPS-K7PQ2M');
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Complete', 'Cancel booking']);
    await user.keyboard('{Escape}');
    // Pending and not paid: it cannot be confirmed, but it may be cancelled and staffed, and the guard the console put on taken off.
    menu = await openActions(user, 'OPS-TEAM03');
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Cancel booking', 'Assign guards', 'Remove a guard']);
  });

  it('confirms a paid pending booking and says so', async () => {
    const api = mockFetch(bookingsApi([unstaffed], () => json({ ...unstaffed, status: 'confirmed' })));
    const { user } = renderWithApp(<BookingsView />, { route: '/admin?view=bookings' });
    await screen.findByText('OPS-UNSTAF');

    const menu = await openActions(user, 'OPS-UNSTAF');
    await user.click(menu.getByRole('menuitem', { name: 'Confirm' }));
    expect(await screen.findByText('Booking confirmed successfully')).toBeInTheDocument();
    expect(api.calls('POST', `/api/admin/bookings/${unstaffed.id}/status`)[0]?.body).toEqual({ status: 'confirmed' });
    await waitFor(() => expect(api.calls('GET', '/api/admin/bookings')).toHaveLength(2));
  });

  it('cancels a paid booking with the policy refund in the same step', async () => {
    const preview = { paid: true, amountPaid: 9600, policyRefund: 9120, percent: 95, minutesBeforeStart: 72 * 60 + 5, refundRefusal: null };
    const api = mockFetch({
      ...bookingsApi([confirmed]),
      [`GET /api/admin/bookings/${confirmed.id}/cancellation`]: () => json(preview),
      [`POST /api/admin/bookings/${confirmed.id}/cancel`]: () => json({ ...confirmed, status: 'cancelled', paymentStatus: 'refunded' }),
    });
    const { user } = renderWithApp(<BookingsView />, { route: '/admin?view=bookings' });
    await screen.findByText('OPS-K7PQ2M');

    const menu = await openActions(user, 'OPS-K7PQ2M');
    await user.click(menu.getByRole('menuitem', { name: 'Cancel booking' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel booking OPS-K7PQ2M?' }));
    expect(
      await dialog.findByText(
        'Paid KES 9,600; cancelling now is 72 hours before its start. Under the cancellation policy the client gets KES 9,120 back (95%).',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: 'KES 9,120 under the policy' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Cancel and refund KES 9,120' }));
    expect(await screen.findByText('Booking cancelled successfully')).toBeInTheDocument();
    expect(api.calls('POST', `/api/admin/bookings/${confirmed.id}/cancel`)[0]?.body).toEqual({ refund: 9120 });
    expect(api.calls('POST', `/api/admin/bookings/${confirmed.id}/status`)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives another amount only with a reason, and never more than was paid', async () => {
    const preview = { paid: true, amountPaid: 9600, policyRefund: 0, percent: 0, minutesBeforeStart: 600, refundRefusal: null };
    const api = mockFetch({
      ...bookingsApi([confirmed]),
      [`GET /api/admin/bookings/${confirmed.id}/cancellation`]: () => json(preview),
      [`POST /api/admin/bookings/${confirmed.id}/cancel`]: () => json({ ...confirmed, status: 'cancelled' }),
    });
    const { user } = renderWithApp(<BookingsView />, { route: '/admin?view=bookings' });
    await screen.findByText('OPS-K7PQ2M');
    const menu = await openActions(user, 'OPS-K7PQ2M');
    await user.click(menu.getByRole('menuitem', { name: 'Cancel booking' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel booking OPS-K7PQ2M?' }));
    expect(await dialog.findByRole('radio', { name: 'No refund, as the policy says' })).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: 'Another amount' }));
    await user.type(dialog.getByLabelText(/Refund \(KES\)/), '9700');
    await user.click(dialog.getByRole('button', { name: 'Cancel and refund KES 9,700' }));
    expect(dialog.getByText('The refund cannot be more than the KES 9,600 paid.')).toBeInTheDocument();
    expect(dialog.getByText("Say why the refund differs from the policy's KES 0.")).toBeInTheDocument();
    expect(api.calls('POST', `/api/admin/bookings/${confirmed.id}/cancel`)).toHaveLength(0);

    await user.clear(dialog.getByLabelText(/Refund \(KES\)/));
    await user.type(dialog.getByLabelText(/Refund \(KES\)/), '9600');
    await user.type(dialog.getByLabelText(/Why this amount\?/), 'Our guard fell ill');
    await user.click(dialog.getByRole('button', { name: 'Cancel and refund KES 9,600' }));
    expect(await screen.findByText('Booking cancelled successfully')).toBeInTheDocument();
    expect(api.calls('POST', `/api/admin/bookings/${confirmed.id}/cancel`)[0]?.body).toEqual({ refund: 9600, reason: 'Our guard fell ill' });
  });

  it('asks before completing, naming the booking and saying it cannot be undone; nothing is sent until confirmed', async () => {
    const api = mockFetch(bookingsApi([confirmed], () => json({ ...confirmed, status: 'completed' })));
    const { user } = renderWithApp(<BookingsView />, { route: '/admin?view=bookings' });
    await screen.findByText('OPS-K7PQ2M');

    let menu = await openActions(user, 'OPS-K7PQ2M');
    await user.click(menu.getByRole('menuitem', { name: 'Complete' }));
    let dialog = within(await screen.findByRole('alertdialog', { name: 'Complete booking OPS-K7PQ2M?' }));
    // Ends at 17:00 in Nairobi.
    expect(dialog.getByText(/Personal Guard for Amina Hassan in Karen, ending Mar 09, 2027 17:00, with 1 of 1 guard\./)).toBeInTheDocument();
    expect(dialog.getByText(/Completing cannot be undone/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST', `/api/admin/bookings/${confirmed.id}/status`)).toHaveLength(0);

    menu = await openActions(user, 'OPS-K7PQ2M');
    await user.click(menu.getByRole('menuitem', { name: 'Complete' }));
    dialog = within(await screen.findByRole('alertdialog', { name: 'Complete booking OPS-K7PQ2M?' }));
    await user.click(dialog.getByRole('button', { name: 'Complete booking' }));
    expect(await screen.findByText('Booking completed successfully')).toBeInTheDocument();
    expect(api.calls('POST', `/api/admin/bookings/${confirmed.id}/status`).map((c) => c.body)).toEqual([{ status: 'completed' }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says why when completing is refused', async () => {
    const reason = 'A booking can be marked completed only once it has ended: this one ends on Mar 09, 2027 17:00.';
    mockFetch(bookingsApi([confirmed], () => json({ code: 'CONFLICT', message: reason }, 409)));
    const { user } = renderWithApp(<BookingsView />, { route: '/admin?view=bookings' });
    await screen.findByText('OPS-K7PQ2M');

    const menu = await openActions(user, 'OPS-K7PQ2M');
    await user.click(menu.getByRole('menuitem', { name: 'Complete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Complete booking' }));
    expect(await screen.findByText('Failed to update booking status')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('assigns guards from those offered, with their rate and credentials, no more than the booking needs', async () => {
    const api = mockFetch(bookingsApi([team], () => json({ ...team, guards: [...team.guards] })));
    const { user } = renderWithApp(<BookingsView />, { route: '/admin?view=bookings' });
    await screen.findByText('OPS-TEAM03');

    const menu = await openActions(user, 'OPS-TEAM03');
    await user.click(menu.getByRole('menuitem', { name: 'Assign guards' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign guards to OPS-TEAM03' }));
    expect(await dialog.findByText('Faith Wanjiru')).toBeInTheDocument();
    expect(dialog.getByText(/KES 1,500\/hr · Credentials valid until Jun 30, 2099/)).toBeInTheDocument();

    await user.click(dialog.getByRole('checkbox', { name: /Faith Wanjiru/ }));
    await user.click(dialog.getByRole('checkbox', { name: /Grace Akinyi/ }));
    expect(dialog.getByRole('checkbox', { name: /John Kamau/ })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Assign 2 guards' }));
    expect(await screen.findByText('Guards assigned')).toBeInTheDocument();
    expect(api.calls('POST', `/api/admin/bookings/${team.id}/guards`)[0]?.body).toEqual({
      guardProfileIds: [candidates.items[0]?.profileId, candidates.items[1]?.profileId],
    });
  });

  it('searches the guards offered by name', async () => {
    const api = mockFetch(bookingsApi([team]));
    const { user } = renderWithApp(<BookingsView />, { route: '/admin?view=bookings' });
    await screen.findByText('OPS-TEAM03');

    const menu = await openActions(user, 'OPS-TEAM03');
    await user.click(menu.getByRole('menuitem', { name: 'Assign guards' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Search guards'), 'faith');
    await waitFor(() => expect(api.calls('GET', `/api/admin/bookings/${team.id}/candidates`).at(-1)?.query).toEqual({ q: 'faith' }));
  });

  it('takes a guard the console put on off again, after asking, offering only those guards', async () => {
    const mixed = makeBooking({
      id: '7b1c2f4e-0000-4000-8000-000000000005',
      reference: 'OPS-MIXED5',
      teamSize: 3,
      guards: [
        { profileId: 'g1', fullName: 'James Mwangi', staffedByConsole: false },
        { profileId: 'g3', fullName: 'Faith Wanjiru', staffedByConsole: true },
        { profileId: 'g4', fullName: 'Grace Akinyi', staffedByConsole: true },
      ],
    });
    const api = mockFetch(bookingsApi([mixed], () => json({ ...mixed, guards: mixed.guards.filter((g) => g.profileId !== 'g4') })));
    const { user } = renderWithApp(<BookingsView />, { route: '/admin?view=bookings' });
    await screen.findByText('OPS-MIXED5');

    const menu = await openActions(user, 'OPS-MIXED5');
    await user.click(menu.getByRole('menuitem', { name: 'Remove a guard' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Remove a guard from OPS-MIXED5?' }));
    expect(dialog.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['g3', 'g4']);
    expect(dialog.getByText('James Mwangi was chosen by the client and stays on the booking.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Remove guard' })).toBeDisabled();

    await user.click(dialog.getByRole('radio', { name: 'Grace Akinyi' }));
    await user.click(dialog.getByRole('button', { name: 'Remove Grace Akinyi' }));
    expect(await screen.findByText('Guard removed')).toBeInTheDocument();
    expect(screen.getByText('Grace Akinyi is off OPS-MIXED5.')).toBeInTheDocument();
    expect(api.calls('DELETE', `/api/admin/bookings/${mixed.id}/guards/g4`)).toHaveLength(1);
    expect(api.calls('DELETE', `/api/admin/bookings/${mixed.id}/guards/g3`)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says why when the guard could not be taken off', async () => {
    mockFetch(
      bookingsApi([team], () =>
        json({ code: 'CONFLICT', message: 'Only a pending or confirmed booking that has not ended can have a guard taken off.' }, 409),
      ),
    );
    const { user } = renderWithApp(<BookingsView />, { route: '/admin?view=bookings' });
    await screen.findByText('OPS-TEAM03');
    const menu = await openActions(user, 'OPS-TEAM03');
    await user.click(menu.getByRole('menuitem', { name: 'Remove a guard' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    // The only guard the console put on is chosen already.
    await user.click(dialog.getByRole('button', { name: 'Remove Peter Kiprono' }));
    expect(await screen.findByText('Failed to remove guard')).toBeInTheDocument();
    expect(screen.getByText('Only a pending or confirmed booking that has not ended can have a guard taken off.')).toBeInTheDocument();
  });
});
