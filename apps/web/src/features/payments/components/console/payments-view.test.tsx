import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { monthOf, type AdminPaymentRow, type AdminPaymentSummary } from '@ops/shared/schemas/admin-payments';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { pageOf } from '@/test/console-fixtures.ts';
import { PaymentsView } from './payments-view.tsx';

function makePayment(overrides: Partial<AdminPaymentRow> = {}): AdminPaymentRow {
  return {
    id: '7a1e0c55-0000-4000-8000-000000000001',
    createdAt: '2026-11-20T07:30:00.000Z',
    paidAt: '2026-11-20T07:31:00.000Z',
    refundedAt: null,
    bookingId: '7a1e0c55-0000-4000-8000-0000000000b1',
    bookingReference: 'OPS-K7M2QX',
    courseTitle: null,
    client: { profileId: '7a1e0c55-0000-4000-8000-0000000000c1', fullName: 'Amina Hassan', phone: '254711000111' },
    method: 'mpesa',
    provider: 'intasend',
    providerRef: 'NR5XKGY',
    amount: 9600,
    receivedAmount: null,
    refundedAmount: null,
    status: 'paid',
    refundRequested: false,
    canRefund: true,
    refundAmount: 9120,
    failureReason: null,
    ...overrides,
  };
}

const paid = makePayment();
const card = makePayment({
  id: '7a1e0c55-0000-4000-8000-000000000002',
  bookingReference: 'OPS-P3R8WZ',
  client: { profileId: '7a1e0c55-0000-4000-8000-0000000000c2', fullName: 'Brian Otieno', phone: null },
  method: 'card',
  provider: 'sandbox',
  providerRef: 'SBX1A2B3C',
  status: 'refund_pending',
  refundedAmount: 9120,
  canRefund: false,
});
const failed = makePayment({
  id: '7a1e0c55-0000-4000-8000-000000000003',
  bookingReference: 'OPS-Z9Y8X7',
  providerRef: null,
  paidAt: null,
  status: 'failed',
  canRefund: false,
});

const today = nairobiDate(new Date());
const summaryOf = (period: { from: string; to: string }): AdminPaymentSummary => ({
  ...period,
  collected: 19200,
  collectedCount: 2,
  refunded: 0,
  refundedCount: 0,
  net: 19200,
  pending: 4800,
  pendingCount: 1,
  refundsPending: 9120,
  refundsPendingCount: 1,
  commission: 960,
  commissionRateBasisPoints: 500,
});

function paymentsApi(
  rows: AdminPaymentRow[],
  refund: () => Response = () => json({ outcome: 'accepted', payment: { ...paid, status: 'refund_pending' } }),
) {
  return {
    ...signedInAs({ role: 'admin' }),
    'GET /api/admin/payments': () => json(pageOf(rows)),
    'GET /api/admin/payments/summary': ({ query }: { query: Record<string, string> }) => json(summaryOf({ from: query.from!, to: query.to! })),
    [`POST /api/admin/payments/${paid.id}/refund`]: refund,
  };
}

const row = (reference: string) => screen.getByText(reference).closest('tr')!;
const figure = (label: string) => screen.getByRole('group', { name: label });

