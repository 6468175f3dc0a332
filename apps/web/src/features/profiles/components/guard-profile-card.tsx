import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { useOwnGuardProfile } from '../api/get-own-guard-profile.ts';
import { GuardApprovalBadge, GuardApprovalNotice } from './guard-approval-notice.tsx';
import { GuardProfileForm } from './guard-profile-form.tsx';

const NEW_PROFILE = { approved: false, status: 'pending', rejectionReason: null } as const;

/** A guard's professional profile: what clients see once the provider's team approves it. */
export function GuardProfileCard() {
  const ownProfile = useOwnGuardProfile();
  const approval = ownProfile.data ?? NEW_PROFILE;

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Guard Profile</CardTitle>
          {ownProfile.isSuccess ? <GuardApprovalBadge approval={approval} /> : null}
        </div>
        <CardDescription>Your bio, skills, rates and availability, as clients see them.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {ownProfile.isPending ? (
          <LoadingMessage text="Loading guard profile..." className="py-8" />
        ) : ownProfile.isError ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-muted-foreground">Your guard profile could not be loaded.</p>
            <Button variant="outline" onClick={() => void ownProfile.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <>
            <GuardApprovalNotice approval={approval} />
            <GuardProfileForm profile={ownProfile.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
