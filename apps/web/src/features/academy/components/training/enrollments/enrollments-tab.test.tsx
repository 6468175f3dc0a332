import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPage } from '@ops/shared/schemas/admin-list';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import type { AdminEnrollmentRow, EnrollmentCancelResult } from '@ops/shared/schemas/admin-enrollments';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { EnrollmentsTab } from './enrollments-tab.tsx';

const COHORT_ID = '6b1c2f4e-0000-4000-8000-000000000001';

const cohort: AdminCohortRow = {
  id: COHORT_ID,
  courseId: 'cpo',
  courseTitle: 'Certified Protection Officer',
  startDate: '2027-03-01',
  endDate: '2027-04-12',
  capacity: 15,
  enrolledCount: 4,
  enrollmentTotal: 5,
  status: 'open',
  instructor: 'J. Mwangi',
  location: 'Nairobi',
  notes: null,
  audited: false,
  auditedAt: null,
  auditNotes: null,
};

let n = 0;
function enrollment(studentName: string, overrides: Partial<AdminEnrollmentRow>): AdminEnrollmentRow {
  n += 1;
  return {
    id: `7a1c2f4e-0000-4000-8000-00000000000${n}`,
    profileId: `8a1c2f4e-0000-4000-8000-00000000000${n}`,
    studentName,
    phone: '254712000111',
    courseId: 'cpo',
    courseTitle: 'Certified Protection Officer',
    cohortId: COHORT_ID,
    cohortStartDate: '2027-03-01',
    paymentMethod: 'cash',
    coursePrice: 45_000,
    paymentStatus: 'pending_cash',
    status: 'pending_cash',
    notes: null,
    createdAt: '2026-11-20T07:00:00.000Z',
    refundRequested: false,
    ...overrides,
  };
}

const awaitingCash = enrollment('Amina Wanjiru', {});
const approved = enrollment('Brian Otieno', { status: 'approved', phone: null });
const paidOnline = enrollment('Chege Kamau', { status: 'active', paymentStatus: 'paid', paymentMethod: 'intasend' });
const paidCash = enrollment('Dorcas Njeri', { status: 'active', paymentStatus: 'paid' });
const underWay = enrollment('Esther Achieng', { status: 'pending_payment', paymentStatus: 'pending', paymentMethod: 'intasend' });
const refunding = enrollment('Faith Chebet', { status: 'active', paymentStatus: 'paid', paymentMethod: 'intasend', refundRequested: true });
const everyone = [awaitingCash, approved, paidOnline, paidCash, underWay, refunding];

const pageOf = <T,>(items: T[]): AdminPage<T> => ({ items, total: items.length, page: 1, pageSize: 25 });

function api(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    ...signedInAs({ role: 'admin' }),
    'GET /api/admin/training/cohorts': () => json([cohort]),
    'GET /api/admin/training/courses': () => json([{ id: 'cpo', title: 'Certified Protection Officer', price: 45_000, validityYears: null }]),
    'GET /api/admin/training/enrollments': () => json(pageOf(everyone)),
    ...extra,
  });
}

const start = (route = '/admin?view=training&tab=enrollments') => renderWithApp(<EnrollmentsTab />, { route });
const row = (name: string) => within(screen.getByText(name).closest('tr')!);

async function openActions(user: ReturnType<typeof renderWithApp>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return within(await screen.findByRole('menu'));
}

const cancelled = (e: AdminEnrollmentRow, refund: EnrollmentCancelResult['refund']): EnrollmentCancelResult => ({
  enrollment: { ...e, status: 'cancelled', paymentStatus: refund.how === 'none' ? 'failed' : 'refunded' },
  refund,
});

