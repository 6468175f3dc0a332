import { Ban, Banknote, CheckCircle2, XCircle } from 'lucide-react';
import { enrollmentConsoleActions, type EnrollmentConsoleAction } from '@ops/shared/domain/enrollment-status';
import type { AdminEnrollmentRow } from '@ops/shared/schemas/admin-enrollments';
import { RowActionsMenu, type RowActionItem } from '@/components/console/row-actions-menu.tsx';

const ITEMS: Record<EnrollmentConsoleAction, RowActionItem> = {
  approve: { label: 'Approve', Icon: CheckCircle2 },
  reject: { label: 'Reject', Icon: XCircle, destructive: true },
  cash_paid: { label: 'Mark paid', Icon: Banknote },
  cancel: { label: 'Cancel enrollment', Icon: Ban, destructive: true },
};

/** What an admin may do with the row, as the server allows it; nothing while a refund awaits the payment service. */
export const rowActions = (e: AdminEnrollmentRow): EnrollmentConsoleAction[] => (e.refundRequested ? [] : enrollmentConsoleActions(e));

/** A row's moves in one menu, so the table keeps one small button per row. */
export function EnrollmentActionsMenu({
  enrollment,
  busy,
  onAction,
}: {
  enrollment: AdminEnrollmentRow;
  busy: boolean;
  onAction: (action: EnrollmentConsoleAction) => void;
}) {
  if (enrollment.refundRequested) return <span className="text-xs whitespace-nowrap text-muted-foreground">Refund requested</span>;
  const actions = rowActions(enrollment);
  return <RowActionsMenu name={enrollment.studentName} actions={actions} items={ITEMS} busy={busy} onAction={onAction} />;
}
