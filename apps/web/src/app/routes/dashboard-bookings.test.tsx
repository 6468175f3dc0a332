import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePayment } from '@/test/booking-fixtures.ts';
import { booking, clientApi, pageOf } from '@/test/dashboard-fixtures.ts';
import { makeBooking } from '@/test/factories.ts';
import { DEFAULT_PUBLIC_SETTINGS, resetPublicSettings } from '@/lib/public-settings.ts';
import { json, mockFetch } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { DashboardPage } from './dashboard.tsx';

describe('leaving a review from the dashboard', () => {
  const completed = makeBooking({ status: 'completed', paymentStatus: 'paid', canReview: true });

  it('is offered only for a completed booking that can be reviewed', async () => {
    mockFetch(
      clientApi([
        makeBooking({ id: 'b1', reference: 'OPS-1', status: 'completed', canReview: false }),
        makeBooking({ id: 'b2', reference: 'OPS-2', status: 'confirmed', canReview: false }),
        { ...completed, id: 'b3', reference: 'OPS-3' },
      ]),
    );
    renderWithApp(<DashboardPage />, { route: '/dashboard' });
    await screen.findByRole('article', { name: /OPS-1/ });

    expect(within(booking('OPS-1')).queryByRole('button', { name: 'Leave a Review' })).not.toBeInTheDocument();
    expect(within(booking('OPS-2')).queryByRole('button', { name: 'Leave a Review' })).not.toBeInTheDocument();
    expect(within(booking('OPS-3')).getByRole('button', { name: 'Leave a Review' })).toBeInTheDocument();
  });

  it('sends the stars and comment, thanks the client and stops offering it', async () => {
    let reviewed = false;
    const api = mockFetch({
      ...clientApi(() => json(pageOf([{ ...completed, canReview: !reviewed }]))),
      'POST /api/reviews': () => {
        reviewed = true;
        return json({ id: 'r1', rating: 4, comment: 'Very good', createdAt: '2026-11-23T08:00:00Z', reviewerName: 'Jane Wanjiru' }, 201);
      },
    });
    const { user } = renderWithApp(<DashboardPage />, { route: '/dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Leave a Review' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave a Review' }));
    expect(dialog.getByText('How was your service with Otieno Kamau?')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Submit' }));
    expect(await dialog.findByText('Choose a rating from 1 to 5 stars')).toBeInTheDocument();
    expect(api.calls('POST', '/api/reviews')).toHaveLength(0);

    await user.click(dialog.getByRole('radio', { name: '4 stars' }));
    await user.type(dialog.getByLabelText('Comment'), '  Very good  ');
    await user.click(dialog.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/reviews')[0]?.body).toEqual({ bookingId: completed.id, rating: 4, comment: 'Very good' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Leave a Review' })).not.toBeInTheDocument());
  });

  it('shows the server’s message when the booking was already reviewed', async () => {
    mockFetch({
      ...clientApi([completed]),
      'POST /api/reviews': () => json({ code: 'CONFLICT', message: 'You have already reviewed this booking' }, 409),
    });
    const { user } = renderWithApp(<DashboardPage />, { route: '/dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Leave a Review' }));
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const message = await screen.findByText('You have already reviewed this booking');
    expect(within(message.closest('li')!).getByText('Error')).toBeInTheDocument();
  });
});

describe('completing a payment from the dashboard', () => {
  it('is offered for a client’s booking that waits for its payment, and pays it', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    let paid = false;
    const waiting = makeBooking({ id: 'b1', reference: 'OPS-1', status: 'pending', paymentStatus: 'failed', price: 14_400 });
    const api = mockFetch({
      ...clientApi(() =>
        json(
          pageOf([
            paid ? { ...waiting, status: 'confirmed', paymentStatus: 'paid' } : waiting,
            makeBooking({ id: 'b2', reference: 'OPS-2', status: 'confirmed', paymentStatus: 'paid' }),
            makeBooking({ id: 'b3', reference: 'OPS-3', status: 'cancelled', paymentStatus: 'unpaid' }),
          ]),
        ),
      ),
      'POST /api/bookings/b1/payments': () =>
        json(makePayment({ id: 'p1', bookingId: 'b1', bookingReference: 'OPS-1', amount: 14_400, method: 'card' }), 201),
      'GET /api/payments/p1': () => {
        paid = true;
        return json(makePayment({ id: 'p1', bookingId: 'b1', bookingReference: 'OPS-1', amount: 14_400, status: 'paid' }));
      },
    });
    const { user } = renderWithApp(<DashboardPage />, { route: '/dashboard' });
    await screen.findByRole('article', { name: /OPS-1/ });

    expect(within(booking('OPS-2')).queryByRole('button', { name: 'Complete Payment' })).not.toBeInTheDocument();
    expect(within(booking('OPS-3')).queryByRole('button', { name: 'Complete Payment' })).not.toBeInTheDocument();
    await user.click(within(booking('OPS-1')).getByRole('button', { name: 'Complete Payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Complete Payment' }));
    expect(dialog.getByText('Booking OPS-1')).toBeInTheDocument();
    expect(dialog.getByText('KES 14,400')).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: /Card/ }));
    await user.click(dialog.getByRole('button', { name: 'Pay KES 14,400' }));

    expect(await dialog.findByText('Thank you! Payment Successful!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/bookings/b1/payments')[0]?.body).toEqual({ method: 'card', phone: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 2000 });
    expect(await within(booking('OPS-1')).findByText('Confirmed')).toBeInTheDocument();
    expect(within(booking('OPS-1')).queryByRole('button', { name: 'Complete Payment' })).not.toBeInTheDocument();
  });
});

