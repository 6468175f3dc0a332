import type { ColumnDef } from '@tanstack/react-table';
import { Eye } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import type { AdminGuardRow } from '@ops/shared/schemas/admin';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { experienceLabel } from '../guard-profile-dialog.tsx';
import { CredentialsState, GuardStatusBadge } from '../guard-status.tsx';

export interface GuardColumnActions {
  /** A Nairobi calendar day, to tell valid credentials from expired ones. */
  today: string;
  onView: (guard: AdminGuardRow) => void;
  onApproval: (guard: AdminGuardRow, approved: boolean) => void;
  /** The guard whose approval is being changed, if any. */
  busyId: string | null;
}

/** The Guards table's columns; the sortable ones name the server's sort key. */
export function guardColumns({ today, onView, onApproval, busyId }: GuardColumnActions): ColumnDef<AdminGuardRow>[] {
  return [
    {
      id: 'name',
      header: 'Guard',
      meta: { sortKey: 'name' },
      cell: ({ row: { original: g } }) => (
        <div className="flex min-w-48 items-center gap-3">
          <Avatar name={g.fullName} src={g.avatarUrl} size="sm" />
          <div className="grid min-w-0">
            <span className="truncate font-medium">{g.fullName}</span>
            <span className="truncate text-xs text-muted-foreground">{g.email}</span>
          </div>
        </div>
      ),
    },
    {
      id: 'phone',
      header: 'Phone',
      cell: ({ row: { original: g } }) => <span className="whitespace-nowrap">{g.phone ? `+${g.phone}` : '—'}</span>,
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
    { id: 'status', header: 'Status', cell: ({ row: { original: g } }) => <GuardStatusBadge guard={g} /> },
    {
      id: 'credentials',
      header: 'Credentials',
      cell: ({ row: { original: g } }) => <CredentialsState validUntil={g.credentialsValidUntil} today={today} />,
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
      cell: ({ row: { original: g } }) => (
        <div className="flex justify-end gap-2">
          <Button variant="outline" size="sm" aria-label={`View ${g.fullName}`} onClick={() => onView(g)}>
            <Eye aria-hidden="true" />
            View
          </Button>
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
