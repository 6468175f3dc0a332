import type { GuardStatus } from '@ops/shared/constants';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createLogger, type Logger } from '../../lib/logger.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { lockGuardApproval } from './guard-approval.repo.ts';
import { updateGuardApproval } from './guard-profile.repo.ts';

export const APPROVED_MESSAGE = 'Your guard profile has been approved. Clients can now find and book you.';
export const UNAPPROVED_MESSAGE = 'Your guard profile is no longer approved. Clients cannot find or book you until the office approves it again.';

function rejectedMessage(reason: string | null): string {
  const base = 'Your guard profile was not approved.';
  return reason ? `${base} Reason: ${reason}` : `${base} Please contact us to find out what is missing.`;
}

/**
 * The office's decisions on a guard: approve; unapprove (the Guards view unsets approval: back under
 * review); reject with a reason (Officer Onboarding).
 */
export type GuardDecision = { kind: 'approve' } | { kind: 'unapprove' } | { kind: 'reject'; reason: string | null };

/** What the audit trail keeps before and after a decision. */
export interface GuardApprovalState {
  status: GuardStatus;
  approved: boolean;
  rejectionReason: string | null;
}

const AUDIT_ACTIONS = { approve: 'guard.approve', unapprove: 'guard.unapprove', reject: 'guard.reject' } as const;

function stateAfter(decision: GuardDecision): GuardApprovalState {
  if (decision.kind === 'approve') return { status: 'approved', approved: true, rejectionReason: null };
  if (decision.kind === 'unapprove') return { status: 'pending', approved: false, rejectionReason: null };
  return { status: 'rejected', approved: false, rejectionReason: decision.reason?.trim() || null };
}

const sameState = (a: GuardApprovalState, b: GuardApprovalState) =>
  a.status === b.status && a.approved === b.approved && a.rejectionReason === b.rejectionReason;

function noticeOf(decision: GuardDecision, after: GuardApprovalState) {
  if (decision.kind === 'approve') return { type: 'approval', message: APPROVED_MESSAGE } as const;
  if (decision.kind === 'unapprove') return { type: 'approval', message: UNAPPROVED_MESSAGE } as const;
  return { type: 'rejection', message: rejectedMessage(after.rejectionReason) } as const;
}

export interface GuardDecisionOptions {
  /** Who decided; the decision and its audit row are written in one transaction. Null for the seed and tests. */
  actor: AuditActor | null;
  now: Date;
}

/**
 * Applies a decision. The change and its audit row commit together; the guard is told afterwards,
 * and a notice that cannot be written is logged without undoing the decision (the office's action
 * stands; the guard still sees the new status on their profile). A decision that changes nothing
 * writes nothing and tells no one. Returns whether anything changed.
 */
export async function decideGuard(
  deps: { db: Database; logger: Logger },
  guardProfileId: string,
  decision: GuardDecision,
  { actor, now }: GuardDecisionOptions,
): Promise<boolean> {
  const after = stateAfter(decision);
  const changed = await deps.db.transaction(async (tx) => {
    const before = await lockGuardApproval(tx, guardProfileId);
    if (!before) throw AppError.notFound('Guard not found');
    if (sameState(before, after)) return false;
    await updateGuardApproval(tx, guardProfileId, { ...after, approvedAt: after.approved ? now : null }, now);
    if (actor) {
      await recordAudit(tx, {
        actor,
        action: AUDIT_ACTIONS[decision.kind],
        recordType: 'guard',
        recordId: guardProfileId,
        subjectProfileId: guardProfileId,
        before,
        after,
        at: now,
      });
    }
    return true;
  });
  if (!changed) return false;
  const notice = noticeOf(decision, after);
  try {
    await notify(deps.db, [guardProfileId], notice.type, notice.message, '/profile');
  } catch (err) {
    deps.logger.error({ err, guardProfileId, action: AUDIT_ACTIONS[decision.kind] }, 'guard decision notification failed');
  }
  return true;
}

let fallbackLogger: Logger | undefined;

/** decideGuard without an actor (the demo seed and tests): approve, or reject with an optional reason. */
export async function setGuardApproval(
  db: Database,
  guardProfileId: string,
  approved: boolean,
  reason?: string,
  now: Date = new Date(),
  logger: Logger = (fallbackLogger ??= createLogger('info')),
): Promise<void> {
  const decision: GuardDecision = approved ? { kind: 'approve' } : { kind: 'reject', reason: reason ?? null };
  await decideGuard({ db, logger }, guardProfileId, decision, { actor: null, now });
}
