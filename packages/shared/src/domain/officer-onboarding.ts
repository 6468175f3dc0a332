/**
 * Officer onboarding (the console's Officer Onboarding view): which tab a guard is listed under and
 * which badge they wear, exactly as the specification's §4 states them. The server's SQL for the
 * tabs mirrors officerTab (modules/guards/admin-officers.repo.ts), and its tests hold both to the
 * same table.
 */
import type { GuardStatus } from '../constants.ts';
import { credentialProblem, type GuardCredentialFacts } from './guard-credentials.ts';

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

/**
 * §4's Deployment Ready flags: approved, onboarding complete and fit for duty. The database keeps the
 * same in guards.deployment_ready (a generated column) for the lists' indexes and counts.
 */
export const onboardedForDeployment = (f: Pick<OfficerFacts, 'approved' | 'onboardingComplete' | 'fitForDuty'>): boolean =>
  f.approved && f.onboardingComplete && f.fitForDuty;

/** What decides whether a guard is Deployment Ready on a day: the flags and the credentials. */
export type DeploymentFacts = Pick<OfficerFacts, 'approved' | 'onboardingComplete' | 'fitForDuty'> & GuardCredentialFacts;

/**
 * Deployment Ready on `day` (a Nairobi calendar day): through onboarding (§4) with a PSRA licence and
 * a police clearance holding that day (DECISIONS: Guard credentials). The one rule for which guards
 * clients see on the list and the profile, may book, and the console may put on a booking; the SQL
 * of those (guards.repo, booking-create.repo, booking-staffing.repo) states the same and their
 * tests hold each to this function.
 */
export const isDeploymentReady = (f: DeploymentFacts, day: string): boolean => onboardedForDeployment(f) && credentialProblem(f, day) === null;

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
  if (onboardedForDeployment(f)) return 'ready';
  return null;
}

/** Badge precedence: Rejected, then Deployment Ready, then Approved, then Pending. */
export function officerBadge(f: OfficerFacts): OfficerBadge {
  if (f.status === 'rejected') return 'Rejected';
  if (onboardedForDeployment(f)) return 'Deployment Ready';
  if (f.approved) return 'Approved';
  return 'Pending';
}

/** The stages that say a guard may work: switched on only while the PSRA licence and police clearance hold. */
export const DUTY_STAGES: readonly OnboardingStage[] = ['fitForDuty', 'onboardingComplete'];

/**
 * Why switching `stage` to `value` is refused on `today`, or null. 'Fit for duty' and 'Onboarding
 * complete' are each refused while the guard's licence or clearance is missing or expired, whichever
 * comes first and whether or not the guard is approved; switching them off, and every other stage,
 * is never refused (§4 enforces no order).
 */
export function stageChangeProblem(stage: OnboardingStage, value: boolean, credentials: GuardCredentialFacts, today: string): string | null {
  if (!value || !DUTY_STAGES.includes(stage)) return null;
  const problem = credentialProblem(credentials, today);
  return problem ? `Not deployment ready: ${problem}` : null;
}
