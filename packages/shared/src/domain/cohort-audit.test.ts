import { describe, expect, it } from 'vitest';
import { auditDateFitsCohort, auditedStartMessage, cohortAuditRefusal, cohortHasStarted } from './cohort-audit.ts';

describe('when a cohort may be audited', () => {
  it.each([
    // [start date, audited, today (Nairobi), refusal]
    ['2026-09-14', false, '2026-09-07', 'not_started'],
    ['2026-09-14', false, '2026-09-13', 'not_started'],
    ['2026-09-14', false, '2026-09-14', null],
    ['2026-09-14', false, '2026-09-20', null],
    ['2026-09-14', false, '2026-12-01', null],
    ['2026-09-14', true, '2026-09-20', 'already_audited'],
    ['2026-09-14', true, '2026-09-07', 'already_audited'],
    ['2027-01-04', false, '2026-12-31', 'not_started'],
  ] as const)('starts %s, audited %s, on %s: %s', (startDate, audited, today, code) => {
    expect(cohortAuditRefusal({ startDate, audited }, today)?.code ?? null).toBe(code);
  });

  it('says when the cohort starts, in the product’s date format', () => {
    expect(cohortAuditRefusal({ startDate: '2027-03-01', audited: false }, '2027-02-20')?.message).toBe(
      'This cohort starts on Mar 01, 2027. It can be audited once it has started.',
    );
    expect(cohortAuditRefusal({ startDate: '2027-03-01', audited: true }, '2027-03-20')?.message).toBe('This cohort has already been audited.');
  });

  it('reads "started" as a Nairobi day', () => {
    expect(cohortHasStarted('2026-09-14', '2026-09-13')).toBe(false);
    expect(cohortHasStarted('2026-09-14', '2026-09-14')).toBe(true);
  });

  it.each([
    // [audited at (instant), cohort start, fits]
    ['2026-09-07T08:00:00Z', '2026-09-14', false],
    ['2026-09-13T20:59:59Z', '2026-09-14', false], // 23:59:59 on the 13th in Nairobi
    ['2026-09-13T21:00:00Z', '2026-09-14', true], // midnight on the 14th in Nairobi
    ['2026-09-20T09:00:00Z', '2026-09-14', true],
    ['2026-10-05T09:00:00Z', '2026-09-14', true], // after the cohort ended
  ] as const)('an audit at %s of a cohort starting %s fits: %s', (at, startDate, fits) => {
    expect(auditDateFitsCohort(new Date(at), startDate)).toBe(fits);
  });

  it('says why an audited cohort cannot start later', () => {
    expect(auditedStartMessage(new Date('2026-09-20T09:00:00Z'))).toBe('This cohort was audited on Sep 20, 2026; it cannot start later than that.');
  });
});
