import type { ColumnDef } from '@tanstack/react-table';
import { Eye } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import type { AdminGuardRow } from '@ops/shared/schemas/admin';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useTableStacked } from '@/components/ui/table.tsx';
import { experienceLabel } from './guard-profile-dialog.tsx';
import { CredentialsState, GuardStatusBadge } from './guard-status.tsx';

export interface GuardColumnActions {
  /** A Nairobi calendar day, to tell valid credentials from expired ones. */
  today: string;
  onView: (guard: AdminGuardRow) => void;
  onApproval: (guard: AdminGuardRow, approved: boolean) => void;
  /** The guard whose approval is being changed, if any. */
  busyId: string | null;
}

/** 'View' in words on a card; the eye alone in the table, where room is short (its name says the rest). */
function ViewButton({ guard, onView }: { guard: AdminGuardRow; onView: (guard: AdminGuardRow) => void }) {
  const stacked = useTableStacked();
  return (
    <Button
      variant="outline"
      size="sm"
      className={stacked ? undefined : 'w-9 px-0'}
      aria-label={`View ${guard.fullName}`}
      title="View"
      onClick={() => onView(guard)}
    >
      <Eye aria-hidden="true" />
      {stacked ? 'View' : null}
    </Button>
  );
}

/**
 * The Guards table's columns; the sortable ones name the server's sort key. Contact details sit
 * under the name and the credentials under the approval, so the table and its actions fit the
 * console's card on a 1280 px screen.
 */
export function guardColumns({ today, onView, onApproval, busyId }: GuardColumnActions): ColumnDef<AdminGuardRow>[] {
  return [
    {
      id: 'name',
      header: 'Guard',
      meta: { sortKey: 'name', stacked: 'title' },
      cell: ({ row: { original: g } }) => (
        <div className="flex min-w-44 items-center gap-3">
          <Avatar name={g.fullName} src={g.avatarUrl} size="sm" />
          <div className="grid min-w-0">
            <span className="font-medium">{g.fullName}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">{g.email}</span>
            <span className="text-xs font-normal whitespace-nowrap text-muted-foreground">{g.phone ? `+${g.phone}` : 'No phone'}</span>
          </div>
        </div>
      ),
    },
    { id: 'specialization', header: 'Specialization', cell: ({ row: { original: g } }) => g.specialization ?? '—' },
    {
      id: 'experience',
      header: 'Experience',
      meta: { sortKey: 'experience', firstDir: 'desc' },
      cell: ({ row: { original: g } }) => <span className="whitespace-nowrap">{experienceLabel(g.experienceYears)}</span>,
    },
    {
      id: 'rate',
      header: 'Rate',
      meta: { sortKey: 'rate', firstDir: 'desc' },
      cell: ({ row: { original: g } }) => <span className="whitespace-nowrap">{g.rateHourly !== null ? `${formatKes(g.rateHourly)}/hr` : '—'}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: g } }) => (
        <div className="grid justify-items-start gap-1">
          <GuardStatusBadge guard={g} />
          <span className="text-xs [&>span]:whitespace-normal">
            <span className="text-muted-foreground">Credentials: </span>
            <CredentialsState validUntil={g.credentialsValidUntil} today={today} />
          </span>
        </div>
      ),
    },
    {
      id: 'rating',
      header: 'Rating',
      meta: { sortKey: 'rating', firstDir: 'desc' },
      cell: ({ row: { original: g } }) =>
        g.averageRating !== null ? (
          <span className="whitespace-nowrap">
            {g.averageRating.toFixed(1)} <span className="text-muted-foreground">({g.reviewCount})</span>
          </span>
        ) : (
          <span className="whitespace-nowrap text-muted-foreground">No reviews</span>
        ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { stacked: 'actions' },
      cell: ({ row: { original: g } }) => (
        <div className="flex justify-end gap-2">
          <ViewButton guard={g} onView={onView} />
          <Button
            variant={g.approved ? 'outline' : 'default'}
            size="sm"
            disabled={busyId === g.profileId}
            aria-label={`${g.approved ? 'Unapprove' : 'Approve'} ${g.fullName}`}
            onClick={() => onApproval(g, !g.approved)}
          >
            {g.approved ? 'Unapprove' : 'Approve'}
          </Button>
        </div>
      ),
    },
  ];
}
