import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CASH_NOT_OFFERED_REASON } from '@ops/shared/domain/enrollment-status';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { EnrollmentDto } from '@ops/shared/schemas/enrollments';
import { json, mockFetch, pending, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import type * as EnrollApi from '../api/enroll.ts';
import { openCheckout } from '../api/enroll.ts';
import { makeCohort, makeCourseDetail } from '../test/course-fixtures.ts';
import { EnrollDialog } from './enroll-dialog.tsx';
import { openCohorts } from './enroll-form.tsx';
import { CASH_SUCCESS, ENROLL_DIALOG_FAILED, ENROLL_FAILED, INTASEND_SUCCESS, PAID_MESSAGE } from './enrollment-outcome.ts';

vi.mock('../api/enroll.ts', async (importOriginal) => ({ ...(await importOriginal<typeof EnrollApi>()), openCheckout: vi.fn() }));

afterEach(() => {
  vi.mocked(openCheckout).mockReset();
});

const C1 = '0b6c1f1e-8a51-4a55-9d4e-6a1f2b3c4d01';
const C2 = '0b6c1f1e-8a51-4a55-9d4e-6a1f2b3c4d02';

const COURSE = makeCourseDetail({
  title: 'Certified Protection Officer',
  price: 150_000,
  upcomingCohorts: [makeCohort({ id: C1, startDate: '2027-01-04' }), makeCohort({ id: C2, startDate: '2027-03-01', spotsLeft: 2 })],
});

function enrollment(overrides: Partial<EnrollmentDto> = {}): EnrollmentDto {
  return {
    id: 'enrollment-1',
    courseId: 'cpo',
    courseTitle: 'Certified Protection Officer',
    cohortId: C1,
    cohortStartDate: '2027-01-04',
    coursePrice: 150_000,
    paymentMethod: 'cash',
    status: 'pending_cash',
    paymentStatus: 'pending_cash',
    paymentDeadline: '2026-12-28',
    transactionId: null,
    createdAt: '2026-11-26T05:00:00.000Z',
    payment: null,
    next: { kind: 'none' },
    ...overrides,
  };
}

const online = (next: EnrollmentDto['next'], overrides: Partial<EnrollmentDto> = {}) =>
  enrollment({
    paymentMethod: 'intasend',
    status: 'pending_payment',
    paymentStatus: 'pending',
    paymentDeadline: null,
    payment: {
      id: 'payment-1',
      status: 'pending',
      amount: 150_000,
      checkoutUrl: next.kind === 'checkout' ? next.url : null,
      failureReason: null,
      refundedAmount: null,
    },
    next,
    ...overrides,
  });

function open(handlers: Parameters<typeof mockFetch>[0] = {}, course = COURSE) {
  const fetch = mockFetch({ ...signedInAs(), ...handlers });
  const onOpenChange = vi.fn();
  const app = renderWithApp(<EnrollDialog course={course} open onOpenChange={onOpenChange} />, { route: '/courses/cpo' });
  return { ...app, fetch, onOpenChange, dialog: () => screen.getByRole('dialog', { name: 'Enroll in Certified Protection Officer' }) };
}

/** The result view's own Close button (the dialog's corner button is named Close too). */
const closeButton = () => screen.getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close')!;
const confirm = () => screen.getByRole('button', { name: 'Confirm Enrollment' });

describe('EnrollDialog', () => {
  it('shows the fee and start date, with no payment method chosen until the student picks one', async () => {
    const { user, dialog, fetch } = open();
    expect(within(dialog()).getByText('Choose your payment method to complete enrollment')).toBeInTheDocument();
    expect(within(dialog()).getByText('KES 150,000')).toBeInTheDocument();
    expect(within(dialog()).getByText('Jan 04, 2027')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /IntaSend Payment/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Cash Payment/ })).not.toBeChecked();
    expect(screen.queryByLabelText('Phone Number (for M-Pesa)')).not.toBeInTheDocument();

    await user.click(confirm());
    expect(await screen.findByText('Please choose a payment method')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /IntaSend Payment/ }));
    const phone = screen.getByLabelText('Phone Number (for M-Pesa)');
    expect(phone).toHaveAttribute('placeholder', '254712345678');
    expect(screen.getByText('Enter your M-Pesa registered phone number')).toBeInTheDocument();
    await user.click(confirm());
    expect(await screen.findByText('Please enter your phone number for payment')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Cash Payment/ }));
    expect(screen.queryByLabelText('Phone Number (for M-Pesa)')).not.toBeInTheDocument();
    expect(screen.getByText(/Visit our office in Nairobi, Kenya/)).toHaveTextContent('Please bring your enrollment confirmation email.');
    expect(fetch.calls('POST', '/api/enrollments')).toHaveLength(0);
  });

  it('cash: the toast, the next steps with the payment deadline, and Close goes to the dashboard', async () => {
    const { user, fetch, onOpenChange } = open({ 'POST /api/enrollments': () => json(enrollment(), 201) });
    await user.click(screen.getByRole('radio', { name: /Cash Payment/ }));
    await user.click(confirm());

    expect(await screen.findAllByText(CASH_SUCCESS)).not.toHaveLength(0);
    expect(fetch.calls('POST', '/api/enrollments').map((r) => r.body)).toEqual([{ cohortId: C1, paymentMethod: 'cash', phoneNumber: null }]);
    expect(screen.getByText('Check your email for the enrollment confirmation.')).toBeInTheDocument();
    expect(screen.getByText('Bring your enrollment confirmation email.')).toBeInTheDocument();
    expect(screen.getByText('Pay by Dec 28, 2026 to keep your seat.')).toBeInTheDocument();
    await user.click(closeButton());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(document.querySelector('output[aria-label="Address"]')).toHaveTextContent('/dashboard');
  });

  it('lets the student pick another start date when several are open', async () => {
    const { user, fetch } = open({ 'POST /api/enrollments': () => json(enrollment({ cohortId: C2 }), 201) });
    await user.selectOptions(screen.getByLabelText('Start date'), C2);
    expect(screen.getByText('Mar 01, 2027')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Cash Payment/ }));
    await user.click(confirm());
    await screen.findAllByText(CASH_SUCCESS);
    expect(fetch.calls('POST', '/api/enrollments')[0]?.body).toMatchObject({ cohortId: C2 });
  });

  it('does not offer cash for a start within 7 days, says why, and offers it again for a later start', async () => {
    const today = nairobiDate(new Date());
    const soon = makeCohort({ id: C1, startDate: addDaysToDate(today, 5) });
    const later = makeCohort({ id: C2, startDate: addDaysToDate(today, 30) });
    const { user, fetch } = open({}, makeCourseDetail({ ...COURSE, upcomingCohorts: [soon, later] }));
    const cash = () => screen.getByRole('radio', { name: /Cash Payment/ });
    expect(cash()).toBeDisabled();
    expect(cash()).toHaveAccessibleDescription(CASH_NOT_OFFERED_REASON);
    await user.click(screen.getByText('Cash Payment'));
    expect(cash()).not.toBeChecked();
    expect(screen.queryByText(/Visit our office in Nairobi, Kenya/)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Start date'), C2);
    expect(cash()).toBeEnabled();
    expect(cash()).toHaveAccessibleDescription('Pay at the office');
    await user.click(cash());
    expect(cash()).toBeChecked();
    // Back to the start within a week: the cash choice goes, and nothing can be sent as cash.
    await user.selectOptions(screen.getByLabelText('Start date'), C1);
    expect(cash()).toBeDisabled();
    expect(cash()).not.toBeChecked();
    await user.click(confirm());
    expect(await screen.findByText('Please choose a payment method')).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/enrollments')).toHaveLength(0);
  });

  it('IntaSend: says the payment started and opens the checkout page 1.5 s later', async () => {
    const url = '/sandbox/checkout/SBX1';
    const { user, fetch } = open({ 'POST /api/enrollments': () => json(online({ kind: 'checkout', url }), 201) });
    await user.click(screen.getByRole('radio', { name: /IntaSend Payment/ }));
    await user.type(screen.getByLabelText('Phone Number (for M-Pesa)'), '0712 345 678');
    await user.click(confirm());

    expect(await screen.findAllByText(INTASEND_SUCCESS)).not.toHaveLength(0);
    expect(fetch.calls('POST', '/api/enrollments')[0]?.body).toEqual({ cohortId: C1, paymentMethod: 'intasend', phoneNumber: '254712345678' });
    expect(openCheckout).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(openCheckout).toHaveBeenCalledWith(url), { timeout: 3000 });
  });

  it('M-Pesa prompt: asks the student to check their phone and shows the payment once it arrives', async () => {
    const { user } = open({
      'POST /api/enrollments': () => json(online({ kind: 'check_phone' }), 201),
      'GET /api/enrollments/enrollment-1': () => json(online({ kind: 'none' }, { status: 'active', paymentStatus: 'paid' })),
    });
    await user.click(screen.getByRole('radio', { name: /IntaSend Payment/ }));
    await user.type(screen.getByLabelText('Phone Number (for M-Pesa)'), '254712345678');
    await user.click(confirm());
    expect(await screen.findByText(PAID_MESSAGE)).toBeInTheDocument();
    expect(openCheckout).not.toHaveBeenCalled();
  });

  it('shows "Processing..." while the enrolment is sent', async () => {
    const { user } = open({ 'POST /api/enrollments': pending });
    await user.click(screen.getByRole('radio', { name: /Cash Payment/ }));
    await user.click(confirm());
    expect(await screen.findByRole('button', { name: /Processing\.\.\./ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('shows the server’s message when enrolment is refused', async () => {
    const { user } = open({ 'POST /api/enrollments': () => json({ code: 'CONFLICT', message: 'This cohort is full.' }, 409) });
    await user.click(screen.getByRole('radio', { name: /Cash Payment/ }));
    await user.click(confirm());
    expect(await screen.findByRole('alert')).toHaveTextContent('This cohort is full.');
    await user.click(closeButton());
    expect(document.querySelector('output[aria-label="Address"]')).toHaveTextContent('/courses/cpo');
  });

  it('says "Failed to process enrollment. Please try again." in the toast and "Enrollment failed. Please try again." in the dialog when the server cannot be reached', async () => {
    const { user, dialog } = open({ 'POST /api/enrollments': () => Promise.reject(new TypeError('offline')) });
    await user.click(screen.getByRole('radio', { name: /Cash Payment/ }));
    await user.click(confirm());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(ENROLL_DIALOG_FAILED);
    expect(ENROLL_DIALOG_FAILED).toBe('Enrollment failed. Please try again.');
    expect(await screen.findByText(ENROLL_FAILED)).toBeInTheDocument();
    expect(within(dialog()).queryByText(ENROLL_FAILED)).not.toBeInTheDocument();
  });

  it('says "Enrollment failed. Please try again." in the dialog when the M-Pesa payment fails without a reason', async () => {
    const failed = online({ kind: 'none' }, { status: 'cancelled', paymentStatus: 'failed' });
    const { user, dialog } = open({
      'POST /api/enrollments': () => json(online({ kind: 'check_phone' }), 201),
      'GET /api/enrollments/enrollment-1': () => json({ ...failed, payment: { ...failed.payment!, status: 'failed', failureReason: null } }),
    });
    await user.click(screen.getByRole('radio', { name: /IntaSend Payment/ }));
    await user.type(screen.getByLabelText('Phone Number (for M-Pesa)'), '254712345678');
    await user.click(confirm());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Enrollment failed. Please try again.');
  });
});

describe('openCohorts', () => {
  it('keeps cohorts not started, not ongoing or completed, with a seat left', () => {
    const cohorts = [
      makeCohort({ id: 'a', startDate: '2026-11-26' }),
      makeCohort({ id: 'b', startDate: '2026-12-01', status: 'ongoing' }),
      makeCohort({ id: 'c', startDate: '2026-12-01', spotsLeft: 0 }),
      makeCohort({ id: 'd', startDate: '2026-12-01', status: 'upcoming' }),
    ];
    expect(openCohorts(cohorts, '2026-11-26').map((c) => c.id)).toEqual(['d']);
  });
});
