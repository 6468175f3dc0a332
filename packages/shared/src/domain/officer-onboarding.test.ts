import { describe, expect, it } from 'vitest';
import type { GuardStatus } from '../constants.ts';
import type { GuardCredentialFacts } from './guard-credentials.ts';
import {
  isDeploymentReady,
  officerBadge,
  officerTab,
  stageChangeProblem,
  type OfficerBadge,
  type OfficerTab,
  type OnboardingStage,
} from './officer-onboarding.ts';

const facts = (status: GuardStatus, onboardingComplete = false, fitForDuty = false) => ({
  status,
  approved: status === 'approved',
  onboardingComplete,
  fitForDuty,
});

describe('officer tabs and badges (§4)', () => {
  it.each<[GuardStatus, boolean, boolean, OfficerTab | null, OfficerBadge]>([
    ['pending', false, false, 'pending', 'Pending'],
    ['pending_approval', false, false, 'pending', 'Pending'],
    // Flags set before approval change neither the tab nor the badge.
    ['pending', true, true, 'pending', 'Pending'],
    ['approved', false, false, 'onboarding', 'Approved'],
    ['approved', false, true, 'onboarding', 'Approved'],
    ['approved', true, true, 'ready', 'Deployment Ready'],
    // Complete but not fit for duty: in no tab, exactly as §4's rules read.
    ['approved', true, false, null, 'Approved'],
    ['rejected', false, false, 'rejected', 'Rejected'],
    // Rejected wins over everything, even flags left from an earlier onboarding.
    ['rejected', true, true, 'rejected', 'Rejected'],
  ])('%s, complete %s, fit %s: tab %s, badge %s', (status, complete, fit, tab, badge) => {
    expect(officerTab(facts(status, complete, fit))).toBe(tab);
    expect(officerBadge(facts(status, complete, fit))).toBe(badge);
  });
});

const TODAY = '2026-11-27';
const valid: GuardCredentialFacts = {
  psraLicenceNumber: 'PSRA/G/2023/000988',
  psraLicenceExpiresOn: '2027-09-23',
  policeClearanceIssuedOn: '2025-11-18',
  policeClearanceExpiresOn: '2027-11-18',
};
// Mercy Chebet Langat's: the clearance ran out nine days ago.
const clearanceExpired: GuardCredentialFacts = { ...valid, policeClearanceExpiresOn: '2026-11-18' };
const noClearance: GuardCredentialFacts = { ...valid, policeClearanceIssuedOn: null, policeClearanceExpiresOn: null };

describe('switching an onboarding stage while the credentials do not hold', () => {
  it.each<[string, OnboardingStage, boolean, GuardCredentialFacts, string | null]>([
    ['fit for duty on, clearance expired', 'fitForDuty', true, clearanceExpired, 'Not deployment ready: The police clearance expired on Nov 18, 2026.'],
    [
      'onboarding complete on, clearance expired',
      'onboardingComplete',
      true,
      clearanceExpired,
      'Not deployment ready: The police clearance expired on Nov 18, 2026.',
    ],
    ['fit for duty on, no clearance', 'fitForDuty', true, noClearance, 'Not deployment ready: No police clearance is on record.'],
    ['fit for duty on, credentials valid', 'fitForDuty', true, valid, null],
    ['onboarding complete on, credentials valid', 'onboardingComplete', true, valid, null],
    ['fit for duty off, clearance expired', 'fitForDuty', false, clearanceExpired, null],
    ['onboarding complete off, clearance expired', 'onboardingComplete', false, clearanceExpired, null],
    ['signed contract on, clearance expired', 'signedContract', true, clearanceExpired, null],
    ['documents verified on, no clearance', 'documentsVerified', true, noClearance, null],
  ])('%s', (_name, stage, value, credentials, expected) => {
    expect(stageChangeProblem(stage, value, credentials, TODAY)).toBe(expected);
  });

  it('holds the day the clearance expires, and refuses the day after', () => {
    expect(stageChangeProblem('fitForDuty', true, clearanceExpired, '2026-11-18')).toBeNull();
    expect(stageChangeProblem('fitForDuty', true, clearanceExpired, '2026-11-19')).toMatch(/expired on Nov 18, 2026\.$/);
  });
});

describe('Deployment Ready: through onboarding, with credentials holding that day', () => {
  const done = { approved: true, onboardingComplete: true, fitForDuty: true };
  it.each<[string, Partial<typeof done>, GuardCredentialFacts, boolean]>([
    ['approved, onboarding complete, fit for duty, credentials valid', {}, valid, true],
    ['not approved', { approved: false }, valid, false],
    ['onboarding not complete (contract unsigned)', { onboardingComplete: false }, valid, false],
    ['not fit for duty', { fitForDuty: false }, valid, false],
    ['approved only', { onboardingComplete: false, fitForDuty: false }, valid, false],
    ['clearance expired', {}, clearanceExpired, false],
    ['no clearance', {}, noClearance, false],
  ])('%s: %s', (_name, flags, credentials, ready) => {
    expect(isDeploymentReady({ ...done, ...flags, ...credentials }, TODAY)).toBe(ready);
  });
});
