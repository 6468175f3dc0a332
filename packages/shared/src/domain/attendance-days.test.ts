import { describe, expect, it } from 'vitest';
import { ATTENDANCE_DAY_MESSAGES, attendanceChangeNeedsReason, attendanceDayProblem, attendanceDaysOf } from './attendance-days.ts';

// The CPO cohort of 9 November, ending 21 December.
const cohort = { startDate: '2026-11-09', endDate: '2026-12-21' };
const outside = 'Choose a day of this cohort, from Nov 09, 2026 to Dec 21, 2026.';

describe('attendanceDayProblem', () => {
  it.each([
    // day, today, problem
    ['2026-11-09', '2026-11-30', null],
    ['2026-11-30', '2026-11-30', null],
    ['2026-11-20', '2026-11-30', null],
    ['2026-12-21', '2027-01-15', null],
    ['2026-11-08', '2026-11-30', outside],
    ['2026-12-22', '2027-01-15', outside],
    ['2027-06-01', '2026-11-30', outside],
    ['2025-11-20', '2026-11-30', outside],
    ['2026-12-01', '2026-11-30', 'Dec 01, 2026 has not come yet: attendance is recorded on the day or after it.'],
    ['2026-12-07', '2026-11-30', 'Dec 07, 2026 has not come yet: attendance is recorded on the day or after it.'],
    ['2026-11-09', '2026-11-08', 'Nov 09, 2026 has not come yet: attendance is recorded on the day or after it.'],
  ])('%s, today %s → %s', (day, today, problem) => {
    expect(attendanceDayProblem(day, cohort, today)).toBe(problem);
  });

  it('names the cohort’s days in the product’s date format', () => {
    expect(ATTENDANCE_DAY_MESSAGES.outsideCohort({ startDate: '2027-01-04', endDate: '2027-02-15' })).toBe(
      'Choose a day of this cohort, from Jan 04, 2027 to Feb 15, 2027.',
    );
  });
});

describe('attendanceDaysOf', () => {
  it.each([
    ['2026-11-08', null],
    ['2026-11-09', { first: '2026-11-09', last: '2026-11-09' }],
    ['2026-11-30', { first: '2026-11-09', last: '2026-11-30' }],
    ['2026-12-21', { first: '2026-11-09', last: '2026-12-21' }],
    ['2027-03-01', { first: '2026-11-09', last: '2026-12-21' }],
  ])('today %s → %o', (today, days) => {
    expect(attendanceDaysOf(cohort, today)).toEqual(days);
  });
});

describe('attendanceChangeNeedsReason', () => {
  it.each([
    [0, false],
    [1, true],
    [12, true],
  ])('%i certificates issued → %s', (issued, needed) => {
    expect(attendanceChangeNeedsReason(issued)).toBe(needed);
  });
});
