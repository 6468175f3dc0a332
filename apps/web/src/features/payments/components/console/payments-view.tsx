import { useMemo, useState } from 'react';
import { Download } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import {
  ADMIN_PAYMENT_METHOD_FILTERS,
  ADMIN_PAYMENT_STATUS_FILTERS,
  PAYMENT_METHOD_LABELS,
  type AdminPaymentMethodFilter,
  type AdminPaymentRow,
  type AdminPaymentStatusFilter,
} from '@ops/shared/schemas/admin-payments';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { messageFrom, notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { cn } from '@/lib/utils.ts';
import { useAdminListState } from '@/components/console/use-admin-list-state.ts';
import { DateRangeFilter, FilterSelect } from '@/components/console/admin-filters.tsx';
import { AdminSearchBox } from '@/components/console/admin-search-box.tsx';
import { AdminTable, fromQuery } from '@/components/console/admin-table.tsx';
import { paymentsCsvHref, useAdminPayments } from '../../api/get-admin-payments.ts';
import { useRefundPayment } from '../../api/refund-payment.ts';
import { paymentColumns } from './payment-columns.tsx';
import { PaymentSummary } from './payment-summary.tsx';
import { RefundPaymentDialog } from './refund-payment-dialog.tsx';

export const PAYMENTS_LOAD_FAILED = 'Failed to fetch payments data';
export const REFUND_PROCESSED = 'Refund Processed';
export const REFUND_FAILED = 'Failed to process refund';
export const REFUND_REQUESTED = 'Refund requested';

const STATUS_LABELS: Record<AdminPaymentStatusFilter, string> = {
  all: 'All statuses',
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};
const METHOD_LABELS: Record<AdminPaymentMethodFilter, string> = { all: 'All methods', ...PAYMENT_METHOD_LABELS };

type PaymentFilter = 'status' | 'method' | 'from' | 'to';
const FILTERS: Record<PaymentFilter, string> = { status: 'all', method: 'all', from: '', to: '' };

/** Every payment attempt with the period's summary, searched and filtered by the server; refunds of booking payments; CSV for the accountant. */
export function PaymentsView() {
  const list = useAdminListState<PaymentFilter>({ defaultSort: 'created', defaultDir: 'desc', filters: FILTERS });
  const payments = useAdminPayments(list.apiQuery);
  const refund = useRefundPayment();
  const [confirming, setConfirming] = useState<AdminPaymentRow | null>(null);
  const busyId = refund.isPending ? (refund.variables ?? null) : null;
  const columns = useMemo(() => paymentColumns({ onRefund: setConfirming, busyId }), [busyId]);
  const { from, to } = list.filters;

  const confirmRefund = (payment: AdminPaymentRow) =>
    refund.mutate(payment.id, {
      onSuccess: (result) => {
        setConfirming(null);
        if (result.outcome === 'accepted')
          notifySuccess(
            REFUND_PROCESSED,
            `${formatKes(payment.refundAmount)} (95%) of booking ${payment.bookingReference ?? ''} goes back to the client.`,
          );
        else notifySuccess(REFUND_REQUESTED, 'The payment service has not confirmed it yet; it will be completed automatically.');
      },
      onError: (error) => {
        setConfirming(null);
        notifyFailure(REFUND_FAILED, messageFrom(error));
      },
    });

  return (
    <div className="grid gap-6">
      <PaymentSummary />
      <AdminTable
        label="Payments"
        columns={columns}
        state={list}
        {...fromQuery(payments)}
        errorMessage={PAYMENTS_LOAD_FAILED}
        getRowId={(p) => p.id}
        emptyTitle="No payments found"
        emptyText="No payment matches this search and these filters."
        toolbar={
          <>
            <AdminSearchBox state={list} label="Search payments" placeholder="Reference, client, phone, course, provider ref or receipt" />
            <FilterSelect
              id="payments-status"
              label="Status"
              value={list.filters.status}
              options={ADMIN_PAYMENT_STATUS_FILTERS}
              optionLabel={(status) => STATUS_LABELS[status]}
              onChange={(value) => list.setFilter('status', value)}
            />
            <FilterSelect
              id="payments-method"
              label="Method"
              className="w-36"
              value={list.filters.method}
              options={ADMIN_PAYMENT_METHOD_FILTERS}
              optionLabel={(method) => METHOD_LABELS[method]}
              onChange={(value) => list.setFilter('method', value)}
            />
            <DateRangeFilter idPrefix="payments" from={from} to={to} onChange={(key, value) => list.setFilter(key, value)} />
            <a href={paymentsCsvHref(list.apiQuery)} download className={cn(buttonVariants({ variant: 'outline' }), 'ml-auto')}>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </>
        }
      />
      <RefundPaymentDialog payment={confirming} busy={refund.isPending} onConfirm={confirmRefund} onClose={() => setConfirming(null)} />
    </div>
  );
}
