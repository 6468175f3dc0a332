import { describe, expect, it } from 'vitest';
import { attendanceRate, attendanceRateLabel } from './attendance-rate.ts';

describe('attendanceRate', () => {
  it('counts present and late as attended and absent against', () => {
    expect(attendanceRate(['present', 'late', 'absent', 'present'])).toEqual({ attended: 3, counted: 4, rate: 75 });
  });

  it('leaves excused sessions out of the denominator', () => {
    expect(attendanceRate(['present', 'excused', 'absent', 'excused'])).toEqual({ attended: 1, counted: 2, rate: 50 });
  });

  it('has no rate while nothing countable is recorded', () => {
    expect(attendanceRate([])).toEqual({ attended: 0, counted: 0, rate: null });
    expect(attendanceRate(['excused'])).toEqual({ attended: 0, counted: 0, rate: null });
    expect(attendanceRateLabel(attendanceRate([]))).toBe('—');
  });

  it('rounds to a whole percentage', () => {
    expect(attendanceRate(['present', 'present', 'absent']).rate).toBe(67);
    expect(attendanceRateLabel(attendanceRate(['present', 'absent', 'absent']))).toBe('33%');
  });
});