describe('rescheduling from the dashboard', () => {
  afterEach(() => {
    resetPublicSettings();
    localStorage.clear();
  });
  const paid = makeBooking({ id: 'b1', reference: 'OPS-1', status: 'confirmed', paymentStatus: 'paid' });
  const unpaid = makeBooking({ id: 'b2', reference: 'OPS-2', status: 'confirmed', paymentStatus: 'unpaid' });

  it('is offered on a paid, confirmed booking while the operator’s policy allows moves', async () => {
    mockFetch(clientApi([paid, unpaid]));
    renderWithApp(<DashboardPage />, { route: '/dashboard' });
    expect(await within(await screen.findByRole('article', { name: /OPS-1/ })).findByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    expect(within(booking('OPS-2')).queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
  });

  it('is not offered when the operator’s Settings allow no moves', async () => {
    const api = mockFetch({
      ...clientApi([paid]),
      'GET /api/settings/public': () => json({ ...DEFAULT_PUBLIC_SETTINGS, reschedulePolicy: { noticeHours: 24, maxMoves: 0 } }),
    });
    renderWithApp(<DashboardPage />, { route: '/dashboard' });
    await screen.findByRole('article', { name: /OPS-1/ });
    await waitFor(() => expect(api.calls('GET', '/api/settings/public')).not.toHaveLength(0));
    await waitFor(() => expect(within(booking('OPS-1')).queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument());
    expect(within(booking('OPS-1')).getByRole('button', { name: /Cancel/ })).toBeInTheDocument();
  });
});

describe('every booking on the dashboard is reachable', () => {
  const firstPage = Array.from({ length: 10 }, (_, i) => makeBooking({ id: `b${101 + i}`, reference: `OPS-${101 + i}` }));
  const bookingsShown = () => screen.getAllByRole('article', { name: /OPS-\d+/ });

  it('shows the later bookings after Show more, with Pay on one still payable, until the last page', async () => {
    const later = [
      makeBooking({ id: 'b201', reference: 'OPS-201', status: 'pending', paymentStatus: 'unpaid' }),
      makeBooking({ id: 'b202', reference: 'OPS-202', status: 'completed', paymentStatus: 'paid' }),
    ];
    const api = mockFetch(clientApi(({ query }) => json(query.cursor === 'after-110' ? pageOf(later) : pageOf(firstPage, 'after-110'))));
    const { user } = renderWithApp(<DashboardPage />, { route: '/dashboard' });

    await screen.findByRole('article', { name: /OPS-110/ });
    expect(bookingsShown()).toHaveLength(10);
    expect(screen.queryByRole('article', { name: /OPS-201/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: /OPS-201/ })).toBeInTheDocument();
    expect(bookingsShown()).toHaveLength(12);
    expect(within(booking('OPS-201')).getByRole('button', { name: 'Complete Payment' })).toBeInTheDocument();
    expect(within(booking('OPS-202')).queryByRole('button', { name: 'Complete Payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/bookings').map((call) => call.query)).toEqual([{ limit: '10' }, { limit: '10', cursor: 'after-110' }]);
  });

  it('keeps what is shown when the next page fails, and Show more tries again', async () => {
    let fail = true;
    mockFetch(
      clientApi(({ query }) => {
        if (!query.cursor) return json(pageOf(firstPage, 'after-110'));
        return fail ? json({ code: 'INTERNAL_ERROR', message: 'Boom' }, 500) : json(pageOf([makeBooking({ id: 'b201', reference: 'OPS-201' })]));
      }),
    );
    const { user } = renderWithApp(<DashboardPage />, { route: '/dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Failed to load bookings')).toBeInTheDocument();
    expect(bookingsShown()).toHaveLength(10);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: /OPS-201/ })).toBeInTheDocument();
  });

  it('asks the server for the chosen status, and says when no booking has it', async () => {
    const waiting = makeBooking({ id: 'b201', reference: 'OPS-201', status: 'pending', paymentStatus: 'failed' });
    const api = mockFetch(
      clientApi(({ query }) => {
        if (query.status === 'pending') return json(pageOf([waiting]));
        if (query.status) return json(pageOf([]));
        return json(pageOf([makeBooking({ id: 'b101', reference: 'OPS-101' }), waiting]));
      }),
    );
    const { user } = renderWithApp(<DashboardPage />, { route: '/dashboard' });
    await screen.findByRole('article', { name: /OPS-101/ });

    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Pending Payment', 'Confirmed', 'Completed', 'Cancelled']);

    await user.selectOptions(filter, 'Pending Payment');
    await waitFor(() => expect(screen.queryByRole('article', { name: /OPS-101/ })).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: /OPS-201/ })).toBeInTheDocument();
    expect(within(booking('OPS-201')).getByRole('button', { name: 'Complete Payment' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/bookings').at(-1)?.query).toEqual({ limit: '10', status: 'pending' });

    await user.selectOptions(filter, 'Cancelled');
    expect(await screen.findByText('No bookings with this status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No Bookings Yet' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/bookings').at(-1)?.query).toEqual({ limit: '10', status: 'cancelled' });

    await user.selectOptions(filter, 'All');
    expect(await screen.findByRole('article', { name: /OPS-101/ })).toBeInTheDocument();
  });
});