describe('the Payments view', () => {
  it('shows this month’s summary and each payment with its real method, provider reference, amount and status', async () => {
    const api = mockFetch(paymentsApi([paid, card, failed]));
    renderWithApp(<PaymentsView />, { route: '/admin?view=payments' });

    await screen.findByText('OPS-K7M2QX');
    expect(api.calls('GET', '/api/admin/payments/summary')[0]?.query).toEqual(monthOf(today));
    await waitFor(() => expect(figure('Collected')).toHaveTextContent('KES 19,200'));
    expect(figure('Net')).toHaveTextContent('Collected − refunded');
    expect(figure('Refunds pending')).toHaveTextContent('KES 9,120');
    expect(figure('Platform commission')).toHaveTextContent('KES 960');
    expect(figure('Platform commission')).toHaveTextContent('rate now 5%');

    const first = within(row('OPS-K7M2QX'));
    expect(first.getByText('Amina Hassan')).toBeInTheDocument();
    expect(first.getByText('M-Pesa')).toBeInTheDocument();
    expect(first.getByText('NR5XKGY')).toBeInTheDocument();
    expect(first.getByText('KES 9,600')).toBeInTheDocument();
    expect(first.getByText('Paid')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Refund (95%) of OPS-K7M2QX' })).toBeInTheDocument();
    const second = within(row('OPS-P3R8WZ'));
    expect(second.getByText(/Card/)).toHaveTextContent('Card(sandbox)');
    expect(second.getByText('Refund pending')).toBeInTheDocument();
    expect(second.getByText('refund KES 9,120')).toBeInTheDocument();
    expect(second.queryByRole('button', { name: /Refund \(95%\)/ })).not.toBeInTheDocument();
    expect(within(row('OPS-Z9Y8X7')).getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByText('M-PESA')).not.toBeInTheDocument();
  });

  it('shows a course fee paid in cash at the office with its course and receipt, and nothing to refund', async () => {
    const cash = makePayment({
      id: '7a1e0c55-0000-4000-8000-000000000004',
      bookingId: null,
      bookingReference: null,
      courseTitle: 'Close Protection Officer',
      method: 'cash',
      provider: 'office',
      providerRef: 'RCPT-0042',
      amount: 150000,
      canRefund: false,
    });
    mockFetch(paymentsApi([cash]));
    renderWithApp(<PaymentsView />, { route: '/admin?view=payments' });

    const line = within((await screen.findByText('RCPT-0042')).closest('tr')!);
    expect(line.getByText('Course fee')).toBeInTheDocument();
    expect(line.getByText('Close Protection Officer')).toBeInTheDocument();
    expect(line.getByText('Cash')).toHaveTextContent(/^Cash$/);
    expect(line.getByText('KES 150,000')).toBeInTheDocument();
    expect(line.queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });

  it('refunds 95% after a confirmation that names the exact amount, then reads the table again', async () => {
    const api = mockFetch(paymentsApi([paid]));
    const { user } = renderWithApp(<PaymentsView />, { route: '/admin?view=payments' });

    await user.click(await screen.findByRole('button', { name: 'Refund (95%) of OPS-K7M2QX' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Refund KES 9,120?' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('95% of the KES 9,600 paid for booking OPS-K7M2QX');
    await user.click(within(dialog).getByRole('button', { name: 'Refund KES 9,120' }));

    expect(await screen.findByText('Refund Processed')).toBeInTheDocument();
    expect(api.calls('POST', `/api/admin/payments/${paid.id}/refund`)).toHaveLength(1);
    await waitFor(() => expect(api.calls('GET', '/api/admin/payments')).toHaveLength(2));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says why a refund failed, and claims nothing', async () => {
    mockFetch(
      paymentsApi([paid], () =>
        json({ code: 'CONFLICT', message: 'The payment service refused the refund: Chargeback window has closed for this invoice' }, 409),
      ),
    );
    const { user } = renderWithApp(<PaymentsView />, { route: '/admin?view=payments' });

    await user.click(await screen.findByRole('button', { name: 'Refund (95%) of OPS-K7M2QX' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund KES 9,120' }));
    expect(await screen.findByText('Failed to process refund')).toBeInTheDocument();
    expect(screen.getByText('The payment service refused the refund: Chargeback window has closed for this invoice')).toBeInTheDocument();
    expect(screen.queryByText('Refund Processed')).not.toBeInTheDocument();
  });

  it('says a refund the payment service has not confirmed yet was requested', async () => {
    mockFetch(paymentsApi([paid], () => json({ outcome: 'unconfirmed', payment: { ...paid, refundRequested: true, canRefund: false } }, 202)));
    const { user } = renderWithApp(<PaymentsView />, { route: '/admin?view=payments' });

    await user.click(await screen.findByRole('button', { name: 'Refund (95%) of OPS-K7M2QX' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund KES 9,120' }));
    expect(await screen.findByText('Refund requested')).toBeInTheDocument();
    expect(screen.queryByText('Refund Processed')).not.toBeInTheDocument();
  });

  it('reads the summary of last month or of chosen days', async () => {
    const api = mockFetch(paymentsApi([paid]));
    const { user } = renderWithApp(<PaymentsView />, { route: '/admin?view=payments' });
    await screen.findByText('OPS-K7M2QX');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'last');
    await waitFor(() => expect(api.calls('GET', '/api/admin/payments/summary').at(-1)?.query).toEqual(monthOf(today, 1)));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'custom');
    fireEvent.change(screen.getByLabelText('Period from'), { target: { value: '2026-01-05' } });
    await waitFor(() => expect(api.calls('GET', '/api/admin/payments/summary').at(-1)?.query).toMatchObject({ from: '2026-01-05' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('summaryPeriod=custom');
  });

  it('filters by method and status on the server, and exports the same rows as CSV', async () => {
    const api = mockFetch(paymentsApi([paid]));
    const { user } = renderWithApp(<PaymentsView />, { route: '/admin?view=payments&page=2' });
    await screen.findByText('OPS-K7M2QX');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'card');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'refunded');
    await waitFor(() => expect(api.calls('GET', '/api/admin/payments').at(-1)?.query).toMatchObject({ method: 'card', status: 'refunded', page: '1' }));

    const href = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/admin/payments.csv');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ method: 'card', status: 'refunded' });
    expect(href.searchParams.has('page')).toBe(false);
  });

  it('says the payments could not be loaded', async () => {
    mockFetch({ ...paymentsApi([]), 'GET /api/admin/payments': () => json({ code: 'INTERNAL', message: 'Boom' }, 500) });
    renderWithApp(<PaymentsView />, { route: '/admin?view=payments' });
    expect(await screen.findByText('Failed to fetch payments data')).toBeInTheDocument();
  });
});
