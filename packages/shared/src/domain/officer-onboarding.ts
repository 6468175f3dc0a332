/**
 * Officer onboarding (the console's Officer Onboarding view): which tab a guard is listed under and
 * which badge they wear, exactly as the specification's §4 states them. The server's SQL for the
 * tabs mirrors officerTab (modules/admin/admin-officers.repo.ts), and its tests hold both to the
 * same table.
 */
import type { GuardStatus } from '../constants.ts';

export const OFFICER_TABS = ['pending', 'onboarding', 'ready', 'rejected'] as const;
export type OfficerTab = (typeof OFFICER_TABS)[number];

export const OFFICER_TAB_LABELS: Record<OfficerTab, string> = {
  pending: 'Pending',
  onboarding: 'Onboarding',
  ready: 'Deployment Ready',
  rejected: 'Rejected',
};

export const OFFICER_BADGES = ['Rejected', 'Deployment Ready', 'Approved', 'Pending'] as const;
export type OfficerBadge = (typeof OFFICER_BADGES)[number];

/** The onboarding stages an admin ticks off, in the order the console shows them (none is enforced). */
export const ONBOARDING_STAGES = [
  'documentsVerified',
  'reportedToOffice',
  'passedAlcoholTest',
  'signedContract',
  'fitForDuty',
  'onboardingComplete',
] as const;
export type OnboardingStage = (typeof ONBOARDING_STAGES)[number];

export const ONBOARDING_STAGE_LABELS: Record<OnboardingStage, string> = {
  documentsVerified: 'Documents verified',
  reportedToOffice: 'Reported to office',
  passedAlcoholTest: 'Passed alcohol test',
  signedContract: 'Signed contract',
  fitForDuty: 'Fit for duty',
  onboardingComplete: 'Onboarding complete',
};

export type OnboardingFlags = Record<OnboardingStage, boolean>;

export interface OfficerFacts {
  status: GuardStatus;
  approved: boolean;
  onboardingComplete: boolean;
  fitForDuty: boolean;
}

const isDeploymentReady = (f: OfficerFacts): boolean => f.approved && f.onboardingComplete && f.fitForDuty;

/**
 * The tab a guard is listed under, or null. The four rules of §4 are kept as written, so one guard
 * falls in none of them: approved with onboarding complete but not fit for duty (onboarding is no
 * longer "not complete", and Deployment Ready needs fit for duty). Such a guard still wears the
 * Approved badge in the Guards view. The database's approved = (status = 'approved') check keeps
 * the tabs from overlapping.
 */
export function officerTab(f: OfficerFacts): OfficerTab | null {
  if (f.status === 'pending' || f.status === 'pending_approval') return 'pending';
  if (f.status === 'rejected') return 'rejected';
  if (f.approved && !f.onboardingComplete) return 'onboarding';
  if (isDeploymentReady(f)) return 'ready';
  return null;
}

/** Badge precedence: Rejected, then Deployment Ready, then Approved, then Pending. */
export function officerBadge(f: OfficerFacts): OfficerBadge {
  if (f.status === 'rejected') return 'Rejected';
  if (isDeploymentReady(f)) return 'Deployment Ready';
  if (f.approved) return 'Approved';
  return 'Pending';
}

/**
 * Whether setting `stage` to `value` makes the guard Deployment Ready: the moment the console must
 * check the PSRA licence and police clearance (a guard without them is never Deployment Ready).
 */
export function becomesDeploymentReady(f: OfficerFacts, stage: OnboardingStage, value: boolean): boolean {
  if (!value || (stage !== 'fitForDuty' && stage !== 'onboardingComplete')) return false;
  return isDeploymentReady({ ...f, [stage]: true });
}
