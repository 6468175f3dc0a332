import { describe, expect, it } from 'vitest';
import {
  bookingCredentialProblem,
  credentialProblem,
  credentialStatuses,
  credentialsValidUntil,
  reminderDueOn,
  type GuardCredentialFacts,
} from './guard-credentials.ts';

const valid: GuardCredentialFacts = {
  psraLicenceNumber: 'PSRA/2026/00123',
  psraLicenceExpiresOn: '2027-06-30',
  policeClearanceIssuedOn: '2026-01-10',
  policeClearanceExpiresOn: '2027-01-10',
};

describe('guard credentials', () => {
  it.each([
    ['both hold', valid, null],
    ['no licence number', { ...valid, psraLicenceNumber: '  ' }, 'No PSRA licence is on record.'],
    ['no clearance', { ...valid, policeClearanceIssuedOn: null }, 'No police clearance is on record.'],
    ['licence expired', { ...valid, psraLicenceExpiresOn: '2026-11-24' }, 'The PSRA licence expired on Nov 24, 2026.'],
    ['clearance expired', { ...valid, policeClearanceExpiresOn: '2026-11-01' }, 'The police clearance expired on Nov 01, 2026.'],
    [
      'missing is named before expired',
      { ...valid, psraLicenceExpiresOn: '2026-01-01', policeClearanceIssuedOn: null },
      'No police clearance is on record.',
    ],
  ])('%s', (_name, facts, problem) => {
    expect(credentialProblem(facts, '2026-11-25')).toBe(problem);
  });

  it('counts the expiry day itself as valid and the day after as expired', () => {
    const facts = { ...valid, psraLicenceExpiresOn: '2026-11-25' };
    expect(credentialProblem(facts, '2026-11-25')).toBeNull();
    expect(credentialProblem(facts, '2026-11-26')).toBe('The PSRA licence expired on Nov 25, 2026.');
  });

  it('marks a credential expiring within 30 days', () => {
    const [licence, clearance] = credentialStatuses({ ...valid, policeClearanceExpiresOn: '2026-12-25' }, '2026-11-25');
    expect(licence.state).toBe('valid');
    expect(clearance).toEqual({ credential: 'police_clearance', state: 'expiring', expiresOn: '2026-12-25', daysLeft: 30 });
  });

  it('holds until the earlier of the two expiry dates', () => {
    expect(credentialsValidUntil(valid)).toBe('2027-01-10');
    expect(credentialsValidUntil({ ...valid, psraLicenceExpiresOn: '2026-12-01' })).toBe('2026-12-01');
    expect(credentialsValidUntil({ ...valid, psraLicenceNumber: null })).toBeNull();
  });

  it('refuses a booking that runs past the last valid day, and one for a guard without credentials', () => {
    expect(bookingCredentialProblem(valid, '2026-11-25', '2027-01-10')).toBeNull();
    expect(bookingCredentialProblem(valid, '2026-11-25', '2027-01-11')).toMatch(/cannot be booked past Jan 10, 2027:/);
    expect(bookingCredentialProblem({ ...valid, psraLicenceExpiresOn: '2026-11-01' }, '2026-11-25', '2026-11-26')).toBe(
      'This guard cannot be booked at the moment: the PSRA licence expired on Nov 01, 2026.',
    );
  });

  it('dates the 30- and 7-day reminders', () => {
    expect(reminderDueOn('2027-01-10', 30)).toBe('2026-12-11');
    expect(reminderDueOn('2027-01-10', 7)).toBe('2027-01-03');
  });
});
