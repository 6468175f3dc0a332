import { Ban, Banknote, CheckCircle2, MoreHorizontal, XCircle } from 'lucide-react';
import { enrollmentConsoleActions, type EnrollmentConsoleAction } from '@ops/shared/domain/enrollment-status';
import type { AdminEnrollmentRow } from '@ops/shared/schemas/admin-training';
import { Button } from '@/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu.tsx';

const ITEMS: Record<EnrollmentConsoleAction, { label: string; Icon: typeof CheckCircle2; destructive?: boolean }> = {
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
  if (actions.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={busy} aria-label={`Actions for ${enrollment.studentName}`}>
          <MoreHorizontal aria-hidden="true" />
          Actions
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map((action) => {
          const { label, Icon, destructive } = ITEMS[action];
          return (
            <DropdownMenuItem key={action} onSelect={() => onAction(action)} className={destructive ? 'text-destructive' : undefined}>
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
