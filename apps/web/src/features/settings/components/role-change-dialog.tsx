import type { Role } from '@ops/shared/constants';
import type { AssignableRole, RoleHolderRow } from '@ops/shared/schemas/admin-roles';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { messageFrom, notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useChangeRole } from '../api/change-role.ts';

export const ROLE_UPDATED = 'Role updated';
export const ROLE_UPDATE_FAILED = 'Failed to update role';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', partner: 'Partner', client: 'Client', guard: 'Guard' };

export interface RoleChangeTarget {
  person: Pick<RoleHolderRow, 'profileId' | 'fullName' | 'role'>;
  to: AssignableRole;
}

/** The button's words for a change: 'Make admin', 'Make partner', 'Remove admin role', 'Remove partner role'. */
export function roleActionLabel(from: Role, to: AssignableRole): string {
  if (to === 'admin') return 'Make admin';
  if (to === 'partner') return 'Make partner';
  return from === 'admin' ? 'Remove admin role' : 'Remove partner role';
}

function question({ person, to }: RoleChangeTarget): { title: string; description: string } {
  if (to === 'admin') {
    return {
      title: `Make ${person.fullName} an admin?`,
      description: 'They can open the admin console and do everything an admin can, from their next page.',
    };
  }
  if (to === 'partner') {
    return {
      title: `Make ${person.fullName} a partner?`,
      description: 'They get the partner portal (cohort audits and course materials) in place of the access they have now.',
    };
  }
  const what = person.role === 'admin' ? 'admin console' : 'partner portal';
  return { title: `Remove ${person.fullName}’s ${person.role} role?`, description: `They become a client and lose the ${what} at once.` };
}

const becomes: Record<AssignableRole, string> = { admin: 'an admin', partner: 'a partner', client: 'a client' };

/** Asks before a role changes; stays open while the server answers, and says why when it refuses. */
export function RoleChangeDialog({ target, onClose }: { target: RoleChangeTarget | null; onClose: () => void }) {
  const change = useChangeRole();
  const words = target ? question(target) : null;

  const confirm = () => {
    if (!target) return;
    change.mutate(
      { profileId: target.person.profileId, role: target.to },
      {
        onSuccess: () => {
          notifySuccess(ROLE_UPDATED, `${target.person.fullName} is now ${becomes[target.to]}.`);
          onClose();
        },
        onError: (error) => notifyFailure(ROLE_UPDATE_FAILED, messageFrom(error)),
      },
    );
  };

  return (
    <AlertDialog open={target !== null} onOpenChange={(open) => !open && !change.isPending && onClose()}>
      <AlertDialogContent>
        {words ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{words.title}</AlertDialogTitle>
              <AlertDialogDescription>{words.description}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={change.isPending}>Cancel</AlertDialogCancel>
              <Button variant={target?.to === 'client' ? 'destructive' : 'default'} disabled={change.isPending} onClick={confirm}>
                {change.isPending ? 'Please wait...' : 'Confirm'}
              </Button>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
