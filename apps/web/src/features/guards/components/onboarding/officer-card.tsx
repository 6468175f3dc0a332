import { Check, Eye, Mail, Phone, X } from 'lucide-react';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { ONBOARDING_STAGES } from '@ops/shared/domain/officer-onboarding';
import type { OfficerRow } from '@ops/shared/schemas/admin';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { formatDate } from '@/lib/format-date.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useApproveOfficer } from '../../api/approve-officer.ts';
import { experienceLabel } from '../console/guard-profile-dialog.tsx';
import { CredentialsState } from '../console/guard-status.tsx';
import { OfficerBadge } from './officer-badge.tsx';
import { StageSwitch } from './stage-switch.tsx';

interface OfficerCardProps {
  officer: OfficerRow;
  onViewProfile: (officer: OfficerRow) => void;
  onReject: (officer: OfficerRow) => void;
}

/** One officer: who they are, how to reach them, their onboarding stages and what can be done next. */
export function OfficerCard({ officer, onViewProfile, onReject }: OfficerCardProps) {
  const approve = useApproveOfficer({
    onSuccess: () => notifySuccess('Officer approved successfully'),
    onError: (error) => notifyError(`Failed to approve: ${messageFrom(error)}`),
  });
  const rejected = officer.status === 'rejected';
  const today = nairobiDate(new Date());
  // The flags alone make the badge (§4); a guard whose licence or clearance has lapsed is still not
  // offered to clients or to staffing, and the operator should see why at a glance.
  const credentialsHold = officer.credentialsValidUntil !== null && officer.credentialsValidUntil >= today;
  const titleId = `officer-${officer.profileId}`;

  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardContent className="grid gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-0.5">
            <h3 id={titleId} className="text-base font-semibold break-words">
              {officer.fullName}
            </h3>
            <p className="text-sm text-muted-foreground">
              {officer.specialization ?? 'No specialization'} · {experienceLabel(officer.experienceYears)} · Applied {formatDate(officer.createdAt)}
            </p>
          </div>
          <OfficerBadge badge={officer.badge} />
        </div>

        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Contact">
          <li className="min-w-0">
            <a href={`mailto:${officer.email}`} className="inline-flex max-w-full items-center gap-1.5 break-all hover:underline">
              <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {officer.email}
            </a>
          </li>
          {officer.phone ? (
            <li>
              <a href={`tel:+${officer.phone}`} className="inline-flex items-center gap-1.5 hover:underline">
                <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />+{officer.phone}
              </a>
            </li>
          ) : null}
        </ul>

        {rejected ? null : (
          <p className="text-sm">
            <span className="text-muted-foreground">Credentials: </span>
            <CredentialsState validUntil={officer.credentialsValidUntil} today={today} />
            {credentialsHold ? null : (
              <span className="text-muted-foreground"> · not offered to clients until the PSRA licence and police clearance hold</span>
            )}
          </p>
        )}

        {rejected ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm">
            <span className="font-medium">Reason: </span>
            {officer.rejectionReason ?? 'No reason recorded'}
          </p>
        ) : (
          <fieldset className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
            <legend className="sr-only">Onboarding stages</legend>
            {ONBOARDING_STAGES.map((stage) => (
              <StageSwitch key={stage} profileId={officer.profileId} stage={stage} checked={officer[stage]} />
            ))}
          </fieldset>
        )}

        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onViewProfile(officer)}>
            <Eye aria-hidden="true" />
            View profile
          </Button>
          {officer.approved ? null : (
            <Button size="sm" onClick={() => approve.mutate(officer.profileId)} disabled={approve.isPending}>
              <Check aria-hidden="true" />
              Approve
            </Button>
          )}
          {rejected ? null : (
            <Button variant="destructive" size="sm" onClick={() => onReject(officer)}>
              <X aria-hidden="true" />
              Reject
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
