import { Check, X } from 'lucide-react';
import type { AdminGuardDetail } from '@ops/shared/schemas/admin';
import { Button } from '@/components/ui/button.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useApproveOfficer } from '../../api/approve-officer.ts';

interface OfficerProfileActionsProps {
  guard: AdminGuardDetail;
  onApproved: () => void;
  onReject: () => void;
}

/** Approve or reject from the profile, once the office has read it. */
export function OfficerProfileActions({ guard, onApproved, onReject }: OfficerProfileActionsProps) {
  const approve = useApproveOfficer({
    onSuccess: () => {
      notifySuccess('Officer approved successfully');
      onApproved();
    },
    onError: (error) => notifyError(`Failed to approve: ${messageFrom(error)}`),
  });
  return (
    <>
      {guard.status === 'rejected' ? null : (
        <Button variant="destructive" onClick={onReject}>
          <X aria-hidden="true" />
          Reject
        </Button>
      )}
      {guard.approved ? null : (
        <Button onClick={() => approve.mutate(guard.profileId)} disabled={approve.isPending}>
          <Check aria-hidden="true" />
          Approve
        </Button>
      )}
    </>
  );
}
