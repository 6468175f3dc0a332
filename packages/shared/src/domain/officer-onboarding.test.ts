import { describe, expect, it } from 'vitest';
import type { GuardStatus } from '../constants.ts';
import { becomesDeploymentReady, officerBadge, officerTab, type OfficerBadge, type OfficerTab } from './officer-onboarding.ts';

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

describe('the stage change that makes a guard Deployment Ready', () => {
  it.each([
    ['fit for duty on, already complete', facts('approved', true, false), 'fitForDuty', true, true],
    ['complete on, already fit', facts('approved', false, true), 'onboardingComplete', true, true],
    ['fit for duty on, not complete', facts('approved', false, false), 'fitForDuty', true, false],
    ['turning a flag off', facts('approved', true, true), 'fitForDuty', false, false],
    ['another stage', facts('approved', true, true), 'signedContract', true, false],
    ['a guard not approved', facts('pending', true, false), 'fitForDuty', true, false],
  ] as const)('%s: %s', (_name, f, stage, value, expected) => {
    expect(becomesDeploymentReady(f, stage, value)).toBe(expected);
  });
});