describe('the Enrollments tab', () => {
  it('offers in each row’s menu only the moves the enrolment allows', async () => {
    api();
    const { user } = start();
    await screen.findByText('Amina Wanjiru');
    const items = async (name: string) => {
      const menu = await openActions(user, name);
      const labels = menu.getAllByRole('menuitem').map((item) => item.textContent);
      await user.keyboard('{Escape}');
      return labels;
    };
    expect(await items('Amina Wanjiru')).toEqual(['Approve', 'Reject', 'Mark paid', 'Cancel enrollment']);
    expect(await items('Brian Otieno')).toEqual(['Mark paid', 'Cancel enrollment']);
    expect(await items('Chege Kamau')).toEqual(['Cancel enrollment']);
    expect(await items('Dorcas Njeri')).toEqual(['Cancel enrollment']);
    // An online payment under way settles itself; a refund awaiting the payment service says so.
    expect(row('Esther Achieng').queryByRole('button')).not.toBeInTheDocument();
    expect(row('Faith Chebet').queryByRole('button')).not.toBeInTheDocument();
    expect(row('Faith Chebet').getByText('Refund requested')).toBeInTheDocument();
  });

  it('approves after a confirmation, and sends the search and filters to the server', async () => {
    const calls = api({
      'GET /api/admin/training/enrollments': () => json(pageOf([awaitingCash])),
      [`POST /api/admin/training/enrollments/${awaitingCash.id}/review`]: () => json({ ...awaitingCash, status: 'approved' }),
    });
    const { user } = start(`/admin?view=training&tab=enrollments&status=pending&cohortId=${COHORT_ID}`);
    await user.click((await openActions(user, 'Amina Wanjiru')).getByRole('menuitem', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(/The fee of KES 45,000 is still to be paid at the office by its deadline/)).toBeInTheDocument();
    expect(calls.calls('POST', `/api/admin/training/enrollments/${awaitingCash.id}/review`)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Enrollment Approved')).toBeInTheDocument();
    expect(calls.calls('POST', `/api/admin/training/enrollments/${awaitingCash.id}/review`).map((c) => c.body)).toEqual([{ decision: 'approved' }]);
    expect(calls.calls('GET', '/api/admin/training/enrollments')[0]?.query).toMatchObject({ status: 'pending', cohortId: COHORT_ID, page: '1' });
  });

  it('rejects only with a reason, which it sends', async () => {
    const calls = api({
      [`POST /api/admin/training/enrollments/${awaitingCash.id}/review`]: () => json({ ...awaitingCash, status: 'rejected', paymentStatus: 'failed' }),
    });
    const { user } = start();
    await user.click((await openActions(user, 'Amina Wanjiru')).getByRole('menuitem', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: "Reject Amina Wanjiru's enrollment?" }));
    await user.click(dialog.getByRole('button', { name: 'Reject enrollment' }));
    expect(dialog.getByLabelText(/Reason/)).toHaveAccessibleDescription('Please give a reason');
    expect(calls.calls('POST', `/api/admin/training/enrollments/${awaitingCash.id}/review`)).toHaveLength(0);
    await user.type(dialog.getByLabelText(/Reason/), 'A PSRA licence is required');
    await user.click(dialog.getByRole('button', { name: 'Reject enrollment' }));
    expect(await screen.findByText('Enrollment Rejected')).toBeInTheDocument();
    expect(calls.calls('POST', `/api/admin/training/enrollments/${awaitingCash.id}/review`)[0]?.body).toEqual({
      decision: 'rejected',
      reason: 'A PSRA licence is required',
    });
  });

  it('says before cancelling what is given back: 95% through the payment service for an online fee', async () => {
    const calls = api({
      [`POST /api/admin/training/enrollments/${paidOnline.id}/cancel`]: () =>
        json(cancelled(paidOnline, { how: 'provider', amount: 42_750, of: 45_000, outcome: 'accepted' })),
    });
    const { user } = start();
    await user.click((await openActions(user, 'Chege Kamau')).getByRole('menuitem', { name: 'Cancel enrollment' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('KES 42,750 (95% of the KES 45,000 paid) is refunded through the payment service to the M-Pesa number or card that paid.'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel enrollment' }));
    expect(dialog.getByLabelText(/Reason/)).toHaveAccessibleDescription('Please give a reason');
    await user.type(dialog.getByLabelText(/Reason/), 'Moved to Mombasa');
    await user.click(dialog.getByRole('button', { name: 'Cancel enrollment' }));
    expect(await screen.findByText('Enrollment cancelled')).toBeInTheDocument();
    expect(screen.getByText('KES 42,750 is refunded through the payment service.')).toBeInTheDocument();
    expect(calls.calls('POST', `/api/admin/training/enrollments/${paidOnline.id}/cancel`).map((c) => c.body)).toEqual([{ reason: 'Moved to Mombasa' }]);
  });

  it('says a cash fee is given back at the office, and an unpaid one has nothing to give back', async () => {
    api({
      [`POST /api/admin/training/enrollments/${paidCash.id}/cancel`]: () =>
        json(cancelled(paidCash, { how: 'office', amount: 42_750, of: 45_000, outcome: 'accepted' })),
    });
    const { user } = start();
    await user.click((await openActions(user, 'Dorcas Njeri')).getByRole('menuitem', { name: 'Cancel enrollment' }));
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/KES 42,750 \(95% of the KES 45,000 paid\) is to be given back in cash at the office/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Reason/), 'Duplicate enrolment');
    await user.click(dialog.getByRole('button', { name: 'Cancel enrollment' }));
    expect(await screen.findByText('Give back KES 42,750 in cash at the office; it is recorded in Payments.')).toBeInTheDocument();

    await user.click((await openActions(user, 'Brian Otieno')).getByRole('menuitem', { name: 'Cancel enrollment' }));
    dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Nothing was paid, so nothing is refunded.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep enrollment' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s reason when it refuses', async () => {
    const refusal = 'The payment service refused the refund: invoice not found';
    api({ [`POST /api/admin/training/enrollments/${paidOnline.id}/cancel`]: () => json({ code: 'CONFLICT', message: refusal }, 409) });
    const { user } = start();
    await user.click((await openActions(user, 'Chege Kamau')).getByRole('menuitem', { name: 'Cancel enrollment' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/Reason/), 'Duplicate enrolment');
    await user.click(dialog.getByRole('button', { name: 'Cancel enrollment' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('records a cash payment with its receipt number, which it requires', async () => {
    const calls = api({
      [`POST /api/admin/training/enrollments/${awaitingCash.id}/cash-paid`]: () => json({ ...awaitingCash, status: 'active', paymentStatus: 'paid' }),
    });
    const { user } = start();
    await user.click((await openActions(user, 'Amina Wanjiru')).getByRole('menuitem', { name: 'Mark paid' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Mark paid' }));
    expect(dialog.getByText('Enter the receipt number')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Receipt number/), '  RCT-0042 ');
    await user.click(dialog.getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
    expect(calls.calls('POST', `/api/admin/training/enrollments/${awaitingCash.id}/cash-paid`)[0]?.body).toEqual({ receiptNumber: 'RCT-0042' });
  });

  it('keeps the cash dialog open with the field marked when the receipt number is already recorded', async () => {
    const duplicate = 'This receipt number is already recorded for another payment.';
    api({
      [`POST /api/admin/training/enrollments/${awaitingCash.id}/cash-paid`]: () =>
        json({ code: 'VALIDATION_ERROR', message: duplicate, fields: { receiptNumber: duplicate } }, 400),
    });
    const { user } = start();
    await user.click((await openActions(user, 'Amina Wanjiru')).getByRole('menuitem', { name: 'Mark paid' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/Receipt number/), 'RCT-0042');
    await user.click(dialog.getByRole('button', { name: 'Mark paid' }));
    expect(await dialog.findByText(duplicate)).toBeInTheDocument();
    expect(dialog.getByLabelText(/Receipt number/)).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText(/Receipt number/)).toHaveValue('RCT-0042');
  });
});
