import type { ColumnDef } from '@tanstack/react-table';
import { Undo2 } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import { ADMIN_PAYMENT_STATUS_LABELS, PAYMENT_METHOD_LABELS, type AdminPaymentRow } from '@ops/shared/schemas/admin-payments';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatDateTime } from '@/lib/format-date.ts';

export const REFUND_ACTION = 'Refund (95%)';

const STATUS_VARIANTS: Record<AdminPaymentRow['status'], 'default' | 'secondary' | 'destructive' | 'outline'> = {
  pending: 'secondary',
  processing: 'secondary',
  paid: 'default',
  failed: 'destructive',
  refund_pending: 'outline',
  refunded: 'outline',
};

export function PaymentStatusBadge({ payment }: { payment: Pick<AdminPaymentRow, 'status' | 'refundRequested'> }) {
  return (
    <div className="grid justify-items-start gap-1">
      <Badge variant={STATUS_VARIANTS[payment.status]} className="whitespace-nowrap">
        {ADMIN_PAYMENT_STATUS_LABELS[payment.status]}
      </Badge>
      {payment.refundRequested ? <span className="text-xs whitespace-nowrap text-muted-foreground">Refund requested</span> : null}
    </div>
  );
}

export interface PaymentColumnActions {
  onRefund: (payment: AdminPaymentRow) => void;
  /** The payment being refunded, if any. */
  busyId: string | null;
}

/**
 * The Payments table's columns (newest first; the server sorts by date only). The date sits under
 * the reference and the provider's reference under the method, so the table and its Refund button
 * fit the console's card on a 1280 px screen.
 */
export function paymentColumns({ onRefund, busyId }: PaymentColumnActions): ColumnDef<AdminPaymentRow>[] {
  return [
    {
      id: 'reference',
      header: 'Reference',
      meta: { stacked: 'title' },
      cell: ({ row: { original: p } }) => (
        <div className="grid min-w-32">
          <span className="font-medium whitespace-nowrap">{p.bookingReference ?? 'Course fee'}</span>
          {!p.bookingReference && p.courseTitle ? <span className="text-xs font-normal text-muted-foreground">{p.courseTitle}</span> : null}
          <time dateTime={p.createdAt} className="text-xs font-normal whitespace-nowrap text-muted-foreground">
            {formatDateTime(p.createdAt)}
          </time>
        </div>
      ),
    },
    {
      id: 'client',
      header: 'Client',
      cell: ({ row: { original: p } }) => (
        <div className="grid min-w-36">
          <span>{p.client.fullName}</span>
          {p.client.phone ? <span className="text-xs whitespace-nowrap text-muted-foreground">+{p.client.phone}</span> : null}
        </div>
      ),
    },
    {
      id: 'method',
      header: 'Method',
      cell: ({ row: { original: p } }) => (
        <div className="grid">
          <span className="whitespace-nowrap">
            {PAYMENT_METHOD_LABELS[p.method]}
            {p.provider === 'sandbox' ? <span className="ml-1 text-xs text-muted-foreground">(sandbox)</span> : null}
          </span>
          {p.providerRef ? (
            <span className="font-mono text-xs wrap-anywhere text-muted-foreground">
              <span className="sr-only">Provider ref </span>
              {p.providerRef}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      cell: ({ row: { original: p } }) => (
        <div className="grid text-right whitespace-nowrap tabular-nums [[data-stacked]_&]:text-left">
          <span>{formatKes(p.amount)}</span>
          {p.receivedAmount !== null ? <span className="text-xs text-muted-foreground">received {formatKes(p.receivedAmount)}</span> : null}
          {p.refundedAmount !== null ? <span className="text-xs text-muted-foreground">refund {formatKes(p.refundedAmount)}</span> : null}
        </div>
      ),
    },
    { id: 'status', header: 'Status', cell: ({ row: { original: p } }) => <PaymentStatusBadge payment={p} /> },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { stacked: 'actions' },
      cell: ({ row: { original: p } }) =>
        p.canRefund ? (
          <div className="flex justify-end">
            <Button
              variant="outline"
              size="sm"
              aria-label={`${REFUND_ACTION} of ${p.bookingReference ?? p.id}`}
              disabled={busyId === p.id}
              onClick={() => onRefund(p)}
            >
              <Undo2 aria-hidden="true" />
              {REFUND_ACTION}
            </Button>
          </div>
        ) : null,
    },
  ];
}
