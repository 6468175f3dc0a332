import { describe, expect, it } from 'vitest';
import { formatCourseDay, spotsLeftWarning, weeksText } from './course-format.ts';

describe('course wording', () => {
  it('writes a calendar day as MMM dd, yyyy, with the day on two digits', () => {
    expect(formatCourseDay('2027-03-09')).toBe('Mar 09, 2027');
    expect(formatCourseDay('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('says weeks in the singular for one', () => {
    expect(weeksText(1)).toBe('1 week');
    expect(weeksText(6)).toBe('6 weeks');
  });

  it.each([
    ['Open for Enrollment', 9, 'Only 9 spots left'],
    ['Open for Enrollment', 1, 'Only 1 spot left'],
    ['Open for Enrollment', 0, 'Only 0 spots left'],
    ['Open for Enrollment', 10, null],
    ['Upcoming', 3, null],
    ['Ongoing', 2, null],
    ['Completed', 0, null],
  ] as const)('%s with %i spots left warns: %s', (statusLabel, spotsLeft, expected) => {
    expect(spotsLeftWarning({ statusLabel, spotsLeft })).toBe(expected);
  });
});
